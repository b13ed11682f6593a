/**
 * Per-browser-session counters of 002 §5 ("Upload rate limits", "Note or
 * journal entry created from a task"), kept in sessionStorage so a reload
 * does not reset them. The server holds the same limits (storage/limits.go,
 * 0202's trigger); these only answer sooner, with the same texts.
 */
export const MINUTE = 60_000
export const HOUR = 60 * MINUTE
export const DAY = 24 * HOUR

export const UPLOADS_PER_MINUTE = 5
export const UPLOADS_PER_HOUR = 25
export const UPLOAD_BYTES_PER_DAY = 100 * 1024 * 1024
export const CREATIONS_PER_MINUTE = 10
export const CREATIONS_PER_HOUR = 50

export type Stamp = { at: number; bytes: number }

/** The stamps still inside the longest window (a day), oldest first. */
export function live(stamps: readonly Stamp[], now: number): Stamp[] {
  return stamps.filter((s) => now - s.at < DAY && s.at <= now)
}

function within(stamps: readonly Stamp[], now: number, window: number): Stamp[] {
  return stamps.filter((s) => now - s.at < window)
}

function formatMB(bytes: number): string {
  return `${(Math.max(0, bytes) / (1024 * 1024)).toFixed(1)} MB`
}

/**
 * Why these files may not start now, in 002 §5's words, or null. `sizes`
 * are the batch's files, `active` the uploads still running.
 */
export function uploadRateProblem(stamps: readonly Stamp[], sizes: readonly number[], active: number, now: number): string | null {
  if (active >= 3) return 'Too many concurrent uploads (max 3). Please wait for current uploads to complete.'
  if (within(stamps, now, MINUTE).length + sizes.length > UPLOADS_PER_MINUTE) return `Upload rate limit exceeded (max ${UPLOADS_PER_MINUTE} per minute).`
  if (within(stamps, now, HOUR).length + sizes.length > UPLOADS_PER_HOUR) return `Hourly upload limit exceeded (max ${UPLOADS_PER_HOUR} per hour).`
  const used = within(stamps, now, DAY).reduce((n, s) => n + s.bytes, 0)
  const wanted = sizes.reduce((n, s) => n + s, 0)
  if (used + wanted > UPLOAD_BYTES_PER_DAY) return `Daily upload size limit exceeded. Remaining: ${formatMB(UPLOAD_BYTES_PER_DAY - used)}`
  return null
}

/** Why another note or entry may not be created from a task now, or null. */
export function creationRateProblem(stamps: readonly Stamp[], now: number): string | null {
  if (within(stamps, now, MINUTE).length >= CREATIONS_PER_MINUTE) return 'Rate limit exceeded: too many creations in the last minute. Please wait.'
  if (within(stamps, now, HOUR).length >= CREATIONS_PER_HOUR) return 'Rate limit exceeded: too many creations in the last hour. Please try again later.'
  return null
}

/** A named list of stamps in sessionStorage (per browser session, 002 §5). */
export function sessionCounter(key: string) {
  const read = (): Stamp[] => {
    try {
      const raw = sessionStorage.getItem(key)
      const parsed: unknown = raw ? JSON.parse(raw) : []
      return Array.isArray(parsed) ? (parsed as Stamp[]).filter((s) => typeof s?.at === 'number' && typeof s?.bytes === 'number') : []
    } catch {
      return []
    }
  }
  return {
    read: (now = Date.now()) => live(read(), now),
    add(bytes: number, now = Date.now()) {
      const next = [...live(read(), now), { at: now, bytes }]
      try {
        sessionStorage.setItem(key, JSON.stringify(next))
      } catch {
        // A full or blocked storage only loses the early answer; the server still counts.
      }
    },
  }
}

export const uploadCounter = sessionCounter('daybase.uploads')
export const creationCounter = sessionCounter('daybase.contentCreations')
