/**
 * tasks.recurrence is JSON text (001 §3): type daily, weekly, monthly,
 * yearly (or custom, from quick add) and an interval of 1 to 30; the server
 * (0530) reads daysOfWeek, weekOfMonth, endDate and from as well, and keeps
 * what it does not know. The repeat picker offers none, daily, weekly,
 * monthly and yearly (001 §9); the recurrence dialog sets the interval.
 */
export type RepeatType = 'daily' | 'weekly' | 'monthly' | 'yearly' | 'custom'

export type Recurrence = { type: RepeatType; interval: number } & Record<string, unknown>

export const REPEAT_TYPES: readonly { value: Exclude<RepeatType, 'custom'>; label: string; unit: string }[] = [
  { value: 'daily', label: 'Daily', unit: 'day' },
  { value: 'weekly', label: 'Weekly', unit: 'week' },
  { value: 'monthly', label: 'Monthly', unit: 'month' },
  { value: 'yearly', label: 'Yearly', unit: 'year' },
]

export const MIN_INTERVAL = 1
export const MAX_INTERVAL = 30

export function clampInterval(n: number): number {
  if (!Number.isFinite(n)) return MIN_INTERVAL
  return Math.min(MAX_INTERVAL, Math.max(MIN_INTERVAL, Math.round(n)))
}

const TYPES = new Set(['daily', 'weekly', 'monthly', 'yearly', 'custom'])

export function parseRecurrence(text: string | null | undefined): Recurrence | null {
  if (!text || !text.trim() || text.trim() === 'null') return null
  try {
    const v: unknown = JSON.parse(text)
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null
    const o = v as Record<string, unknown>
    if (typeof o.type !== 'string' || !TYPES.has(o.type)) return null
    const interval = typeof o.interval === 'number' ? clampInterval(o.interval) : 1
    return { ...o, type: o.type as RepeatType, interval }
  } catch {
    return null
  }
}

export function serializeRecurrence(r: Recurrence | null): string | null {
  return r ? JSON.stringify({ ...r, interval: clampInterval(r.interval) }) : null
}

const UNITS: Record<RepeatType, string> = { daily: 'day', weekly: 'week', monthly: 'month', yearly: 'year', custom: 'day' }
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** 'Every day', 'Every 2 weeks', 'Every week on Mon, Wed'. */
export function describeRecurrence(r: Recurrence | null): string {
  if (!r) return 'Does not repeat'
  const unit = UNITS[r.type]
  let text = r.interval === 1 ? `Every ${unit}` : `Every ${r.interval} ${unit}s`
  const days = Array.isArray(r.daysOfWeek) ? r.daysOfWeek.filter((d): d is number => typeof d === 'number' && d >= 0 && d <= 6) : []
  if (days.length) text += ` on ${days.map((d) => DAY_NAMES[d]).join(', ')}`
  if (typeof r.endDate === 'string' && r.endDate) text += ` until ${r.endDate.slice(0, 10)}`
  if (r.from === 'completion') text += ', from completion'
  return text
}
