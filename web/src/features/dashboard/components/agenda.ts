/** A task as the dashboard shows it (the tasks feature's agenda rows have these columns). */
export type DashboardTask = {
  id: string
  title: string
  notes: string | null
  tags: string | null
  due_date: string | null
  due_time: string | null
  priority: number
  project_name: string | null
  project_color: string | null
}

/** Priority dot colours of 001 (stored 4 urgent = P1 red … 1 low = P4 gray; 0 none). */
export const PRIORITY_CLASS: Record<number, string> = {
  4: 'bg-red-500',
  3: 'bg-orange-500',
  2: 'bg-blue-500',
  1: 'bg-gray-400',
}

export const PRIORITY_LABEL: Record<number, string> = { 4: 'Priority 1', 3: 'Priority 2', 2: 'Priority 3', 1: 'Priority 4' }

/** Whole days from day a to day b (yyyy-MM-dd). */
export function daysBetween(a: string, b: string): number {
  const [ay, am, ad] = a.split('-').map(Number) as [number, number, number]
  const [by, bm, bd] = b.split('-').map(Number) as [number, number, number]
  return Math.round((Date.UTC(by, bm - 1, bd) - Date.UTC(ay, am - 1, ad)) / 86_400_000)
}

/** Splits agenda tasks into overdue, today and the days after, in order. */
export function splitAgenda<T extends Pick<DashboardTask, 'due_date'>>(tasks: readonly T[], today: string) {
  const overdue: T[] = []
  const dueToday: T[] = []
  const upcoming = new Map<string, T[]>()
  for (const t of tasks) {
    if (!t.due_date) continue
    if (t.due_date < today) overdue.push(t)
    else if (t.due_date === today) dueToday.push(t)
    else upcoming.set(t.due_date, [...(upcoming.get(t.due_date) ?? []), t])
  }
  return { overdue, dueToday, upcoming: [...upcoming.entries()].sort(([a], [b]) => a.localeCompare(b)) }
}
