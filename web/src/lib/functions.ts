import { FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js'
import { RequestError, toRequestError } from './errors'
import { supabase } from './supabase'

/**
 * A server function's refusal (functions/): the text of its {"error": …}
 * (or {"message": …}) body, its `code` when it sent one, its status and
 * the whole body, so a caller can show what the server said ('Slack
 * webhook error: 404', 'Restore needs an empty account, …') rather than
 * supabase-js's generic message, and read fields of its own (a title).
 */
export class FunctionError extends RequestError {
  readonly body: Record<string, unknown> | null

  constructor(message: string, code: string | undefined, status: number | undefined, body: Record<string, unknown> | null) {
    super(message, code, status)
    this.name = 'FunctionError'
    this.body = body
  }
}

/**
 * The error of a failed functions.invoke as one RequestError: a
 * FunctionError when the function (or the relay) answered, else the
 * client's own error (a network failure) as a RequestError.
 */
export async function functionError(error: unknown): Promise<RequestError> {
  if (error instanceof FunctionsHttpError || error instanceof FunctionsRelayError) {
    const res = error.context as Response
    const body: unknown = await res
      .clone()
      .json()
      .catch(() => null)
    const b = body && typeof body === 'object' ? (body as Record<string, unknown>) : null
    const text = typeof b?.error === 'string' ? b.error : typeof b?.message === 'string' ? b.message : error.message
    return new FunctionError(text, typeof b?.code === 'string' ? b.code : undefined, res.status, b)
  }
  return toRequestError(error)
}

export type InvokeOptions = { method?: 'GET' | 'POST'; headers?: Record<string, string>; signal?: AbortSignal }

/**
 * Calls a server function through supabase-js and returns its answer; a
 * failure throws what functionError makes of it. The one way the app calls
 * functions/, so every refusal reads the same.
 */
export async function invokeFunction<T>(name: string, body?: unknown, options: InvokeOptions = {}): Promise<T> {
  const { data, error } = await supabase.functions.invoke<T>(name, {
    ...(options.method === 'GET' ? { method: 'GET' as const } : { body: body === undefined ? {} : (body as Record<string, unknown>) }),
    headers: options.headers,
    signal: options.signal,
  })
  if (error) throw await functionError(error)
  return data as T
}
