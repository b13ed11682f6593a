import type { Task } from '../types'
import { type IsoDay, addDays, instantOf, taskDay, timeIn, weekday } from '../utils/dates'
import type { CalendarEntry, SchedulePatch } from './calendar'

/**
 * The week view's arithmetic (issue 26): which days a week shows, where a
 * timed task sits in the time grid and how tall it is, how overlapping
 * tasks share a column, and what a drop or a resize writes. Times are the
 * wall clock of the user's zone in minutes from midnight (0–1440).
 */

/** Drops and resizes snap to this many minutes. */
export const SNAP_MINUTES = 15
/** How long a task without duration_minutes is drawn: the feed's VEVENT default (gateway/calsync). */
export const DEFAULT_DURATION = 30
/** The server's bounds of tasks.duration_minutes (0762); the grid resizes in whole snaps from 15. */
export const MIN_DURATION = SNAP_MINUTES
export const MAX_DURATION = 1440
const DAY_MINUTES = 1440

/** The week holding day, from Sunday (as the month grid and the server's weekly rule count). */
export function weekDays(day: IsoDay): IsoDay[] {
  const first = addDays(day, -weekday(day))
  return Array.from({ length: 7 }, (_, i) => addDays(first, i))
}

/** n days from day (the narrow screen's 3-day view). */
export function daysFrom(day: IsoDay, n: number): IsoDay[] {
  return Array.from({ length: n }, (_, i) => addDays(day, i))
}

export function isIsoDay(text: string | null | undefined): text is IsoDay {
  return !!text && /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`))
}

/** 'HH:mm' → minutes from midnight. */
export function minutesOf(time: string): number {
  const [h = 0, m = 0] = time.split(':').map(Number)
  return h * 60 + m
}

/** Minutes from midnight → 'HH:mm' (1440 is not a time of day: clamped to 23:59). */
export function timeOfMinutes(minutes: number): string {
  const m = Math.max(0, Math.min(DAY_MINUTES - 1, Math.round(minutes)))
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`
}

/** The nearest multiple of step. */
export function snap(minutes: number, step = SNAP_MINUTES): number {
  return Math.round(minutes / step) * step
}

/** Where a drop at offset y pixels into a day column (hourHeight px an hour) starts: snapped, inside the day. */
export function minutesAtOffset(y: number, hourHeight: number): number {
  return Math.max(0, Math.min(DAY_MINUTES - SNAP_MINUTES, snap((y / hourHeight) * 60)))
}

export function durationOf(task: Pick<Task, 'duration_minutes'>): number {
  return task.duration_minutes ?? DEFAULT_DURATION
}

/** A timed entry in a day column: minutes [start, end), and its lane of lanes among the tasks it overlaps. */
export type Block = { entry: CalendarEntry; start: number; end: number; lane: number; lanes: number }

/**
 * Lays out a day's timed entries: each from its time for its duration (cut
 * at midnight; drawn at least SNAP_MINUTES tall so it can be grabbed), and
 * tasks that overlap side by side. Overlapping tasks form a cluster; each
 * takes the first lane free at its start, and every block of a cluster is
 * as wide as the cluster has lanes (the common calendar layout).
 */
export function layoutDay(entries: readonly CalendarEntry[]): Block[] {
  const timed = entries
    .filter((e) => e.time !== null)
    .map((entry) => {
      const start = minutesOf(entry.time ?? '00:00')
      const end = Math.min(DAY_MINUTES, start + Math.max(SNAP_MINUTES, durationOf(entry.task)))
      return { entry, start, end, lane: 0, lanes: 1 }
    })
    .sort((a, b) => a.start - b.start || b.end - a.end || a.entry.task.title.localeCompare(b.entry.task.title))
  const out: Block[] = []
  let cluster: Block[] = []
  let laneEnds: number[] = []
  let clusterEnd = -1
  const close = () => {
    for (const b of cluster) b.lanes = laneEnds.length
    out.push(...cluster)
    cluster = []
    laneEnds = []
  }
  for (const b of timed) {
    if (b.start >= clusterEnd) close()
    let lane = laneEnds.findIndex((end) => end <= b.start)
    if (lane < 0) lane = laneEnds.push(0) - 1
    laneEnds[lane] = b.end
    b.lane = lane
    cluster.push(b)
    clusterEnd = Math.max(clusterEnd, b.end)
  }
  close()
  return out
}

/**
 * What dropping a task writes: on a day at minutes (the time grid) the date
 * and that wall-clock time in zone; on a day's all-day row (minutes null)
 * the date without a time, and — as clearing the time in the edit pane
 * does — no reminders. Null when nothing changes.
 */
export function scheduleAt(task: Task, day: IsoDay, minutes: number | null, zone: string): SchedulePatch | null {
  if (minutes === null) {
    if (!task.due_time) return task.due_date === day ? null : { due_date: day, due_time: null }
    return { due_date: day, due_time: null, reminders: [] }
  }
  const time = timeOfMinutes(minutes)
  if (task.due_time && task.due_date === day && timeIn(zone, task.due_time) === time) return null
  return { due_date: day, due_time: instantOf(day, time, zone) }
}

/** The duration after dragging a block's bottom edge to end (minutes from midnight): snapped, within the server's bounds and the day. */
export function resizedDuration(start: number, end: number): number {
  const d = snap(end) - start
  return Math.max(MIN_DURATION, Math.min(MAX_DURATION, DAY_MINUTES - start, d))
}

/** Where the now line sits today: minutes since midnight in zone. */
export function nowMinutes(zone: string, now: Date = new Date()): number {
  return minutesOf(timeIn(zone, now))
}

/** The day and minutes a timed task starts at in zone (for the keyboard and the edit pane). */
export function startOf(task: Task, zone: string): { day: IsoDay | null; minutes: number | null } {
  return { day: taskDay(task, zone), minutes: task.due_time ? minutesOf(timeIn(zone, task.due_time)) : null }
}
