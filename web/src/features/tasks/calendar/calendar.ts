import type { Task } from '../types'
import { type IsoDay, addDays, daysBetween, instantOf, taskDay, timeIn, weekday } from '../utils/dates'
import { parseRecurrence } from '../utils/recurrence'

/**
 * The calendar's arithmetic (issue 26): the days of a month grid, where a
 * task and its future occurrences fall, and what a drop onto a day writes.
 * Days are the user's calendar days ('yyyy-MM-dd', utils/dates.ts).
 */

/** 'yyyy-MM' of the month a day is in. */
export type IsoMonth = string

export function monthOf(day: IsoDay): IsoMonth {
  return day.slice(0, 7)
}

export function isIsoMonth(text: string | null | undefined): text is IsoMonth {
  return !!text && /^\d{4}-(0[1-9]|1[0-2])$/.test(text)
}

/** The month n months after month. */
export function addMonths(month: IsoMonth, n: number): IsoMonth {
  const [y = 1970, m = 1] = month.split('-').map(Number)
  const i = y * 12 + (m - 1) + n
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`
}

/** Days of the month. */
export function daysInMonth(month: IsoMonth): number {
  return daysBetween(`${month}-01`, `${addMonths(month, 1)}-01`)
}

/**
 * The weeks shown for a month: from the week (starting on Sunday, as the
 * server's weekly recurrence counts weeks) holding the 1st to the one
 * holding the last day; 4 to 6 rows of 7 days.
 */
export function monthGrid(month: IsoMonth): IsoDay[][] {
  const first = `${month}-01`
  const last = addDays(`${addMonths(month, 1)}-01`, -1)
  let day = addDays(first, -weekday(first))
  const weeks: IsoDay[][] = []
  while (day <= last) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)))
    day = addDays(day, 7)
  }
  return weeks
}

/**
 * The first day of the series after base — the same rule as the server's
 * jobs.next_occurrence (migration 0530), so the calendar shows the dates
 * completing the task will really create.
 */
export function nextOccurrence(rec: Record<string, unknown>, base: IsoDay): IsoDay | null {
  let type = typeof rec.type === 'string' ? rec.type : ''
  const interval = typeof rec.interval === 'number' ? Math.max(1, Math.min(30, Math.round(rec.interval))) : 1
  const days = Array.isArray(rec.daysOfWeek)
    ? [...new Set(rec.daysOfWeek.filter((d): d is number => Number.isInteger(d) && d >= 0 && d <= 6))]
    : []
  const wom = typeof rec.weekOfMonth === 'number' ? Math.round(rec.weekOfMonth) : null
  const anchor = typeof rec.anchorDay === 'number' ? Math.max(1, Math.min(31, Math.round(rec.anchorDay))) : null
  if (type === 'custom') type = days.length ? 'weekly' : 'daily'
  switch (type) {
    case 'daily':
      return addDays(base, interval)
    case 'weekly': {
      if (!days.length) return addDays(base, 7 * interval)
      const baseWeek = addDays(base, -weekday(base))
      for (let k = 1; k <= 7 * interval + 7; k++) {
        const d = addDays(base, k)
        const week = addDays(d, -weekday(d))
        if (days.includes(weekday(d)) && (daysBetween(baseWeek, week) / 7) % interval === 0) return d
      }
      return addDays(base, 7 * interval)
    }
    case 'monthly': {
      const month = addMonths(monthOf(base), interval)
      const start = `${month}-01`
      const length = daysInMonth(month)
      if (wom !== null && days.length) {
        // The server takes the first listed weekday of its array as stored.
        const target = days[0] ?? 0
        let d = addDays(start, (target - weekday(start) + 7) % 7)
        d = wom < 1 ? addDays(d, 28) : addDays(d, 7 * (Math.min(wom, 5) - 1))
        while (daysBetween(start, d) >= length) d = addDays(d, -7)
        return d
      }
      const want = anchor ?? Number(base.slice(8, 10))
      return addDays(start, Math.min(want, length) - 1)
    }
    case 'yearly': {
      const y = Number(base.slice(0, 4)) + interval
      const month = `${String(y).padStart(4, '0')}-${base.slice(5, 7)}`
      // Postgres moves 29 Feb to 28 Feb in a year without one.
      return `${month}-${String(Math.min(Number(base.slice(8, 10)), daysInMonth(month))).padStart(2, '0')}`
    }
    default:
      return null
  }
}

/** A task on one day of the calendar; occurrence > 0 is a projected repeat (not the row itself). */
export type CalendarEntry = { task: Task; day: IsoDay; occurrence: number; time: string | null }

/** At most this many projected repeats of one task in a range (a daily task over six weeks is 42). */
const MAX_OCCURRENCES = 400

/**
 * Every day in [from, to] a task falls on: its own day, then for a
 * recurring task the occurrences completing it would create, up to its
 * endDate.
 */
export function occurrencesIn(task: Task, from: IsoDay, to: IsoDay, zone: string): CalendarEntry[] {
  const { day: first, time, rec } = placeOf(task, zone)
  if (!first) return []
  const out: CalendarEntry[] = []
  if (first >= from && first <= to) out.push({ task, day: first, occurrence: 0, time })
  if (!rec) return out
  const end = typeof rec.endDate === 'string' && rec.endDate ? rec.endDate.slice(0, 10) : null
  let day: IsoDay | null = first
  for (let n = 1; n <= MAX_OCCURRENCES; n++) {
    day = nextOccurrence(rec, day)
    if (!day || day > to || (end && day > end)) break
    if (day >= from) out.push({ task, day, occurrence: n, time })
  }
  return out
}

type Place = { zone: string; day: IsoDay | null; time: string | null; rec: Record<string, unknown> | null }
const places = new WeakMap<Task, Place>()

/**
 * A task's day and wall-clock time in zone and its parsed recurrence,
 * worked out once per task object: stepping through months and weeks
 * re-reads the same (cached, structurally shared) rows, and the zone
 * conversions are the costly part of placing 1,000 tasks.
 */
function placeOf(task: Task, zone: string): Place {
  const known = places.get(task)
  if (known?.zone === zone) return known
  const place: Place = {
    zone,
    day: taskDay(task, zone),
    time: task.due_time ? timeIn(zone, task.due_time) : null,
    rec: task.is_completed ? null : parseRecurrence(task.recurrence),
  }
  places.set(task, place)
  return place
}

// One collator: String.localeCompare builds one per call.
const titles = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true })

/** Timed entries first by time, then by priority (higher first), then title. */
function byTimeThenPriority(a: CalendarEntry, b: CalendarEntry): number {
  if (a.time !== b.time) return a.time === null ? 1 : b.time === null ? -1 : a.time < b.time ? -1 : 1
  return b.task.priority - a.task.priority || titles.compare(a.task.title, b.task.title)
}

export type CalendarTasks = {
  /** Entries by day, each day sorted. */
  byDay: Map<IsoDay, CalendarEntry[]>
  /** Open top-level tasks without a date: the "unscheduled" tray. */
  unscheduled: Task[]
}

/**
 * The open, top-level tasks not in a hidden (archived) project, bucketed
 * by their own day once per task list and zone: a step to another month or
 * week then reads the buckets of the days shown (calendarRange) instead of
 * placing and sorting every task again.
 */
export type CalendarIndex = {
  /** Each day's own entries (occurrence 0), sorted. */
  own: Map<IsoDay, CalendarEntry[]>
  /** Recurring tasks: their repeats depend on the range shown. */
  recurring: Task[]
  unscheduled: Task[]
}

export function calendarIndex(tasks: readonly Task[], zone: string, hiddenProjects: ReadonlySet<string> = new Set()): CalendarIndex {
  const own = new Map<IsoDay, CalendarEntry[]>()
  const recurring: Task[] = []
  const unscheduled: Task[] = []
  for (const task of tasks) {
    if (task.is_deleted || task.is_completed || task.parent_id !== null) continue
    if (task.project_id && hiddenProjects.has(task.project_id)) continue
    if (!task.due_date && !task.due_time) {
      unscheduled.push(task)
      continue
    }
    const { day, time, rec } = placeOf(task, zone)
    if (!day) continue
    if (rec) recurring.push(task)
    const list = own.get(day)
    const entry = { task, day, occurrence: 0, time }
    if (list) list.push(entry)
    else own.set(day, [entry])
  }
  for (const list of own.values()) list.sort(byTimeThenPriority)
  unscheduled.sort((a, b) => b.priority - a.priority || a.sort_order - b.sort_order || (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0))
  return { own, recurring, unscheduled }
}

/**
 * The entries of the days in [from, to]: the index's buckets as they are
 * (the same arrays from one step to the next, so unchanged days need not
 * re-render), with the recurring tasks' repeats in the range added.
 */
export function calendarRange(index: CalendarIndex, from: IsoDay, to: IsoDay, zone: string): Map<IsoDay, CalendarEntry[]> {
  const byDay = new Map<IsoDay, CalendarEntry[]>()
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const list = index.own.get(day)
    if (list) byDay.set(day, list)
  }
  const grown = new Set<IsoDay>()
  for (const task of index.recurring) {
    for (const entry of occurrencesIn(task, from, to, zone)) {
      if (entry.occurrence === 0) continue
      const list = byDay.get(entry.day)
      if (!list) byDay.set(entry.day, [entry])
      else if (grown.has(entry.day)) list.push(entry)
      else byDay.set(entry.day, [...list, entry])
      grown.add(entry.day)
    }
  }
  for (const day of grown) byDay.get(day)?.sort(byTimeThenPriority)
  return byDay
}

/** What the calendar shows for [from, to] (calendarIndex, then calendarRange). */
export function calendarTasks(
  tasks: readonly Task[],
  from: IsoDay,
  to: IsoDay,
  zone: string,
  hiddenProjects: ReadonlySet<string> = new Set(),
): CalendarTasks {
  const index = calendarIndex(tasks, zone, hiddenProjects)
  return { byDay: calendarRange(index, from, to, zone), unscheduled: index.unscheduled }
}

export type SchedulePatch = { due_date: string | null; due_time: string | null; reminders?: number[] }

/**
 * What moving a task to day writes: the new date, its time of day kept in
 * the user's zone; null unschedules it (and, as clearing the time does in
 * the edit pane, drops its reminders). Null when nothing changes.
 */
export function reschedule(task: Task, day: IsoDay | null, zone: string): SchedulePatch | null {
  if (day === null) {
    if (!task.due_date && !task.due_time) return null
    return task.due_time ? { due_date: null, due_time: null, reminders: [] } : { due_date: null, due_time: null }
  }
  if (taskDay(task, zone) === day && task.due_date) return null
  const due_time = task.due_time ? instantOf(day, timeIn(zone, task.due_time), zone) : null
  return { due_date: day, due_time }
}
