import { describe, expect, it } from 'vitest'
import type { Project } from '../types'
import { parse } from './parse'
import { defaultProject, findProject, toNewTask } from './to-task'

const project = (id: string, name: string, archived = false) => ({ id, name, is_archived: archived }) as Project
const PROJECTS = [project('00000000-0000-4000-8000-000000000001', 'Work'), project('00000000-0000-4000-8000-000000000002', 'Old', true)]
const opts = { now: new Date('2026-11-26T18:00:00Z'), timeZone: 'America/New_York' }

describe('findProject and defaultProject', () => {
  it('matches names case-insensitively and skips archived projects', () => {
    expect(findProject(PROJECTS, 'work')?.id).toBe(PROJECTS[0]?.id)
    expect(findProject(PROJECTS, 'old')).toBeNull()
    expect(findProject(PROJECTS, 'nope')).toBeNull()
  })
  it('takes the preference by id or name, else the route', () => {
    expect(defaultProject(PROJECTS, PROJECTS[0]?.id, undefined)?.name).toBe('Work')
    expect(defaultProject(PROJECTS, 'WORK', undefined)?.name).toBe('Work')
    expect(defaultProject(PROJECTS, 'missing', PROJECTS[0]?.id)?.name).toBe('Work')
    expect(defaultProject(PROJECTS, null, undefined)).toBeNull()
  })
})

describe('toNewTask', () => {
  it('builds the row of a full phrase', () => {
    const row = toNewTask(parse('Call Sam tomorrow at 2pm p1 #work @calls', opts), PROJECTS[0] ?? null, opts.timeZone, '2026-11-26')
    expect(row).toEqual({
      title: 'Call Sam',
      priority: 4,
      due_date: '2026-11-27',
      // 14:00 in New York (EST, UTC−5)
      due_time: '2026-11-27T19:00:00.000Z',
      tags: 'work, calls',
      project_id: PROJECTS[0]?.id,
      list: 'Work',
      recurrence: null,
    })
  })
  it('leaves what the text did not set empty', () => {
    expect(toNewTask(parse('Buy milk', opts), null, opts.timeZone, '2026-11-26')).toEqual({
      title: 'Buy milk',
      priority: 0,
      due_date: null,
      due_time: null,
      tags: null,
      project_id: null,
      list: null,
      recurrence: null,
    })
  })
  it('starts a recurring task on its first occurrence', () => {
    const row = toNewTask(parse('Gym every monday and wednesday', opts), null, opts.timeZone, '2026-11-26')
    expect(row.due_date).toBe('2026-11-30')
    expect(JSON.parse(row.recurrence ?? 'null')).toEqual({ type: 'weekly', interval: 1, daysOfWeek: [1, 3] })
  })
  it('maps P1–P4 to the stored scale', () => {
    const stored = ['p1', 'p2', 'p3', 'p4'].map((p) => toNewTask(parse(`x ${p}`, opts), null, 'UTC', '2026-11-26').priority)
    expect(stored).toEqual([4, 3, 2, 1])
  })
})
