import { describe, expect, it } from 'vitest'
import { relativeTime } from './relative-time'

describe('relativeTime', () => {
  const now = new Date(2026, 10, 26, 15, 0, 0)
  it.each([
    [new Date(2026, 10, 26, 14, 59, 30), 'Just now'],
    [new Date(2026, 10, 26, 14, 30, 0), '30 min ago'],
    [new Date(2026, 10, 26, 9, 0, 0), '6 h ago'],
    [new Date(2026, 10, 25, 23, 0, 0), 'Yesterday'],
  ])('%s is %s', (then, text) => {
    expect(relativeTime(then.toISOString(), now)).toBe(text)
  })
  it('gives older days as a date', () => {
    expect(relativeTime(new Date(2026, 10, 2).toISOString(), now)).toMatch(/2/)
    expect(relativeTime(new Date(2025, 0, 2).toISOString(), now)).toMatch(/2025/)
  })
})
