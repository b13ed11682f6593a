const MINUTE = 60_000
const HOUR = 60 * MINUTE

/**
 * When something happened, as the app says it (002 §4's steps for
 * activity): 'Just now', minutes, hours, 'Yesterday', then the date.
 */
export function relativeTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso)
  const ms = now.getTime() - then.getTime()
  if (ms < MINUTE) return 'Just now'
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min ago`
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime()
  if (then.getTime() >= startOfToday) return `${Math.floor(ms / HOUR)} h ago`
  if (then.getTime() >= startOfToday - 24 * HOUR) return 'Yesterday'
  const sameYear = then.getFullYear() === now.getFullYear()
  return then.toLocaleDateString(undefined, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) })
}

/** relativeTime inside a sentence ("Added just now"). */
export function relativeTimeInline(iso: string, now: Date = new Date()): string {
  const text = relativeTime(iso, now)
  return text === 'Just now' ? 'just now' : text
}
