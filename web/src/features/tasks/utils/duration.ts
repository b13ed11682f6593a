/**
 * How long a timed task lasts (tasks.duration_minutes, migration 0762): the
 * edit pane's presets, how a duration reads, and what a typed one means.
 * The server holds 5 minutes to 24 hours (check tasks_duration_minutes_range).
 */

export const MIN_DURATION_MINUTES = 5
export const MAX_DURATION_MINUTES = 1440

/** The presets of the edit pane: 15, 30, 45 minutes, 1, 1.5 and 2 hours. */
export const DURATION_PRESETS: readonly number[] = [15, 30, 45, 60, 90, 120]

/** 45 → "45 min", 90 → "1 h 30 min", 120 → "2 h". */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  if (!h) return `${m} min`
  return m ? `${h} h ${m} min` : `${h} h`
}

/**
 * A duration typed by hand: "50" (minutes), "50m", "1.5h", "1h 30m",
 * "2:15" (hours and minutes), "90 min". null when it is not one, or is
 * outside what the server holds.
 */
export function parseDuration(text: string): number | null {
  const t = text.trim().toLowerCase().replace(/\s+/g, ' ')
  if (!t) return null
  let minutes: number | null = null
  const clock = /^(\d{1,2}):([0-5]\d)$/.exec(t)
  const parts = /^(?:(\d+(?:[.,]\d+)?) ?(?:h|hr|hrs|hours?))?(?: ?(\d+) ?(?:m|min|mins|minutes?)?)?$/.exec(t)
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2])
  else if (parts && (parts[1] || parts[2])) minutes = Math.round(Number((parts[1] ?? '0').replace(',', '.')) * 60) + Number(parts[2] ?? 0)
  if (minutes === null || !Number.isFinite(minutes)) return null
  return minutes >= MIN_DURATION_MINUTES && minutes <= MAX_DURATION_MINUTES ? minutes : null
}
