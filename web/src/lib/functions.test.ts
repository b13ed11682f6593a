import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { RequestError } from './errors'
import { FunctionError, functionError } from './functions'

const answer = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'application/json' } })

describe('functionError', () => {
  it('reads the text, code and status of the function’s own refusal', async () => {
    const e = await functionError(new FunctionsHttpError(answer(403, '{"error":"Admins only","code":"not_admin","title":"No"}')))
    expect(e).toBeInstanceOf(FunctionError)
    expect({ message: e.message, code: e.code, status: e.status }).toEqual({ message: 'Admins only', code: 'not_admin', status: 403 })
    expect((e as FunctionError).body).toEqual({ error: 'Admins only', code: 'not_admin', title: 'No' })
  })

  it('takes a message body when there is no error field', async () => {
    const e = await functionError(new FunctionsRelayError(answer(502, '{"message":"Function crashed"}')))
    expect({ message: e.message, status: e.status }).toEqual({ message: 'Function crashed', status: 502 })
  })

  it('keeps the client’s text when the body is not JSON', async () => {
    const e = await functionError(new FunctionsHttpError(new Response('oops', { status: 500 })))
    expect(e.message).toBe('Edge Function returned a non-2xx status code')
    expect(e.status).toBe(500)
  })

  it('leaves the body readable for a caller that wants it again', async () => {
    const res = answer(400, '{"error":"Bad"}')
    await functionError(new FunctionsHttpError(res))
    await expect(res.json()).resolves.toEqual({ error: 'Bad' })
  })

  it('turns a failure of the connection into a RequestError', async () => {
    const e = await functionError(new FunctionsFetchError(new TypeError('Failed to fetch')))
    expect(e).toBeInstanceOf(RequestError)
    expect(e).not.toBeInstanceOf(FunctionError)
    expect(e.message).toBe('Failed to send a request to the Edge Function')
  })
})
