import { describe, expect, it } from 'vitest'
import { RequestError } from './errors'
import { backoffDelay, queryRetryDelay, shouldRetryQuery } from './retry'

describe('query retry rules (spec 000 §8)', () => {
  it('never retries a network failure', () => {
    expect(shouldRetryQuery(0, new Error('TypeError: Failed to fetch'))).toBe(false)
    expect(shouldRetryQuery(0, new Error('NetworkError when attempting to fetch resource.'))).toBe(false)
  })

  it('retries other failures at most twice', () => {
    const err = new RequestError('boom', 'XX000', 500)
    expect([0, 1, 2].map((n) => shouldRetryQuery(n, err))).toEqual([true, true, false])
  })

  it('retries rate limits five times with backoff from 2 s, x1.5, at most 15 s', () => {
    const err = new RequestError('Too many requests', undefined, 429)
    expect([0, 4, 5].map((n) => shouldRetryQuery(n, err))).toEqual([true, true, false])
    expect([0, 1, 2, 3, 4, 5, 6].map(backoffDelay)).toEqual([2000, 3000, 4500, 6750, 10125, 15000, 15000])
    expect(queryRetryDelay(1, err)).toBe(3000)
  })
})
