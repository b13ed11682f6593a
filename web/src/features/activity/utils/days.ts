import { localDay } from '@/lib/local-day'

// Activity by day, for the activity log page and a task's activity dialog.

/** The local day of an entry, 'yyyy-mm-dd'. */
const dayKey = (iso: string) => localDay(new Date(iso))

/** A day's heading: Today, Yesterday, else the weekday and date (the year when not this one). */
export function dayTitle(key: string, now: Date): string {
  const [y, m, d] = key.split('-').map(Number)
  const day = new Date(y ?? 0, (m ?? 1) - 1, d ?? 1)
  const today = new Date(now.getFullYear(), now.getMonth(), now.getDate())
  const diff = Math.round((today.getTime() - day.getTime()) / 86_400_000)
  if (diff === 0) return 'Today'
  if (diff === 1) return 'Yesterday'
  return day.toLocaleDateString(undefined, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    ...(day.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  })
}

/** Entries (newest first) in runs of one local day each. */
export function groupByDay<T extends { created_at: string }>(entries: readonly T[]): { key: string; entries: T[] }[] {
  const groups: { key: string; entries: T[] }[] = []
  for (const e of entries) {
    const key = dayKey(e.created_at)
    const last = groups[groups.length - 1]
    if (last && last.key === key) last.entries.push(e)
    else groups.push({ key, entries: [e] })
  }
  return groups
}

/** 'Created task "x"' after a name reads 'created task "x"'. */
export const asPredicate = (s: string) => (/^[A-Z][a-z]/.test(s) ? s[0]?.toLowerCase() + s.slice(1) : s)
