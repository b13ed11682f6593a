import { describe, expect, it } from 'vitest'
import type { Task } from '../types'
import { changesOf, draftOf } from './draft'
import { exportFileName, taskToIcs, taskToMarkdown } from './export'

const task: Task = {
  id: '11111111-1111-4111-8111-111111111111',
  user_id: 'u',
  title: 'Plan trip; pack, bags',
  notes: 'Passports!',
  due_date: '2026-12-24',
  due_time: '2026-12-24T09:30:00Z',
  priority: 4,
  tags: 'travel, family',
  list: 'Holidays',
  location: 'Home',
  reminders: [15],
  recurrence: '{"type":"yearly","interval":1}',
  is_completed: false,
  completed_at: null,
  is_starred: true,
  is_deleted: false,
  sort_order: 1,
  importance: 3,
  urgency: 2,
  parent_id: null,
  project_id: 'p',
  assigned_to: null,
  team_id: null,
  board_column: null,
  duration_minutes: null,
  created_at: '2026-12-01T00:00:00Z',
  updated_at: '2026-12-01T00:00:00Z',
  project_name: 'Holidays',
  project_color: '#3b82f6',
  project_icon_name: 'Airplane',
  project_icon_weight: 'duotone',
  is_owner: true,
  user_role: 'owner',
}
const sub = { ...task, id: 's', title: 'Book hotel', parent_id: task.id, is_completed: true }

describe('export', () => {
  it('writes Markdown with the fields and a checklist', () => {
    const md = taskToMarkdown(task, [sub])
    expect(md).toContain('# Plan trip; pack, bags')
    expect(md).toContain('- **Project:** Holidays')
    expect(md).toContain('- **Priority:** P1')
    expect(md).toContain('- **Repeats:** Every year')
    expect(md).toContain('- **Reminders:** 15 minutes before')
    expect(md).toContain('Passports!')
    expect(md).toContain('- [x] Book hotel')
  })

  it('writes an iCalendar VTODO with escaped text, alarm and rule', () => {
    const ics = taskToIcs(task, [sub], new Date('2026-12-01T10:00:00Z'))
    const lines = ics.split('\r\n')
    expect(lines).toContain('BEGIN:VTODO')
    expect(lines).toContain('SUMMARY:Plan trip\\; pack\\, bags')
    expect(lines).toContain('DUE:20261224T093000Z')
    expect(lines).toContain('PRIORITY:1')
    expect(lines).toContain('CATEGORIES:travel,family')
    expect(lines).toContain('RRULE:FREQ=YEARLY;INTERVAL=1')
    expect(lines).toContain('TRIGGER:-PT15M')
    expect(lines).toContain('DTSTAMP:20261201T100000Z')
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(lines.every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true)
    expect(taskToIcs({ ...task, due_time: null }, []).split('\r\n')).toContain('DUE;VALUE=DATE:20261224')
  })

  it('names the file from the title', () => {
    expect(exportFileName('Plan trip; pack, bags', 'md')).toBe('plan-trip-pack-bags.md')
    expect(exportFileName('¿?', 'ics')).toBe('task.ics')
  })
})

describe('the edit form', () => {
  it('saves only what changed, never a blank title', () => {
    const base = draftOf(task)
    expect(changesOf(base, { ...base })).toEqual({})
    expect(changesOf(base, { ...base, title: '  Plan the trip ', priority: 2 })).toEqual({ title: 'Plan the trip', priority: 2 })
    expect(changesOf(base, { ...base, title: '   ' })).toEqual({})
    expect(changesOf(base, { ...base, notes: '' })).toEqual({ notes: null })
    expect(changesOf(base, { ...base, reminders: [15] })).toEqual({})
    expect(changesOf(base, { ...base, reminders: [5, 15] })).toEqual({ reminders: [5, 15] })
    // The same instant written differently is no change.
    expect(changesOf(base, { ...base, due_time: '2026-12-24T09:30:00.000Z' })).toEqual({})
  })
})
