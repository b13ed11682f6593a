const MINUTE = 60_000
const HOUR = 60 * MINUTE

// One formatter per shape, made at its first use: toLocaleDateString with
// options builds a new ICU formatter on every call, which a list pays for
// each row it draws.
const formats: { [K in 'sameYear' | 'otherYear']?: Intl.DateTimeFormat } = {}
function formatDay(date: Date, shape: 'sameYear' | 'otherYear'): string {
  formats[shape] ??= new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', ...(shape === 'sameYear' ? {} : { year: 'numeric' }) })
  return formats[shape].format(date)
}

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
  return formatDay(then, then.getFullYear() === now.getFullYear() ? 'sameYear' : 'otherYear')
}

/** relativeTime inside a sentence ("Added just now"). */
export function relativeTimeInline(iso: string, now: Date = new Date()): string {
  const text = relativeTime(iso, now)
  return text === 'Just now' ? 'just now' : text
}
