import { describe, expect, it } from 'vitest'
import { suggestedNext } from './focus-actions'

const local = (y: number, m: number, d: number, h: number, min = 0) => new Date(y, m - 1, d, h, min).toISOString()
const work = (startedAt: string, endedAt: string | null, cycles: number, status = 'completed') => ({
  type: 'work',
  status,
  started_at: startedAt,
  ended_at: endedAt,
  completed_cycles: cycles,
})

describe('what Start begins next', () => {
  it('is a short break after a completed focus session', () => {
    const recent = [work(local(2026, 11, 26, 9), local(2026, 11, 26, 9, 25), 1)]
    expect(suggestedNext(recent, 4, new Date(2026, 10, 26, 9, 26))).toEqual({ type: 'short_break', cycles: 1 })
  })

  it('is a long break when the cycle count reaches the setting', () => {
    const recent = [work(local(2026, 11, 26, 11), local(2026, 11, 26, 11, 25), 4)]
    expect(suggestedNext(recent, 4, new Date(2026, 10, 26, 11, 30))).toEqual({ type: 'long_break', cycles: 4 })
  })

  it('still offers the break when the session ran past midnight', () => {
    const recent = [work(local(2026, 11, 26, 23, 50), local(2026, 11, 27, 0, 15), 1)]
    expect(suggestedNext(recent, 4, new Date(2026, 10, 27, 0, 16))).toEqual({ type: 'short_break', cycles: 1 })
  })

  it('starts a new run once the last session ended yesterday, over an hour ago', () => {
    const recent = [work(local(2026, 11, 26, 23), local(2026, 11, 26, 23, 25), 1)]
    expect(suggestedNext(recent, 4, new Date(2026, 10, 27, 0, 5))).toEqual({ type: 'short_break', cycles: 1 })
    expect(suggestedNext(recent, 4, new Date(2026, 10, 27, 0, 30))).toEqual({ type: 'work', cycles: 0 })
  })

  it('starts a new run with focus on a new day', () => {
    const recent = [work(local(2026, 11, 26, 9), local(2026, 11, 26, 9, 25), 3)]
    expect(suggestedNext(recent, 4, new Date(2026, 10, 27, 8))).toEqual({ type: 'work', cycles: 0 })
  })

  it('is focus after a break or a cancelled session', () => {
    const brk = { ...work(local(2026, 11, 26, 9, 25), local(2026, 11, 26, 9, 30), 1), type: 'short_break' }
    expect(suggestedNext([brk], 4, new Date(2026, 10, 26, 9, 31))).toEqual({ type: 'work', cycles: 1 })
    const cancelled = work(local(2026, 11, 26, 10), local(2026, 11, 26, 10, 5), 1, 'cancelled')
    expect(suggestedNext([cancelled], 4, new Date(2026, 10, 26, 10, 6))).toEqual({ type: 'work', cycles: 1 })
  })
})
