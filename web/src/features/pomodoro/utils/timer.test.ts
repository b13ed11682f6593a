import { describe, expect, it } from 'vitest'
import {
  type TimedSession,
  breakAfter,
  currentStreak,
  endsAt,
  filledDots,
  formatClock,
  formatMinutes,
  pausedSecondsAfterResume,
  progress,
  remainingMs,
  ringBand,
  weekDays,
} from './timer'

const start = Date.parse('2026-11-26T09:00:00.000Z')
const at = (minutes: number) => start + minutes * 60_000
const session = (over: Partial<TimedSession> = {}): TimedSession => ({
  type: 'work',
  status: 'active',
  started_at: new Date(start).toISOString(),
  duration_minutes: 25,
  paused_duration_seconds: 0,
  paused_at: null,
  ...over,
})

describe('the remaining time', () => {
  it('is derived from the start, the duration and the pauses', () => {
    expect(remainingMs(session(), at(0))).toBe(25 * 60_000)
    expect(remainingMs(session(), at(10))).toBe(15 * 60_000)
    expect(remainingMs(session({ paused_duration_seconds: 120 }), at(10))).toBe(17 * 60_000)
    expect(progress(session(), at(5))).toBe(0.2)
  })

  it('stands still while paused, however long the pause (a laptop that slept)', () => {
    const paused = session({ status: 'paused', paused_at: new Date(at(10)).toISOString() })
    expect(remainingMs(paused, at(11))).toBe(15 * 60_000)
    expect(remainingMs(paused, at(600))).toBe(15 * 60_000)
    // Resuming 8 hours later adds the pause to the paused seconds.
    const resumed = session({ paused_duration_seconds: pausedSecondsAfterResume(paused, at(490)) })
    expect(resumed.paused_duration_seconds).toBe(480 * 60)
    expect(remainingMs(resumed, at(490))).toBe(15 * 60_000)
  })

  it('ends at the start plus the duration plus the pauses, never below zero', () => {
    expect(endsAt(session({ paused_duration_seconds: 90 }))).toBe(at(26.5))
    expect(remainingMs(session(), at(300))).toBe(0)
  })

  it('shows whole seconds counted up', () => {
    expect(formatClock(25 * 60_000)).toBe('25:00')
    expect(formatClock(59_001)).toBe('01:00')
    expect(formatClock(999)).toBe('00:01')
    expect(formatClock(0)).toBe('00:00')
    expect(formatMinutes(125)).toBe('2 h 5 min')
    expect(formatMinutes(45)).toBe('45 min')
    expect(formatMinutes(120)).toBe('2 h')
  })
})

describe('the cycle', () => {
  it('takes a long break when the completed cycles are divisible by the sessions until a long break', () => {
    expect([1, 2, 3, 4, 5, 8].map((c) => breakAfter(c, 4))).toEqual([
      'short_break',
      'short_break',
      'short_break',
      'long_break',
      'short_break',
      'long_break',
    ])
  })

  it('fills the dots of the round, all of them once a round completes', () => {
    expect(filledDots(0, 4, false)).toBe(0)
    expect(filledDots(3, 4, false)).toBe(3)
    expect(filledDots(4, 4, true)).toBe(4)
    expect(filledDots(4, 4, false)).toBe(0)
    expect(filledDots(6, 4, false)).toBe(2)
  })

  it('changes the ring colour at 50 % and 25 % remaining', () => {
    expect([0.9, 0.5, 0.3, 0.25, 0.1].map(ringBand)).toEqual(['calm', 'half', 'half', 'last', 'last'])
  })
})

describe('the calendar', () => {
  it('gives the week Monday first', () => {
    expect(weekDays(new Date(2026, 10, 26))).toEqual([
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
      '2026-11-27',
      '2026-11-28',
      '2026-11-29',
    ])
    expect(weekDays(new Date(2026, 10, 29))[0]).toBe('2026-11-23')
  })

  it("continues yesterday's streak until today has a session", () => {
    const row = (date: string, completed: number, streak: number) => ({
      date,
      completed_sessions: completed,
      current_streak: streak,
      longest_streak: streak,
    })
    expect(currentStreak([row('2026-11-25', 2, 3)], '2026-11-26')).toBe(3)
    expect(currentStreak([row('2026-11-25', 2, 3), row('2026-11-26', 1, 4)], '2026-11-26')).toBe(4)
    expect(currentStreak([row('2026-11-24', 2, 3)], '2026-11-26')).toBe(0)
    expect(currentStreak([row('2026-12-01', 0, 0), row('2026-11-30', 1, 2)], '2026-12-01')).toBe(2)
  })
})
