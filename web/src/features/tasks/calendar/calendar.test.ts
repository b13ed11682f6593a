import { describe, expect, it } from 'vitest'
import { taskRow } from '../testing/task-row'
import type { Task } from '../types'
import { addMonths, calendarIndex, calendarRange, calendarTasks, monthGrid, nextOccurrence, occurrencesIn, reschedule } from './calendar'

const t = (o: Partial<Task>) => taskRow({ user_id: 'me', title: 'T', created_at: '2026-01-01T00:00:00Z', ...o })

describe('calendar', () => {
  it('lays a month out in whole weeks from Sunday', () => {
    const weeks = monthGrid('2026-11')
    expect(weeks[0]?.[0]).toBe('2026-11-01')
    expect(weeks.at(-1)?.at(-1)).toBe('2026-12-05')
    expect(weeks).toHaveLength(5)
    expect(monthGrid('2026-02')[0]?.[0]).toBe('2026-02-01')
    expect(monthGrid('2026-02')).toHaveLength(4)
    expect(addMonths('2026-12', 1)).toBe('2027-01')
    expect(addMonths('2026-01', -1)).toBe('2025-12')
  })

  it('follows the server rule for the next occurrence (0530)', () => {
    expect(nextOccurrence({ type: 'daily', interval: 3 }, '2026-11-30')).toBe('2026-12-03')
    expect(nextOccurrence({ type: 'weekly', interval: 1 }, '2026-11-27')).toBe('2026-12-04')
    // Mon and Wed every 2 weeks, from a Wednesday: Monday two weeks on.
    expect(nextOccurrence({ type: 'weekly', interval: 2, daysOfWeek: [1, 3] }, '2026-11-25')).toBe('2026-12-07')
    expect(nextOccurrence({ type: 'monthly', interval: 1 }, '2026-01-31')).toBe('2026-02-28')
    expect(nextOccurrence({ type: 'monthly', interval: 1, anchorDay: 31 }, '2026-02-28')).toBe('2026-03-31')
    // The last Friday of the month.
    expect(nextOccurrence({ type: 'monthly', interval: 1, weekOfMonth: -1, daysOfWeek: [5] }, '2026-11-27')).toBe('2026-12-25')
    expect(nextOccurrence({ type: 'yearly', interval: 1 }, '2028-02-29')).toBe('2029-02-28')
    expect(nextOccurrence({ type: 'custom', interval: 2 }, '2026-11-27')).toBe('2026-11-29')
  })

  it('shows a recurring task on each occurrence up to its end date', () => {
    const task = t({ due_date: '2026-11-27', recurrence: JSON.stringify({ type: 'weekly', interval: 1, endDate: '2026-12-12' }) })
    expect(occurrencesIn(task, '2026-11-01', '2026-12-31', 'UTC').map((e) => [e.day, e.occurrence])).toEqual([
      ['2026-11-27', 0],
      ['2026-12-04', 1],
      ['2026-12-11', 2],
    ])
    expect(occurrencesIn(task, '2026-12-05', '2026-12-31', 'UTC').map((e) => e.day)).toEqual(['2026-12-11'])
  })

  it('places timed tasks on their day in the user zone and sorts by time', () => {
    // 03:00 UTC on the 28th is still the 27th in New York.
    const late = t({ id: 'a', title: 'Late', due_time: '2026-11-28T03:00:00Z' })
    const early = t({ id: 'b', title: 'Early', due_date: '2026-11-27', due_time: '2026-11-27T14:00:00Z' })
    const allDay = t({ id: 'c', title: 'All day', due_date: '2026-11-27', priority: 4 })
    const tray = t({ id: 'd', title: 'Someday' })
    const { byDay, unscheduled } = calendarTasks([late, early, allDay, tray, t({ id: 'e', parent_id: 'a', due_date: '2026-11-27' })], '2026-11-01', '2026-11-30', 'America/New_York')
    expect(byDay.get('2026-11-27')?.map((e) => [e.task.title, e.time])).toEqual([
      ['Early', '09:00'],
      ['Late', '22:00'],
      ['All day', null],
    ])
    expect(unscheduled.map((u) => u.title)).toEqual(['Someday'])
  })

  it('buckets the tasks once and reads a range from the buckets, repeats added in order', () => {
    const weekly = t({ id: 'w', title: 'Weekly', due_date: '2026-11-27', recurrence: JSON.stringify({ type: 'weekly', interval: 1 }) })
    const dec4 = t({ id: 'd', title: 'Dec 4', due_date: '2026-12-04', priority: 4 })
    const nov10 = t({ id: 'n', title: 'Nov 10', due_date: '2026-11-10' })
    const archived = t({ id: 'a', title: 'Archived', due_date: '2026-12-04', project_id: 'old' })
    const index = calendarIndex([weekly, dec4, nov10, archived], 'UTC', new Set(['old']))
    expect(index.recurring.map((r) => r.id)).toEqual(['w'])
    const december = calendarRange(index, '2026-11-29', '2027-01-09', 'UTC')
    // Its own bucket kept, the repeat sorted in after the higher priority.
    expect(december.get('2026-12-04')?.map((e) => [e.task.title, e.occurrence])).toEqual([
      ['Dec 4', 0],
      ['Weekly', 1],
    ])
    expect(index.own.get('2026-12-04')?.map((e) => e.task.title)).toEqual(['Dec 4'])
    expect([...december.keys()].filter((d) => d.startsWith('2026-11'))).toEqual([])
    expect(december.get('2027-01-08')?.map((e) => e.occurrence)).toEqual([6])
    // A range without repeats hands out the index's own arrays.
    const november = calendarRange(index, '2026-11-01', '2026-11-26', 'UTC')
    expect(november.get('2026-11-10')).toBe(index.own.get('2026-11-10'))
  })

  it('moves a task to a day keeping its local time, or unschedules it', () => {
    const timed = t({ due_date: '2026-11-27', due_time: '2026-11-27T14:30:00Z', reminders: [15] })
    expect(reschedule(timed, '2026-12-02', 'America/New_York')).toEqual({ due_date: '2026-12-02', due_time: '2026-12-02T14:30:00.000Z' })
    // Across the end of daylight saving (1 Nov 2026 in New York) the wall clock stays 09:30.
    expect(reschedule(timed, '2026-10-30', 'America/New_York')).toEqual({ due_date: '2026-10-30', due_time: '2026-10-30T13:30:00.000Z' })
    expect(reschedule(timed, null, 'UTC')).toEqual({ due_date: null, due_time: null, reminders: [] })
    expect(reschedule(t({ due_date: '2026-11-27' }), '2026-11-27', 'UTC')).toBeNull()
    expect(reschedule(t({}), '2026-11-27', 'UTC')).toEqual({ due_date: '2026-11-27', due_time: null })
    expect(reschedule(t({}), null, 'UTC')).toBeNull()
  })
})
