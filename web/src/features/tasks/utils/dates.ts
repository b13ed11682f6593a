import { TZDateMini } from '@date-fns/tz'

/**
 * Calendar days and wall-clock times of tasks, in the user's time zone.
 *
 * A task's day is its due_date (a calendar day, 'yyyy-MM-dd'), else the day
 * its due_time (an instant) falls on in the user's zone. Every bucket of the
 * task views (Today, Upcoming, overdue) compares such days with "today" in
 * that zone — never in UTC, never in the browser's zone when the user chose
 * another (the `timezone` preference).
 *
 * Calendar days are handled as 'yyyy-MM-dd' strings and counted with UTC
 * dates at noon, so adding days never trips over a DST change.
 */

/** 'yyyy-MM-dd' of a calendar day. */
export type IsoDay = string

/** The zone of the `timezone` preference when it is a zone this browser knows, else the browser's. */
export function resolveZone(preference: unknown): string {
  if (typeof preference === 'string' && preference.trim()) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: preference.trim() })
      return preference.trim()
    } catch {
      // An unknown zone name: fall back to the browser's.
    }
  }
  return browserZone()
}

export function browserZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0')

function isoOf(year: number, month0: number, day: number): IsoDay {
  return `${pad(year, 4)}-${pad(month0 + 1)}-${pad(day)}`
}

/** The calendar day an instant falls on in zone. */
export function dayIn(zone: string, instant: Date | string | number): IsoDay {
  const d = new TZDateMini(new Date(instant).getTime(), zone)
  return isoOf(d.getFullYear(), d.getMonth(), d.getDate())
}

/** Today in zone. */
export function todayIn(zone: string, now: Date = new Date()): IsoDay {
  return dayIn(zone, now)
}

/** The wall-clock time ('HH:mm', 24-hour) of an instant in zone. */
export function timeIn(zone: string, instant: Date | string | number): string {
  const d = new TZDateMini(new Date(instant).getTime(), zone)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`
}

function parseDay(day: IsoDay): { y: number; m: number; d: number } {
  const [y = 1970, m = 1, d = 1] = day.split('-').map(Number)
  return { y, m, d }
}

/** day + n calendar days. */
export function addDays(day: IsoDay, n: number): IsoDay {
  const { y, m, d } = parseDay(day)
  const t = new Date(Date.UTC(y, m - 1, d + n, 12))
  return isoOf(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate())
}

/** Whole calendar days from a to b (b − a). */
export function daysBetween(a: IsoDay, b: IsoDay): number {
  const pa = parseDay(a)
  const pb = parseDay(b)
  return Math.round((Date.UTC(pb.y, pb.m - 1, pb.d) - Date.UTC(pa.y, pa.m - 1, pa.d)) / 86_400_000)
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: IsoDay): number {
  const { y, m, d } = parseDay(day)
  return new Date(Date.UTC(y, m - 1, d, 12)).getUTCDay()
}

/** The instant of a wall-clock time ('HH:mm') on a calendar day in zone, as ISO text (UTC). */
export function instantOf(day: IsoDay, time: string, zone: string): string {
  const { y, m, d } = parseDay(day)
  const [h = 0, min = 0] = time.split(':').map(Number)
  return new Date(new TZDateMini(y, m - 1, d, h, min, zone).getTime()).toISOString()
}

type DueFields = { due_date: string | null; due_time: string | null }

/** The calendar day a task is due in zone, or null without a due date or time. */
export function taskDay(task: DueFields, zone: string): IsoDay | null {
  if (task.due_date) return task.due_date.slice(0, 10)
  if (task.due_time) return dayIn(zone, task.due_time)
  return null
}

/** Past its day, or past its time today. Completed tasks are never overdue. */
export function isOverdue(task: DueFields & { is_completed: boolean }, zone: string, now: Date = new Date()): boolean {
  if (task.is_completed) return false
  const day = taskDay(task, zone)
  if (!day) return false
  const today = todayIn(zone, now)
  if (day < today) return true
  return day === today && !!task.due_time && new Date(task.due_time).getTime() < now.getTime()
}

/** The 12-hour entry rule of 001 §5: hour 1 to 12, two-digit minutes, AM or PM; '' when invalid. */
export function fromTwelveHour(hour: string, minutes: string, meridiem: string): string {
  if (!/^\d{1,2}$/.test(hour.trim()) || !/^\d{2}$/.test(minutes.trim())) return ''
  const h = Number(hour)
  const m = Number(minutes)
  const ampm = meridiem.trim().toUpperCase()
  if (h < 1 || h > 12 || m > 59 || (ampm !== 'AM' && ampm !== 'PM')) return ''
  const h24 = ampm === 'AM' ? h % 12 : (h % 12) + 12
  return `${pad(h24)}:${pad(m)}`
}

/** 'HH:mm' as 12-hour parts. */
export function toTwelveHour(time: string): { hour: string; minutes: string; meridiem: 'AM' | 'PM' } {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return { hour: String(h % 12 === 0 ? 12 : h % 12), minutes: pad(m), meridiem: h < 12 ? 'AM' : 'PM' }
}

/**
 * A time typed as text: '2:30 pm', '2pm', '9 AM' (the 12-hour rule) or
 * '14:30' (hour 0 to 23, minute 0 to 59). '' when it is not a time.
 */
export function parseTimeText(text: string): string {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ')
  const twelve = /^(\d{1,2})(?::(\d{2}))? ?(a|p)\.?m?\.?$/.exec(t)
  if (twelve) return fromTwelveHour(twelve[1] ?? '', twelve[2] ?? '00', twelve[3] === 'a' ? 'AM' : 'PM')
  const plain = /^(\d{1,2}):(\d{2})$/.exec(t)
  if (!plain) return ''
  const h = Number(plain[1])
  const m = Number(plain[2])
  return h <= 23 && m <= 59 ? `${pad(h)}:${pad(m)}` : ''
}

/** The time picker's quick picks: every 30 minutes of the day (001 §9). */
export const TIME_QUICK_PICKS: readonly string[] = Array.from({ length: 48 }, (_, i) => `${pad(Math.floor(i / 2))}:${i % 2 ? '30' : '00'}`)

export type DefaultDateForTime = 'today' | 'tomorrow' | 'next_workday'

/** tasks.creation.defaultDateForTime (001 §3): the day a time without a date goes to. */
export function defaultDateForTime(setting: unknown, today: IsoDay): IsoDay {
  if (setting === 'tomorrow') return addDays(today, 1)
  if (setting === 'next_workday') {
    let day = addDays(today, 1)
    while (weekday(day) === 0 || weekday(day) === 6) day = addDays(day, 1)
    return day
  }
  return today
}

/** The 7 days of Upcoming (001 §4): today and the six after it. */
export const UPCOMING_DAYS = 7

export function upcomingDays(today: IsoDay): IsoDay[] {
  return Array.from({ length: UPCOMING_DAYS }, (_, i) => addDays(today, i))
}

const FORMATS = {
  md: { month: 'short', day: 'numeric', timeZone: 'UTC' },
  mdy: { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' },
  weekday: { weekday: 'long', timeZone: 'UTC' },
  wd: { weekday: 'short', timeZone: 'UTC' },
  time: { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>
const formatters = new Map<string, Intl.DateTimeFormat>()

/**
 * One Intl.DateTimeFormat per locale and format, kept: toLocaleDateString
 * with options builds a new one on every call (a fraction of a ms each,
 * paid by every row and heading a list draws).
 */
function formatter(locale: string | undefined, format: keyof typeof FORMATS): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${format}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(locale, FORMATS[format])
    formatters.set(key, f)
  }
  return f
}

function dayDate(day: IsoDay): Date {
  const { y, m, d } = parseDay(day)
  return new Date(Date.UTC(y, m - 1, d, 12))
}

/** 'Dec 5' (with the year when it is not this year's). */
export function shortDate(day: IsoDay, today: IsoDay, locale?: string): string {
  const sameYear = day.slice(0, 4) === today.slice(0, 4)
  return formatter(locale, sameYear ? 'md' : 'mdy').format(dayDate(day))
}

function weekdayName(day: IsoDay, locale?: string, style: 'long' | 'short' = 'long'): string {
  return formatter(locale, style === 'long' ? 'weekday' : 'wd').format(dayDate(day))
}

/** A day as the lists name it: Today, Tomorrow, Yesterday, a weekday within the week ahead, else the date. */
export function relativeDay(day: IsoDay, today: IsoDay, locale?: string): string {
  const diff = daysBetween(today, day)
  if (diff === 0) return 'Today'
  if (diff === 1) return 'Tomorrow'
  if (diff === -1) return 'Yesterday'
  if (diff > 1 && diff < 7) return weekdayName(day, locale)
  return shortDate(day, today, locale)
}

/** A section heading: 'Today · Thu, Dec 4', 'Saturday · Dec 6'. */
export function dayHeading(day: IsoDay, today: IsoDay, locale?: string): string {
  const rel = relativeDay(day, today, locale)
  const date = `${weekdayName(day, locale, 'short')}, ${shortDate(day, today, locale)}`
  return rel === shortDate(day, today, locale) ? date : `${rel} · ${date}`
}

/** A wall-clock time for display, in the locale's style ('2:30 PM' or '14:30'). */
export function displayTime(time: string, locale?: string): string {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return formatter(locale, 'time').format(new Date(Date.UTC(2000, 0, 1, h, m)))
}

export type DueLabel = { text: string; tone: 'overdue' | 'today' | 'upcoming' | 'later' }

/** The due text of a task row: relative day, with the time when there is one; red when overdue. */
export function dueLabel(
  task: DueFields & { is_completed: boolean },
  zone: string,
  now: Date = new Date(),
  locale?: string,
): DueLabel | null {
  const day = taskDay(task, zone)
  if (!day) return null
  const today = todayIn(zone, now)
  let text = relativeDay(day, today, locale)
  if (task.due_time) text += ` ${displayTime(timeIn(zone, task.due_time), locale)}`
  const diff = daysBetween(today, day)
  const tone = isOverdue(task, zone, now) ? 'overdue' : diff === 0 ? 'today' : diff < 7 ? 'upcoming' : 'later'
  return { text, tone }
}

/**
 * 'Auto-saved' with a relative time (001 §4): Just now, minutes, hours,
 * Yesterday, then the date.
 */
export function savedAgo(saved: Date, now: Date, zone: string, locale?: string): string {
  const seconds = Math.max(0, (now.getTime() - saved.getTime()) / 1000)
  const savedDay = dayIn(zone, saved)
  const today = todayIn(zone, now)
  if (seconds < 60) return 'Just now'
  if (seconds < 3600) {
    const n = Math.floor(seconds / 60)
    return `${n} minute${n === 1 ? '' : 's'} ago`
  }
  if (savedDay === today) {
    const n = Math.floor(seconds / 3600)
    return `${n} hour${n === 1 ? '' : 's'} ago`
  }
  if (daysBetween(savedDay, today) === 1) return 'Yesterday'
  return shortDate(savedDay, today, locale)
}

/** The weeks of a month as calendar days, Monday first (a date picker's grid). */
export function monthGrid(month: IsoDay): IsoDay[][] {
  const first = `${month.slice(0, 7)}-01`
  const back = (weekday(first) + 6) % 7
  let day = addDays(first, -back)
  const weeks: IsoDay[][] = []
  do {
    const week: IsoDay[] = []
    for (let i = 0; i < 7; i++) {
      week.push(day)
      day = addDays(day, 1)
    }
    weeks.push(week)
  } while (day.slice(0, 7) === month.slice(0, 7))
  return weeks
}

/** 'December 2026'. */
export function monthTitle(month: IsoDay, locale?: string): string {
  return dayDate(`${month.slice(0, 7)}-01`).toLocaleDateString(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' })
}

/** The first day of the month after (n = 1) or before (n = −1). */
export function addMonths(month: IsoDay, n: number): IsoDay {
  const { y, m } = parseDay(month)
  const t = new Date(Date.UTC(y, m - 1 + n, 1, 12))
  return isoOf(t.getUTCFullYear(), t.getUTCMonth(), 1)
}
