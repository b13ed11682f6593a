import { describe, expect, it } from 'vitest'
import { taskRow } from '../testing/task-row'
import type { Task } from '../types'
import { addDefaults, buildView, byManualOrder, countViews, parseViewId, projectSection, subtaskProgress, viewDef } from './views'

let seq = 0
function task(over: Partial<Task>): Task {
  seq += 1
  return taskRow({
    id: `t${seq}`,
    user_id: 'me',
    title: `Task ${seq}`,
    sort_order: seq,
    created_at: `2026-12-01T00:00:${String(seq % 60).padStart(2, '0')}Z`,
    updated_at: '2026-12-01T00:00:00Z',
    ...over,
  })
}

const ctx = (zone: string, now: string) => ({ zone, now: new Date(now), userId: 'me', hiddenProjects: new Set<string>(), locale: 'en-US' })
const titles = (sections: { tasks: Task[] }[]) => sections.map((s) => s.tasks.map((t) => t.title))

describe('view buckets', () => {
  it('puts a timed task in Today by the user’s zone, not UTC', () => {
    // 23:30 on Dec 4 in New York is Dec 5 in UTC.
    const late = task({ title: 'late call', due_time: '2026-12-05T04:30:00Z' })
    const now = '2026-12-04T20:00:00Z'
    expect(titles(buildView(viewDef('today'), [late], ctx('America/New_York', now)))).toEqual([['late call']])
    expect(titles(buildView(viewDef('today'), [late], ctx('UTC', now)))).toEqual([[]])
  })

  it('groups Upcoming by day for 7 days, across a DST change', () => {
    const now = '2026-03-07T15:00:00Z'
    const tasks = [
      task({ title: 'sun 9am', due_time: '2026-03-08T13:00:00Z' }), // 09:00 EDT
      task({ title: 'sat', due_date: '2026-03-07' }),
      task({ title: 'fri next', due_date: '2026-03-13' }),
      task({ title: 'sat next (8th day)', due_date: '2026-03-14' }),
      task({ title: 'yesterday', due_date: '2026-03-06' }),
    ]
    const sections = buildView(viewDef('upcoming'), tasks, ctx('America/New_York', now))
    expect(sections.map((s) => s.day)).toEqual(['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-10', '2026-03-11', '2026-03-12', '2026-03-13'])
    expect(sections.map((s) => s.title?.split(' · ')[0])).toEqual(['Today', 'Tomorrow', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
    expect(titles(sections)).toEqual([['sat'], ['sun 9am'], [], [], [], [], ['fri next']])
  })

  it('shows overdue tasks above today’s in Today', () => {
    const now = '2026-12-04T12:00:00Z'
    const tasks = [task({ title: 'today', due_date: '2026-12-04' }), task({ title: 'old', due_date: '2026-11-20' }), task({ title: 'later', due_date: '2026-12-08' })]
    const sections = buildView(viewDef('today'), tasks, ctx('UTC', now))
    expect(sections.map((s) => s.key)).toEqual(['overdue', '2026-12-04'])
    expect(titles(sections)).toEqual([['old'], ['today']])
  })

  it('separates Inbox, Anytime, Someday, All and Logbook', () => {
    const now = '2026-12-04T12:00:00Z'
    const tasks = [
      task({ title: 'inbox undated' }),
      task({ title: 'inbox urgent', priority: 4 }),
      task({ title: 'project dated', project_id: 'p1', due_date: '2026-12-10' }),
      task({ title: 'someone else’s', user_id: 'other', project_id: 'p1' }),
      task({ title: 'done', is_completed: true, completed_at: '2026-12-04T10:00:00Z' }),
      task({ title: 'done before', is_completed: true, completed_at: '2026-12-02T10:00:00Z' }),
      task({ title: 'subtask', parent_id: 't1' }),
      task({ title: 'binned', is_deleted: true }),
      task({ title: 'archived', project_id: 'gone' }),
    ]
    const c = { ...ctx('UTC', now), hiddenProjects: new Set(['gone']) }
    const show = (id: Parameters<typeof viewDef>[0]) => titles(buildView(viewDef(id), tasks, c)).flat()
    expect(show('inbox')).toEqual(['inbox undated', 'inbox urgent'])
    expect(show('anytime')).toEqual(['inbox undated', 'inbox urgent', 'someone else’s'])
    expect(show('someday')).toEqual(['inbox undated', 'someone else’s'])
    expect(show('all')).toEqual(['inbox undated', 'inbox urgent', 'project dated', 'someone else’s'])
    expect(show('logbook')).toEqual(['done', 'done before'])
    expect(buildView(viewDef('logbook'), tasks, c).map((s) => s.title)).toEqual(['Today · Fri, Dec 4', 'Wed, Dec 2'])
    expect(countViews(tasks, c)).toEqual({ inbox: 2, assigned: 0, today: 0, upcoming: 1, anytime: 3, someday: 2, logbook: 2, all: 4 })
  })

  it('lists open tasks assigned to me, whoever owns them, soonest due first', () => {
    const now = '2026-12-04T12:00:00Z'
    const tasks = [
      task({ title: 'mine, undated', assigned_to: 'me' }),
      task({ title: 'theirs, due soon', user_id: 'other', assigned_to: 'me', due_date: '2026-12-05' }),
      task({ title: 'theirs, to someone else', user_id: 'other', assigned_to: 'someone' }),
      task({ title: 'done', user_id: 'other', assigned_to: 'me', is_completed: true }),
      task({ title: 'unassigned' }),
    ]
    const c = ctx('UTC', now)
    expect(titles(buildView(viewDef('assigned'), tasks, c)).flat()).toEqual(['theirs, due soon', 'mine, undated'])
    expect(countViews(tasks, c).assigned).toBe(2)
    expect(parseViewId('assigned')).toBe('assigned')
  })
})

describe('a task completed a moment ago', () => {
  it('stays in its view and its project, checked, while it lingers; the counts drop at once', () => {
    const now = '2026-12-04T06:00:00Z'
    const done = task({ title: 'done', project_id: 'p', is_completed: true, completed_at: now })
    const other = task({ title: 'other', project_id: 'p' })
    const lingering = new Set([done.id])
    const c = { ...ctx('UTC', now), lingering }
    expect(titles(buildView(viewDef('all'), [done, other], c))).toEqual([['done', 'other']])
    expect(titles(buildView(viewDef('all'), [done, other], ctx('UTC', now)))).toEqual([['other']])
    expect(titles(projectSection([done, other], 'p', lingering))).toEqual([['done', 'other']])
    expect(titles(projectSection([done, other], 'p'))).toEqual([['other']])
    expect(countViews([done, other], ctx('UTC', now)).all).toBe(1)
  })
})

describe('sort orders', () => {
  it('keeps manual order, with a duplicate right below its original', () => {
    const a = task({ title: 'a', sort_order: 5, created_at: '2026-12-01T00:00:00Z' })
    const copy = task({ title: 'a copy', sort_order: 5, created_at: '2026-12-02T00:00:00Z' })
    const b = task({ title: 'b', sort_order: 6 })
    const top = task({ title: 'top', sort_order: -1 })
    expect([b, copy, a, top].sort(byManualOrder).map((t) => t.title)).toEqual(['top', 'a', 'a copy', 'b'])
  })

  it('orders a day by time, then priority (P1 first)', () => {
    const now = '2026-12-04T06:00:00Z'
    const tasks = [
      task({ title: 'untimed low', due_date: '2026-12-04', priority: 1 }),
      task({ title: 'untimed urgent', due_date: '2026-12-04', priority: 4 }),
      task({ title: '10:00', due_date: '2026-12-04', due_time: '2026-12-04T10:00:00Z' }),
      task({ title: '08:00', due_date: '2026-12-04', due_time: '2026-12-04T08:00:00Z', priority: 1 }),
    ]
    expect(titles(buildView(viewDef('today'), tasks, ctx('UTC', now)))).toEqual([['08:00', '10:00', 'untimed urgent', 'untimed low']])
  })
})

describe('the registry', () => {
  it('reads ?view= and falls back to All', () => {
    expect(parseViewId('today')).toBe('today')
    expect(parseViewId('TODAY')).toBe('today')
    expect(parseViewId('nope')).toBe('all')
    expect(parseViewId(null)).toBe('all')
  })

  it('gives an added task the section’s day or the project', () => {
    expect(addDefaults({ kind: 'project', projectId: 'p' }, undefined, '2026-12-04')).toEqual({ project_id: 'p' })
    expect(addDefaults({ kind: 'view', view: 'today' }, undefined, '2026-12-04')).toEqual({ due_date: '2026-12-04' })
    expect(addDefaults({ kind: 'view', view: 'upcoming' }, { day: '2026-12-06' }, '2026-12-04')).toEqual({ due_date: '2026-12-06' })
    expect(addDefaults({ kind: 'view', view: 'inbox' }, undefined, '2026-12-04')).toEqual({})
  })

  it('counts subtasks done', () => {
    const tasks = [task({ id: 'p' }), task({ parent_id: 'p' }), task({ parent_id: 'p', is_completed: true }), task({ parent_id: 'p', is_deleted: true })]
    expect(subtaskProgress(tasks).get('p')).toEqual({ done: 1, total: 2 })
  })
})
