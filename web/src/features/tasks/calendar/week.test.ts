import { describe, expect, it } from 'vitest'
import { taskRow } from '../testing/task-row'
import type { Task } from '../types'
import { type CalendarEntry, calendarTasks } from './calendar'
import { layoutDay, minutesAtOffset, resizedDuration, scheduleAt, snap, weekDays } from './week'

const t = (o: Partial<Task>) => taskRow({ user_id: 'me', title: 'T', created_at: '2026-01-01T00:00:00Z', ...o })

const entry = (title: string, time: string | null, duration: number | null = null): CalendarEntry => ({
  task: t({ id: title, title, duration_minutes: duration }),
  day: '2026-11-27',
  occurrence: 0,
  time,
})

describe('week view', () => {
  it('shows the week from Sunday', () => {
    expect(weekDays('2026-11-27')).toEqual(['2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27', '2026-11-28'])
    expect(weekDays('2026-11-22')[0]).toBe('2026-11-22')
    expect(weekDays('2027-01-01')[0]).toBe('2026-12-27')
  })

  it('places a timed task by its time and duration, 30 minutes when it has none', () => {
    const blocks = layoutDay([entry('Standup', '09:30'), entry('Deep work', '13:00', 120), entry('All day', null)])
    expect(blocks.map((b) => [b.entry.task.title, b.start, b.end, b.lane, b.lanes])).toEqual([
      ['Standup', 570, 600, 0, 1],
      ['Deep work', 780, 900, 0, 1],
    ])
    // Cut at midnight; a 5-minute task is drawn as a 15-minute block.
    expect(layoutDay([entry('Late', '23:30', 120)]).map((b) => [b.start, b.end])).toEqual([[1410, 1440]])
    expect(layoutDay([entry('Short', '10:00', 5)]).map((b) => b.end)).toEqual([615])
  })

  it('puts overlapping tasks side by side and lets the next cluster start over', () => {
    const blocks = layoutDay([
      entry('A', '09:00', 60),
      entry('B', '09:30', 60),
      entry('C', '10:00', 30), // A has ended: C takes A's lane, the cluster has 2 lanes
      entry('D', '11:00', 30), // a new cluster
      entry('E', '11:00', 30),
      entry('F', '11:00', 30),
      entry('G', '10:00', 30), // touches A's end, overlaps B and C: a third lane
    ])
    const by = Object.fromEntries(blocks.map((b) => [b.entry.task.title, [b.lane, b.lanes]]))
    expect(by).toEqual({ A: [0, 3], B: [1, 3], C: [0, 3], G: [2, 3], D: [0, 3], E: [1, 3], F: [2, 3] })
    // Back to back is not an overlap.
    expect(layoutDay([entry('X', '09:00', 30), entry('Y', '09:30', 30)]).map((b) => b.lanes)).toEqual([1, 1])
  })

  it('snaps drops and resizes to 15 minutes within the day', () => {
    expect(snap(37)).toBe(30)
    expect(snap(38)).toBe(45)
    // 48 px an hour: 410 px is 8:32.5 → 8:30.
    expect(minutesAtOffset(410, 48)).toBe(510)
    expect(minutesAtOffset(-20, 48)).toBe(0)
    expect(minutesAtOffset(48 * 24 + 30, 48)).toBe(1425)
    expect(resizedDuration(540, 628)).toBe(90)
    expect(resizedDuration(540, 541)).toBe(15)
    expect(resizedDuration(1380, 1500)).toBe(60)
  })

  it('writes the drop in the user zone, on a daylight saving day too', () => {
    const task = t({ due_date: '2026-03-06', due_time: '2026-03-06T14:00:00Z', reminders: [10] })
    // 8 March 2026: New York springs forward at 02:00; 09:00 that day is EDT (UTC−4).
    expect(scheduleAt(task, '2026-03-08', 540, 'America/New_York')).toEqual({ due_date: '2026-03-08', due_time: '2026-03-08T13:00:00.000Z' })
    // 01:30 is still EST (UTC−5).
    expect(scheduleAt(task, '2026-03-08', 90, 'America/New_York')).toEqual({ due_date: '2026-03-08', due_time: '2026-03-08T06:30:00.000Z' })
    // The same place and time: nothing to write.
    expect(scheduleAt(task, '2026-03-06', 540, 'America/New_York')).toBeNull()
    // Into the all-day row: the time and the reminders go.
    expect(scheduleAt(task, '2026-03-07', null, 'America/New_York')).toEqual({ due_date: '2026-03-07', due_time: null, reminders: [] })
    expect(scheduleAt(t({ due_date: '2026-03-07' }), '2026-03-07', null, 'UTC')).toBeNull()
    expect(scheduleAt(t({}), '2026-03-07', 600, 'Europe/Berlin')).toEqual({ due_date: '2026-03-07', due_time: '2026-03-07T09:00:00.000Z' })
  })

  it('shows a task on the DST day at its wall-clock time in the zone', () => {
    // 07:30 UTC on 8 March 2026 is 03:30 EDT, after the jump.
    const task = t({ id: 'a', title: 'After the jump', due_time: '2026-03-08T07:30:00Z', duration_minutes: 60 })
    const { byDay } = calendarTasks([task], '2026-03-08', '2026-03-14', 'America/New_York')
    const blocks = layoutDay(byDay.get('2026-03-08') ?? [])
    expect(blocks.map((b) => [b.start, b.end])).toEqual([[210, 270]])
  })

  it('shows a recurring timed task on each day of the week', () => {
    const daily = t({ id: 'd', title: 'Daily', due_date: '2026-11-23', due_time: '2026-11-23T08:00:00Z', recurrence: JSON.stringify({ type: 'daily', interval: 1 }) })
    const days = weekDays('2026-11-27')
    const { byDay } = calendarTasks([daily], days[0] ?? '', days[6] ?? '', 'UTC')
    expect(days.map((d) => byDay.get(d)?.map((e) => [e.occurrence, e.time]))).toEqual([
      undefined,
      [[0, '08:00']],
      [[1, '08:00']],
      [[2, '08:00']],
      [[3, '08:00']],
      [[4, '08:00']],
      [[5, '08:00']],
    ])
  })
})
