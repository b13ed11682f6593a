import { describe, expect, it } from 'vitest'
import { describeRecurrence, parseRecurrence, serializeRecurrence } from './recurrence'
import { customReminderMinutes, reminderLabel, withReminder } from './reminders'
import { TAG_PALETTE, formatTags, parseTags, tagColor, withTag, withoutTag } from './tags'
import { priorityOption } from './priority'
import { joinOverview, splitOverview, validateProjectName } from './project-form'
import { select } from './selection'

describe('tags', () => {
  it('are trimmed, unique case-insensitively, stored comma and space separated', () => {
    expect(parseTags(' work,Home , work ,, ')).toEqual(['work', 'Home'])
    expect(formatTags(['a', ' b '])).toBe('a, b')
    expect(formatTags([])).toBeNull()
    expect(withTag('work', 'WORK')).toBe('work')
    expect(withTag('work', 'home')).toBe('work, home')
    expect(withoutTag('work, Home', 'home')).toBe('work')
  })

  it('get one of 12 colours, always the same for a name', () => {
    expect(TAG_PALETTE).toHaveLength(12)
    expect(tagColor('Work')).toBe(tagColor(' work '))
    const colours = new Set(['work', 'home', 'errands', 'reading', 'health', 'money', 'garden', 'kids'].map(tagColor))
    expect(colours.size).toBeGreaterThan(4)
  })
})

describe('reminders', () => {
  it('take custom amounts in any unit, digits only, floored at 0', () => {
    expect(customReminderMinutes('15', 'minutes')).toBe(15)
    expect(customReminderMinutes('2', 'hours')).toBe(120)
    expect(customReminderMinutes('3', 'days')).toBe(4320)
    expect(customReminderMinutes('1', 'weeks')).toBe(10080)
    expect(customReminderMinutes('-5', 'minutes')).toBe(5)
    expect(customReminderMinutes('abc', 'minutes')).toBeNull()
    expect(customReminderMinutes('99999', 'weeks')).toBe(525600)
  })

  it('are named for people', () => {
    expect([0, 5, 60, 90, 1440, 2880, 10080].map(reminderLabel)).toEqual([
      'At due time',
      '5 minutes before',
      '1 hour before',
      '90 minutes before',
      '1 day before',
      '2 days before',
      '1 week before',
    ])
    expect(withReminder([60, 5], 15)).toEqual([5, 15, 60])
    expect(withReminder([5], 5)).toEqual([5])
  })
})

describe('recurrence', () => {
  it('round-trips, clamps the interval to 1–30 and keeps unknown fields', () => {
    const r = parseRecurrence('{"type":"weekly","interval":45,"daysOfWeek":[1,3]}')
    expect(r).toEqual({ type: 'weekly', interval: 30, daysOfWeek: [1, 3] })
    expect(serializeRecurrence(r)).toBe('{"type":"weekly","interval":30,"daysOfWeek":[1,3]}')
    expect(describeRecurrence(r)).toBe('Every 30 weeks on Mon, Wed')
    expect(describeRecurrence(parseRecurrence('{"type":"daily"}'))).toBe('Every day')
    expect(parseRecurrence('nonsense')).toBeNull()
    expect(parseRecurrence('{"type":"hourly"}')).toBeNull()
    expect(describeRecurrence(null)).toBe('Does not repeat')
  })
})

describe('priority', () => {
  it('maps stored values to P1–P4', () => {
    expect([4, 3, 2, 1, 0].map((p) => priorityOption(p).short)).toEqual(['P1', 'P2', 'P3', 'P4', 'None'])
  })
})

describe('project form', () => {
  it('needs a name that is not blank', () => {
    expect(validateProjectName('   ')).toBe('Enter a project name')
    expect(validateProjectName('Home')).toBeNull()
  })

  it('keeps the due date as a line of the overview', () => {
    expect(joinOverview(' Plans ', '2026-12-24')).toBe('Plans\nDue: 2026-12-24')
    expect(splitOverview('Plans\nDue: 2026-12-24')).toEqual({ text: 'Plans', due: '2026-12-24' })
    expect(splitOverview(null)).toEqual({ text: '', due: '' })
    expect(joinOverview('', '')).toBeNull()
  })
})

describe('selection', () => {
  const order = ['a', 'b', 'c', 'd']
  it('replaces, toggles and selects ranges in the order shown', () => {
    let s = select({ ids: new Set(), anchor: null }, 'b', 'replace', order)
    s = select(s, 'd', 'range', order)
    expect([...s.ids]).toEqual(['b', 'c', 'd'])
    s = select(s, 'c', 'toggle', order)
    expect([...s.ids].sort()).toEqual(['b', 'd'])
    s = select(s, 'a', 'range', order)
    expect([...s.ids].sort()).toEqual(['a', 'b', 'c', 'd'])
  })
})
