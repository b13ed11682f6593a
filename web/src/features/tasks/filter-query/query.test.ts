import { describe, expect, it } from 'vitest'
import type { Condition, FilterData } from '../smart-filters/engine'
import { compileQuery, fromFilterData, matchesQuery, parseQuery, type QueryContext } from './query'
import type { Task } from '../types'

const WORK = '11111111-1111-4111-8111-111111111111'
const SOMEDAY = '22222222-2222-4222-8222-222222222222'
const BIG = '33333333-3333-4333-8333-333333333333'
const qc: QueryContext = {
  projects: [
    { id: WORK, name: 'Work' },
    { id: SOMEDAY, name: 'someday' },
    { id: BIG, name: 'Big Plans' },
  ],
}

const and = (...conditions: Condition[]): FilterData => ({ logic: 'AND', conditions })
const or = (...conditions: Condition[]): FilterData => ({ logic: 'OR', conditions })

/** Query → filters_data (001 §3), the table the issue asks for. */
const TABLE: [string, FilterData][] = [
  ['today', and({ field: 'due_date', operator: 'is_today' })],
  ['today & p1', and({ field: 'due_date', operator: 'is_today' }, { field: 'priority', operator: 'equals', value: 4 })],
  ['overdue | #work', or({ field: 'due_date', operator: 'is_overdue' }, { field: 'project_id', operator: 'equals', value: WORK })],
  ['@waiting & !#someday', and({ field: 'tags', operator: 'contains', value: 'waiting' }, { field: 'project_id', operator: 'not_equals', value: SOMEDAY })],
  ['due before: next week', and({ field: 'due_date', operator: 'less_than', value: 'now+1w' })],
  ['due after: tomorrow', and({ field: 'due_date', operator: 'greater_than', value: 'tomorrow' })],
  ['due before: 2026-12-01', and({ field: 'due_date', operator: 'less_than', value: '2026-12-01' })],
  ['created after: 3 days ago', and({ field: 'created_at', operator: 'greater_than', value: 'now-3d' })],
  ['due before: in 10 days', and({ field: 'due_date', operator: 'less_than', value: 'now+10d' })],
  ['no date', and({ field: 'due_date', operator: 'is_empty' })],
  ['!no date', and({ field: 'due_date', operator: 'is_not_empty' })],
  ['search: report', and({ field: 'title', operator: 'contains', value: 'report' })],
  ['search: quarterly report', and({ field: 'title', operator: 'contains', value: 'quarterly report' })],
  ['(p1 | p2)', or({ field: 'priority', operator: 'equals', value: 4 }, { field: 'priority', operator: 'equals', value: 3 })],
  ['!(p1 | p2)', and({ field: 'priority', operator: 'not_equals', value: 4 }, { field: 'priority', operator: 'not_equals', value: 3 })],
  ['p4 | (p3 | p2)', or({ field: 'priority', operator: 'equals', value: 1 }, { field: 'priority', operator: 'equals', value: 2 }, { field: 'priority', operator: 'equals', value: 3 })],
  ['#Inbox & !completed', and({ field: 'project_id', operator: 'is_empty' }, { field: 'completed', operator: 'equals', value: false })],
  ['#"Big Plans" | starred', or({ field: 'project_id', operator: 'equals', value: BIG }, { field: 'is_starred', operator: 'equals', value: true })],
  ['##work', and({ field: 'project_id', operator: 'equals', value: WORK })],
  ['TODAY & P1', and({ field: 'due_date', operator: 'is_today' }, { field: 'priority', operator: 'equals', value: 4 })],
  ['recurring & this week', and({ field: 'recurrence', operator: 'is_not_empty' }, { field: 'due_date', operator: 'is_this_week' })],
  ['importance greater_than: 1 & !(urgency less_than: 2)', and({ field: 'importance', operator: 'greater_than', value: 1 }, { field: 'urgency', operator: 'greater_than', value: 1 })],
  ['has_subtasks equals: yes', and({ field: 'has_subtasks', operator: 'equals', value: true })],
  ['notes is_empty', and({ field: 'notes', operator: 'is_empty' })],
  ['due: overdue', and({ field: 'due_date', operator: 'is_overdue' })],
  ['completed today', and({ field: 'completed_at', operator: 'is_today' })],
  ['assigned to: me', and({ field: 'assigned_to', operator: 'equals', value: 'me' })],
  ['assigned to: me & today', and({ field: 'assigned_to', operator: 'equals', value: 'me' }, { field: 'due_date', operator: 'is_today' })],
  ['!assigned to: me', and({ field: 'assigned_to', operator: 'not_equals', value: 'me' })],
  ['assigned to: nobody | assigned to: anyone', or({ field: 'assigned_to', operator: 'is_empty' }, { field: 'assigned_to', operator: 'is_not_empty' })],
]

describe('compileQuery', () => {
  it.each(TABLE)('%s', (query, want) => {
    const got = compileQuery(query, qc)
    expect(got).toEqual({ ok: true, data: want })
  })

  it.each(TABLE)('%s round-trips through the condition rows', (_query, want) => {
    const text = fromFilterData(want, qc)
    expect(compileQuery(text, qc)).toEqual({ ok: true, data: want })
  })

  it('writes conditions back in the words people type', () => {
    expect(fromFilterData(TABLE[3]?.[1] as FilterData, qc)).toBe('@waiting & !#someday')
    expect(fromFilterData(and({ field: 'due_date', operator: 'less_than', value: 'now+1w' }), qc)).toBe('due before: next week')
    expect(fromFilterData(and({ field: 'created_at', operator: 'greater_than', value: 'now-3d' }), qc)).toBe('created after: 3 days ago')
    expect(fromFilterData(or({ field: 'project_id', operator: 'equals', value: BIG }, { field: 'priority', operator: 'equals', value: 4 }), qc)).toBe('#"Big Plans" | p1')
  })
})

/** Bad query → where the error points (position, length) and what it says. */
const BAD: [string, number, number, RegExp][] = [
  ['tody & p1', 0, 4, /Unknown term “tody”/],
  ['today & ', 7, 1, /Expected a condition at the end/],
  ['today && p1', 7, 1, /Expected a condition here/],
  ['(today | p1', 0, 1, /never closed/],
  ['today)', 5, 1, /never opened/],
  ['#nowhere | p1', 0, 8, /No project named “nowhere”/],
  ['due before: someday', 12, 7, /“someday” is not a date/],
  ['p1 & bogus: 3', 5, 6, /Unknown filter “bogus:”/],
  ['#work, #someday', 5, 1, /Commas/],
  ['today & (p1 | #work)', 12, 1, /this \| inside & cannot be saved/],
  ['p1 | p2 & #work', 8, 1, /this & inside \| cannot be saved/],
  ['!today', 0, 1, /“today” cannot be negated/],
  ['assigned to: Bea', 13, 3, /use me, nobody or anyone/],
  ['added by: me', 0, 12, /do not record who/],
  ['search: "open', 0, 13, /quote is never closed/],
  ['priority equals: 9', 17, 1, /from 0 to 4/],
  ['notes greater_than: 2', 0, 21, /notes has no operator greater_than/],
  ['', 0, 1, /Type a query/],
]

describe('bad queries', () => {
  it.each(BAD)('%s', (query, at, length, message) => {
    const got = compileQuery(query, qc)
    expect(got.ok).toBe(false)
    if (got.ok) return
    expect(got.error.message).toMatch(message)
    expect([got.error.at, got.error.length]).toEqual([at, length])
  })

  it('caps a saved filter at ten conditions', () => {
    const got = compileQuery(Array.from({ length: 11 }, () => 'p1').join(' | '), qc)
    expect(got.ok ? null : got.error.message).toBe('Maximum 10 conditions allowed')
  })
})

describe('matchesQuery', () => {
  const base: Task = {
    id: 't', user_id: 'u', title: 'Write report', notes: null, due_date: null, due_time: null, priority: 0, tags: null,
    list: '', project_id: null, location: null, reminders: [], recurrence: null, is_completed: false, completed_at: null,
    is_starred: false, is_deleted: false, sort_order: 0, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z',
    importance: 0, urgency: 0, parent_id: null, assigned_to: null, team_id: null,
  } as unknown as Task
  const ctx = { zone: 'UTC', now: new Date('2026-11-27T12:00:00Z') }
  const tasks: Record<string, Task> = {
    todayP1: { ...base, id: 'a', due_date: '2026-11-27', priority: 4 },
    lateWork: { ...base, id: 'b', due_date: '2026-11-20', project_id: WORK },
    someday: { ...base, id: 'c', tags: 'waiting', project_id: SOMEDAY },
    waiting: { ...base, id: 'd', tags: 'waiting, errands' },
  }
  const ids = (q: string) => {
    const p = parseQuery(q, qc)
    if (!p.ok) throw new Error(p.error.message)
    return Object.values(tasks).filter((t) => matchesQuery(t, p.node, ctx)).map((t) => t.id)
  }
  it('evaluates the tree with the smart-filter engine', () => {
    expect(ids('today & p1')).toEqual(['a'])
    expect(ids('overdue | #work')).toEqual(['b'])
    expect(ids('@waiting & !#someday')).toEqual(['d'])
    expect(ids('!today')).toEqual(['b', 'c', 'd'])
    expect(ids('today & (p1 | #work)')).toEqual(['a'])
    expect(ids('due before: today')).toEqual(['b'])
  })
})
