/**
 * One error type for everything a fetcher throws, so react-query, toasts and
 * the paywall read the same fields whatever the backend call was.
 */
export class RequestError extends Error {
  /** PostgREST code (PGRST116, 23505, P0001…) or GoTrue error_code. */
  readonly code: string | undefined
  /** HTTP status when known. */
  readonly status: number | undefined

  constructor(message: string, code?: string, status?: number) {
    super(message)
    this.name = 'RequestError'
    this.code = code
    this.status = status
  }
}

type ErrorLike = { message?: unknown; code?: unknown; status?: unknown }

/** Turns whatever a supabase-js call returned as `error` into a RequestError. */
export function toRequestError(error: unknown, status?: number): RequestError {
  if (error instanceof RequestError) return error
  if (error !== null && typeof error === 'object') {
    const e = error as ErrorLike
    const message = typeof e.message === 'string' && e.message ? e.message : 'An unexpected error occurred.'
    const code = typeof e.code === 'string' && e.code ? e.code : undefined
    const st = typeof e.status === 'number' ? e.status : status
    return new RequestError(message, code, st)
  }
  return new RequestError(typeof error === 'string' ? error : 'An unexpected error occurred.', undefined, status)
}

/** The data type of a supabase-js result once its error branch is ruled out. */
export type SuccessData<R> = R extends { error: null; data: infer D } ? D : never

/**
 * Unwraps a supabase-js result: throws its error (so react-query sees it) and
 * returns the data of the success branch otherwise.
 */
export function unwrap<R extends { data: unknown; error: unknown; status?: number }>(result: R): SuccessData<R> {
  if (result.error) throw toRequestError(result.error, result.status)
  return result.data as SuccessData<R>
}

/** The user-facing text of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message
  if (typeof error === 'string' && error) return error
  if (error !== null && typeof error === 'object') {
    const m = (error as ErrorLike).message
    if (typeof m === 'string' && m) return m
  }
  return 'An unexpected error occurred.'
}

function codeOf(error: unknown): string | undefined {
  if (error !== null && typeof error === 'object') {
    const c = (error as ErrorLike).code
    if (typeof c === 'string') return c
  }
  return undefined
}

function statusOf(error: unknown): number | undefined {
  if (error !== null && typeof error === 'object') {
    const s = (error as ErrorLike).status
    if (typeof s === 'number') return s
  }
  return undefined
}

const NETWORK_MESSAGES = ['failed to fetch', 'networkerror', 'network error', 'insufficient resources', 'load failed']

/** A failure of the connection itself rather than an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  const message = errorMessage(error).toLowerCase().replace(/_/g, ' ')
  return NETWORK_MESSAGES.some((m) => message.includes(m))
}

/** The server asked us to slow down (429) or its JWT check failed transiently (PGRST301). */
export function isRateLimitError(error: unknown): boolean {
  return statusOf(error) === 429 || codeOf(error) === 'PGRST301' || codeOf(error) === 'over_request_rate_limit'
}

/** PostgREST's "JSON object requested, multiple (or no) rows returned": treated as empty. */
export function isMissingRow(error: unknown): boolean {
  return codeOf(error) === 'PGRST116'
}

const PLAN_LIMIT = /limit reached for (free|pro|team) plan/i

/** A server-side plan cap, e.g. 'Task limit reached for Free plan'. */
export function isPlanLimitError(error: unknown): boolean {
  return PLAN_LIMIT.test(errorMessage(error))
}

/** The text for a toast: network failures get the spec's connection message. */
export function describeError(error: unknown): string {
  if (isNetworkError(error)) return 'Network connection issue. Please check your connection and try again.'
  return errorMessage(error)
}
