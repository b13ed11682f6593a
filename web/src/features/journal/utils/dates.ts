import { localDay } from '@/lib/local-day'

/** A local calendar day as yyyy-MM-dd (002 §9: the entry date format). */
export const isoDay = localDay

/** The Date of a yyyy-MM-dd day, at local noon (no time-zone edge). */
export function dayDate(iso: string): Date {
  const [y = 1970, m = 1, d = 1] = iso.split('-').map(Number)
  return new Date(y, m - 1, d, 12)
}

export function addDays(iso: string, n: number): string {
  const d = dayDate(iso)
  d.setDate(d.getDate() + n)
  return isoDay(d)
}

/** 'November 2026' for a yyyy-MM-dd day. */
export function monthLabel(iso: string): string {
  return dayDate(iso).toLocaleDateString(undefined, { month: 'long', year: 'numeric' })
}

/** Entries grouped by month of their date, newest month first, order kept within a month. */
export function groupByMonth<T extends { date: string }>(items: readonly T[]): { month: string; label: string; items: T[] }[] {
  const groups: { month: string; label: string; items: T[] }[] = []
  for (const item of items) {
    const month = item.date.slice(0, 7)
    let g = groups[groups.length - 1]
    if (!g || g.month !== month) {
      g = groups.find((x) => x.month === month)
      if (!g) {
        g = { month, label: monthLabel(item.date), items: [] }
        groups.push(g)
      }
    }
    g.items.push(item)
  }
  return groups.sort((a, b) => (a.month < b.month ? 1 : a.month > b.month ? -1 : 0))
}
