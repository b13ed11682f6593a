import { describe, expect, it } from 'vitest'
import {
  TIME_QUICK_PICKS,
  addDays,
  dayIn,
  defaultDateForTime,
  dueLabel,
  fromTwelveHour,
  instantOf,
  isOverdue,
  monthGrid,
  parseTimeText,
  relativeDay,
  resolveZone,
  savedAgo,
  taskDay,
  timeIn,
  todayIn,
  toTwelveHour,
  upcomingDays,
} from './dates'

const open = { is_completed: false }

describe('days are the user’s, not UTC’s', () => {
  it('puts an instant on the day it falls on in the zone', () => {
    const instant = '2026-12-04T02:30:00Z'
    expect(dayIn('UTC', instant)).toBe('2026-12-04')
    expect(dayIn('America/Los_Angeles', instant)).toBe('2026-12-03')
    expect(dayIn('Asia/Tokyo', instant)).toBe('2026-12-04')
    expect(dayIn('Pacific/Kiritimati', '2026-12-03T10:30:00Z')).toBe('2026-12-04')
  })

  it('starts today at local midnight', () => {
    const justAfterMidnightInTokyo = new Date('2026-12-03T15:05:00Z')
    expect(todayIn('Asia/Tokyo', justAfterMidnightInTokyo)).toBe('2026-12-04')
    expect(todayIn('Europe/London', justAfterMidnightInTokyo)).toBe('2026-12-03')
  })

  it('prefers due_date over the day of due_time', () => {
    expect(taskDay({ due_date: '2026-12-10', due_time: '2026-12-11T23:00:00Z' }, 'UTC')).toBe('2026-12-10')
    expect(taskDay({ due_date: null, due_time: '2026-12-11T23:00:00Z' }, 'Europe/Berlin')).toBe('2026-12-12')
    expect(taskDay({ due_date: null, due_time: null }, 'UTC')).toBeNull()
  })

  it('falls back to the browser zone for an unknown preference', () => {
    expect(resolveZone('Europe/Paris')).toBe('Europe/Paris')
    expect(resolveZone('Mars/Olympus')).toBe(resolveZone(null))
    expect(resolveZone(42)).toBe(resolveZone(undefined))
  })
})

describe('daylight saving time', () => {
  it('counts calendar days across the change', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09')
    expect(addDays('2026-10-31', 2)).toBe('2026-11-02')
    expect(upcomingDays('2026-03-06')).toEqual(['2026-03-06', '2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12'])
  })

  it('keeps the wall-clock time of a due time on either side of the change', () => {
    const before = instantOf('2026-03-07', '09:00', 'America/New_York')
    const after = instantOf('2026-03-09', '09:00', 'America/New_York')
    expect(before).toBe('2026-03-07T14:00:00.000Z')
    expect(after).toBe('2026-03-09T13:00:00.000Z')
    expect(timeIn('America/New_York', after)).toBe('09:00')
    expect(dayIn('America/New_York', instantOf('2026-11-01', '23:30', 'America/New_York'))).toBe('2026-11-01')
  })

  it('a time in the skipped hour moves forward', () => {
    expect(timeIn('America/New_York', instantOf('2026-03-08', '02:30', 'America/New_York'))).toBe('03:30')
  })
})

describe('overdue', () => {
  const now = new Date('2026-12-04T12:00:00Z')
  it('is past the day, or past the time today', () => {
    expect(isOverdue({ ...open, due_date: '2026-12-03', due_time: null }, 'UTC', now)).toBe(true)
    expect(isOverdue({ ...open, due_date: '2026-12-04', due_time: null }, 'UTC', now)).toBe(false)
    expect(isOverdue({ ...open, due_date: '2026-12-04', due_time: '2026-12-04T11:00:00Z' }, 'UTC', now)).toBe(true)
    expect(isOverdue({ ...open, due_date: '2026-12-04', due_time: '2026-12-04T13:00:00Z' }, 'UTC', now)).toBe(false)
    expect(isOverdue({ is_completed: true, due_date: '2026-01-01', due_time: null }, 'UTC', now)).toBe(false)
  })

  it('depends on the zone', () => {
    // 12:00 UTC is already Dec 5 in Kiritimati (UTC+14).
    expect(isOverdue({ ...open, due_date: '2026-12-04', due_time: null }, 'Pacific/Kiritimati', now)).toBe(true)
    expect(isOverdue({ ...open, due_date: '2026-12-04', due_time: null }, 'Pacific/Honolulu', now)).toBe(false)
  })
})

describe('time entry (001 §5)', () => {
  it.each([
    ['12', '00', 'AM', '00:00'],
    ['12', '30', 'PM', '12:30'],
    ['1', '05', 'pm', '13:05'],
    ['11', '59', 'AM', '11:59'],
    ['0', '00', 'AM', ''],
    ['13', '00', 'PM', ''],
    ['9', '5', 'AM', ''],
    ['9', '60', 'AM', ''],
    ['9', '00', 'XM', ''],
    ['x', '00', 'AM', ''],
  ])('%s:%s %s is %j', (h, m, ampm, want) => {
    expect(fromTwelveHour(h, m, ampm)).toBe(want)
  })

  it('splits a 24-hour time into 12-hour parts', () => {
    expect(toTwelveHour('00:15')).toEqual({ hour: '12', minutes: '15', meridiem: 'AM' })
    expect(toTwelveHour('12:00')).toEqual({ hour: '12', minutes: '00', meridiem: 'PM' })
    expect(toTwelveHour('23:45')).toEqual({ hour: '11', minutes: '45', meridiem: 'PM' })
  })

  it.each([
    ['2pm', '14:00'],
    ['2:30 PM', '14:30'],
    ['9 a.m.', '09:00'],
    ['14:30', '14:30'],
    ['0:00', '00:00'],
    ['24:00', ''],
    ['23:60', ''],
    ['13pm', ''],
    ['lunch', ''],
  ])('reads %j as %j', (text, want) => {
    expect(parseTimeText(text)).toBe(want)
  })

  it('offers a quick pick every 30 minutes', () => {
    expect(TIME_QUICK_PICKS).toHaveLength(48)
    expect(TIME_QUICK_PICKS.slice(0, 3)).toEqual(['00:00', '00:30', '01:00'])
    expect(TIME_QUICK_PICKS.at(-1)).toBe('23:30')
  })
})

describe('tasks.creation.defaultDateForTime', () => {
  it('gives today, tomorrow or the next workday', () => {
    expect(defaultDateForTime('today', '2026-12-04')).toBe('2026-12-04')
    expect(defaultDateForTime(undefined, '2026-12-04')).toBe('2026-12-04')
    expect(defaultDateForTime('tomorrow', '2026-12-04')).toBe('2026-12-05')
    // 2026-12-04 is a Friday: the next workday is Monday.
    expect(defaultDateForTime('next_workday', '2026-12-04')).toBe('2026-12-07')
    expect(defaultDateForTime('next_workday', '2026-12-01')).toBe('2026-12-02')
  })
})

describe('relative texts', () => {
  const now = new Date('2026-12-04T15:00:00Z')
  it('names days relative to today', () => {
    expect(relativeDay('2026-12-04', '2026-12-04', 'en-US')).toBe('Today')
    expect(relativeDay('2026-12-05', '2026-12-04', 'en-US')).toBe('Tomorrow')
    expect(relativeDay('2026-12-03', '2026-12-04', 'en-US')).toBe('Yesterday')
    expect(relativeDay('2026-12-09', '2026-12-04', 'en-US')).toBe('Wednesday')
    expect(relativeDay('2026-12-11', '2026-12-04', 'en-US')).toBe('Dec 11')
    expect(relativeDay('2027-01-11', '2026-12-04', 'en-US')).toBe('Jan 11, 2027')
  })

  it('says when a task is due and whether it is late', () => {
    expect(dueLabel({ ...open, due_date: '2026-12-04', due_time: '2026-12-04T17:30:00Z' }, 'UTC', now, 'en-US')).toEqual({
      text: 'Today 5:30 PM',
      tone: 'today',
    })
    expect(dueLabel({ ...open, due_date: '2026-12-01', due_time: null }, 'UTC', now, 'en-US')).toEqual({ text: 'Dec 1', tone: 'overdue' })
    expect(dueLabel({ ...open, due_date: '2026-12-06', due_time: null }, 'UTC', now, 'en-US')).toEqual({ text: 'Sunday', tone: 'upcoming' })
    expect(dueLabel({ ...open, due_date: null, due_time: null }, 'UTC', now)).toBeNull()
  })

  it('says how long ago the pane saved', () => {
    const ago = (ms: number) => savedAgo(new Date(now.getTime() - ms), now, 'UTC', 'en-US')
    expect(ago(5_000)).toBe('Just now')
    expect(ago(60_000)).toBe('1 minute ago')
    expect(ago(59 * 60_000)).toBe('59 minutes ago')
    expect(ago(2 * 3600_000)).toBe('2 hours ago')
    expect(ago(20 * 3600_000)).toBe('Yesterday')
    expect(ago(4 * 86_400_000)).toBe('Nov 30')
  })
})

describe('month grid', () => {
  it('starts on Monday and covers the month', () => {
    const weeks = monthGrid('2026-12-15')
    expect(weeks[0]?.[0]).toBe('2026-11-30')
    expect(weeks.flat()).toContain('2026-12-31')
    expect(weeks.at(-1)?.at(-1)).toBe('2027-01-03')
  })
})
