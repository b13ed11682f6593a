import { localDay } from '@/lib/local-day'

/**
 * The focus timer's arithmetic (spec 000 §4, §9), pure so that every
 * device computes the same answer from the same session row: the remaining
 * time is derived from started_at, the duration and the paused seconds,
 * never counted down, so it stays exact when ticks come late (a background
 * tab, a laptop that slept).
 */

export type SessionType = 'work' | 'short_break' | 'long_break'
export type SessionStatus = 'active' | 'paused' | 'completed' | 'cancelled'

/** The columns of a pomodoro_sessions row the arithmetic reads. */
export type TimedSession = {
  type: SessionType
  status: SessionStatus
  started_at: string
  duration_minutes: number
  paused_duration_seconds: number
  paused_at: string | null
}

/** Settings ranges and defaults of spec 000 §9 (the server's CHECKs are the same). */
export const SETTING_RANGES = {
  work_duration: { min: 1, max: 60, default: 25, label: 'Focus', unit: 'minutes' },
  short_break_duration: { min: 1, max: 30, default: 5, label: 'Short break', unit: 'minutes' },
  long_break_duration: { min: 1, max: 60, default: 15, label: 'Long break', unit: 'minutes' },
  sessions_until_long_break: { min: 2, max: 10, default: 4, label: 'Sessions until a long break', unit: 'sessions' },
  daily_goal: { min: 1, max: 50, default: 8, label: 'Daily goal', unit: 'sessions' },
} as const

export type RangedSetting = keyof typeof SETTING_RANGES

/** Auto-start of the next session waits this long after one ends (000 §4). */
export const AUTO_START_DELAY_MS = 1000
/** The active-session poll (000 §9). */
export const ACTIVE_POLL_MS = 5000
/** Recent sessions shown (000 §9). */
export const RECENT_SESSIONS = 10

export const TYPE_LABELS: Record<SessionType, string> = {
  work: 'Focus',
  short_break: 'Short break',
  long_break: 'Long break',
}

const ms = (iso: string) => Date.parse(iso)

/** Milliseconds focused (or rested) so far: pauses do not count. */
export function elapsedMs(s: TimedSession, now: number): number {
  const until = s.status === 'paused' && s.paused_at ? ms(s.paused_at) : now
  return Math.max(0, until - ms(s.started_at) - s.paused_duration_seconds * 1000)
}

/** Milliseconds left, never below 0. */
export function remainingMs(s: TimedSession, now: number): number {
  return Math.max(0, s.duration_minutes * 60_000 - elapsedMs(s, now))
}

/** Share of the session done, 0..1. */
export function progress(s: TimedSession, now: number): number {
  return Math.min(1, elapsedMs(s, now) / (s.duration_minutes * 60_000))
}

/**
 * The moment a running session reaches 0: its start, plus its duration,
 * plus the time it was paused. Written as ended_at when it completes, so
 * a session completed late (the tab was asleep) still ends on time.
 */
export function endsAt(s: TimedSession): number {
  return ms(s.started_at) + s.duration_minutes * 60_000 + s.paused_duration_seconds * 1000
}

/** The paused seconds after resuming at now (the pause that ends is added). */
export function pausedSecondsAfterResume(s: TimedSession, now: number): number {
  const pausedFor = s.paused_at ? Math.max(0, Math.round((now - ms(s.paused_at)) / 1000)) : 0
  return s.paused_duration_seconds + pausedFor
}

/** mm:ss of a remaining time, counting whole seconds up (25:00 at the start, 00:00 only at the end). */
export function formatClock(remaining: number): string {
  const total = Math.ceil(remaining / 1000)
  const m = Math.floor(total / 60)
  const s = total % 60
  return `${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`
}

/** Minutes as '1 h 5 min', '45 min', '2 h'. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (h === 0) return `${m} min`
  return m === 0 ? `${h} h` : `${h} h ${m} min`
}

/** The ring's colour band: changes at 50 % and 25 % remaining (000 §4). */
export function ringBand(remainingShare: number): 'calm' | 'half' | 'last' {
  if (remainingShare <= 0.25) return 'last'
  if (remainingShare <= 0.5) return 'half'
  return 'calm'
}

/**
 * The break after a work session that brought the completed cycle count
 * to cycles: long when it is divisible by sessionsUntilLong (000 §4).
 */
export function breakAfter(cycles: number, sessionsUntilLong: number): SessionType {
  return cycles > 0 && cycles % sessionsUntilLong === 0 ? 'long_break' : 'short_break'
}

/** What follows a session of type that completed with the cycle count cycles. */
export function nextType(type: SessionType, cycles: number, sessionsUntilLong: number): SessionType {
  return type === 'work' ? breakAfter(cycles, sessionsUntilLong) : 'work'
}

/**
 * Filled cycle dots (of sessionsUntilLong): the cycles done in the current
 * round; all of them from the work session that completes a round until
 * the next work session starts.
 */
export function filledDots(cycles: number, sessionsUntilLong: number, roundComplete: boolean): number {
  const inRound = cycles % sessionsUntilLong
  return inRound === 0 && cycles > 0 && roundComplete ? sessionsUntilLong : inRound
}

/** yyyy-MM-dd of a date in the browser's time zone. */
export { localDay }

/** The seven days (yyyy-MM-dd) of the week of d, Monday first. */
export function weekDays(d: Date): string[] {
  const monday = new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7))
  return Array.from({ length: 7 }, (_, i) => localDay(new Date(monday.getFullYear(), monday.getMonth(), monday.getDate() + i)))
}

/** The day before a yyyy-MM-dd day. */
export function dayBefore(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return localDay(new Date(y, m - 1, d - 1))
}

type StatDay = { date: string; completed_sessions: number; current_streak: number; longest_streak: number }

/**
 * The streak as of today: today's when a session completed today, else
 * yesterday's (it continues if one completes today), else 0.
 */
export function currentStreak(stats: readonly StatDay[], today: string): number {
  const byDay = new Map(stats.map((s) => [s.date, s]))
  const t = byDay.get(today)
  if (t && t.completed_sessions > 0) return t.current_streak
  const y = byDay.get(dayBefore(today))
  return y && y.completed_sessions > 0 ? y.current_streak : 0
}

/** The best streak among the rows. */
export function longestStreak(stats: readonly StatDay[]): number {
  return stats.reduce((n, s) => Math.max(n, s.longest_streak, s.current_streak), 0)
}
