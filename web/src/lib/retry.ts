import { isNetworkError, isRateLimitError } from './errors'

/** Rate-limited reads: up to 5 retries, 2 s backoff growing ×1.5, at most 15 s. */
export const RATE_LIMIT_RETRIES = 5
/** Any other failed read is retried at most twice. */
export const QUERY_RETRIES = 2

export function backoffDelay(attempt: number): number {
  return Math.min(2000 * 1.5 ** attempt, 15_000)
}

/**
 * The retry rule of every query (spec 000 §8): never on a network failure
 * ('Failed to fetch', 'NetworkError'), five times with backoff on 429 and
 * PGRST301, otherwise at most twice.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (isNetworkError(error)) return false
  if (isRateLimitError(error)) return failureCount < RATE_LIMIT_RETRIES
  return failureCount < QUERY_RETRIES
}

export function queryRetryDelay(attempt: number, error: unknown): number {
  if (isRateLimitError(error)) return backoffDelay(attempt)
  return Math.min(1000 * 2 ** attempt, 30_000)
}
