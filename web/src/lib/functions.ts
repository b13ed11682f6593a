import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { RequestError } from './errors'
import { supabase } from './supabase'

/**
 * A server function's refusal (functions/): the text of its {"error": …}
 * (or {"message": …}) body, its code and status and the whole body, so a
 * caller can show what the server said ('Slack webhook error: 404',
 * 'Restore needs an empty account, …') rather than supabase-js's generic
 * message. The one place a function's error body is read.
 */
export class FunctionError extends RequestError {
  readonly body: Record<string, unknown> | null

  constructor(message: string, status: number | undefined, body: Record<string, unknown> | null) {
    super(message, typeof body?.code === 'string' ? body.code : undefined, status)
    this.name = 'FunctionError'
    this.body = body
  }
}

async function toFunctionError(error: unknown): Promise<Error> {
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    const res = error.context as Response
    const body: unknown = await res.clone().json().catch(() => null)
    const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : null
    const text = typeof b?.error === 'string' ? b.error : typeof b?.message === 'string' ? b.message : error.message
    return new FunctionError(text, res.status, b)
  }
  return error instanceof Error ? error : new Error(String(error))
}

export type InvokeOptions = { headers?: Record<string, string>; signal?: AbortSignal }

/** Calls a server function through supabase-js and returns its answer; a refusal throws a FunctionError. */
export async function invokeFunction<T>(name: string, body?: unknown, options: InvokeOptions = {}): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, {
    body: body === undefined ? {} : (body as Record<string, unknown>),
    headers: options.headers,
    signal: options.signal,
  })
  if (error) throw await toFunctionError(error)
  return data as T
}
