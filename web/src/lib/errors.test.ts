import { describe, expect, it } from 'vitest'
import {
  RequestError,
  describeError,
  isMissingRow,
  isNetworkError,
  isPlanLimitError,
  isRateLimitError,
  toRequestError,
  unwrap,
} from './errors'

describe('error classification', () => {
  it.each([
    ['TypeError: Failed to fetch', true],
    ['NetworkError when attempting to fetch resource.', true],
    ['net::ERR_INSUFFICIENT_RESOURCES', true],
    ['Invalid login credentials', false],
  ])('isNetworkError(%s) is %s', (message, want) => {
    expect(isNetworkError(new Error(message))).toBe(want)
  })

  it('knows the cap messages of every plan area', () => {
    expect(isPlanLimitError(new RequestError('Task limit reached for Free plan', 'P0001', 400))).toBe(true)
    expect(isPlanLimitError({ message: 'Journal limit reached for Free plan this month' })).toBe(true)
    expect(isPlanLimitError(new Error('Task not found'))).toBe(false)
  })

  it('treats 429 and PGRST301 as rate limits', () => {
    expect(isRateLimitError(new RequestError('slow down', undefined, 429))).toBe(true)
    expect(isRateLimitError(new RequestError('JWT', 'PGRST301'))).toBe(true)
    expect(isRateLimitError(new RequestError('bad', '23505', 409))).toBe(false)
  })

  it('treats PGRST116 as a missing row', () => {
    expect(isMissingRow({ code: 'PGRST116', message: 'no rows' })).toBe(true)
  })

  it('gives network failures the connection message', () => {
    expect(describeError(new Error('Failed to fetch'))).toBe(
      'Network connection issue. Please check your connection and try again.',
    )
    expect(describeError(new Error('Boom'))).toBe('Boom')
  })
})

describe('unwrap', () => {
  it('returns data when there is no error', () => {
    expect(unwrap({ data: [1, 2], error: null })).toEqual([1, 2])
  })

  it('throws a RequestError carrying code and status', () => {
    const result = { data: null, error: { message: 'Task limit reached for Free plan', code: 'P0001' }, status: 400 }
    expect(() => unwrap(result)).toThrow(RequestError)
    try {
      unwrap(result)
    } catch (e) {
      expect(e).toMatchObject({ message: 'Task limit reached for Free plan', code: 'P0001', status: 400 })
    }
  })

  it('keeps a message for errors without one', () => {
    expect(toRequestError({}).message).toBe('An unexpected error occurred.')
  })
})
