import { describe, expect, it } from 'vitest'
import { taskRow as task } from '../testing/task-row'
import type { Task } from '../types'
import {
  compile,
  type Condition,
  type EvalContext,
  FIELD_KIND,
  FIELDS,
  holds,
  matches,
  OPERATORS_BY_KIND,
  readFilterData,
  resolveDay,
  resolveInstant,
  serverClause,
} from './engine'

const ME_ID = '44444444-4444-4444-8444-444444444444'
const BEA = '55555555-5555-4555-8555-555555555555'

// Thursday 26 Nov 2026, 18:00 UTC = 13:00 in New York.
const ctx: EvalContext = {
  zone: 'America/New_York',
  now: new Date('2026-11-26T18:00:00Z'),
  userId: ME_ID,
  parents: new Set(['parent']),
  withAttachments: new Set(['attached']),
}

const P = '00000000-0000-4000-8000-000000000001'

// [field, operator, value, task that holds, task that does not]
type Row = [Condition['field'], Condition['operator'], unknown, Partial<Task>, Partial<Task>]
const ROWS: Row[] = [
  ['title', 'contains', 'REPORT', {}, { title: 'Call mum' }],
  ['title', 'not_contains', 'report', { title: 'Call mum' }, {}],
  ['title', 'starts_with', 'write', {}, { title: 'Rewrite it' }],
  ['title', 'ends_with', 'report', {}, { title: 'Report it' }],
  ['title', 'is_empty', undefined, { title: '  ' }, {}],
  ['title', 'is_not_empty', undefined, {}, { title: '' }],
  ['notes', 'contains', 'cake', { notes: 'Buy a Cake' }, { notes: null }],
  ['notes', 'not_contains', 'cake', { notes: null }, { notes: 'cake' }],
  ['notes', 'starts_with', 'buy', { notes: 'Buy a cake' }, { notes: 'a cake' }],
  ['notes', 'ends_with', 'cake', { notes: 'Buy a cake' }, { notes: 'cake!' }],
  ['notes', 'is_empty', undefined, { notes: null }, { notes: 'x' }],
  ['notes', 'is_not_empty', undefined, { notes: 'x' }, { notes: '' }],
  ['tags', 'contains', 'work', { tags: 'home, work' }, { tags: 'home' }],
  ['tags', 'not_contains', 'work', { tags: 'home' }, { tags: 'work' }],
  ['tags', 'starts_with', 'home', { tags: 'home, work' }, { tags: 'work, home' }],
  ['tags', 'ends_with', 'work', { tags: 'home, work' }, { tags: 'work, home' }],
  ['tags', 'is_empty', undefined, { tags: null }, { tags: 'a' }],
  ['tags', 'is_not_empty', undefined, { tags: 'a' }, { tags: null }],
  ['completed', 'equals', true, { is_completed: true }, {}],
  ['completed', 'equals', 'No', {}, { is_completed: true }],
  ['completed', 'not_equals', 'Yes', {}, { is_completed: true }],
  ['is_starred', 'equals', 'Yes', { is_starred: true }, {}],
  ['is_starred', 'not_equals', true, {}, { is_starred: true }],
  ['has_notes', 'equals', true, { notes: 'n' }, { notes: ' ' }],
  ['has_notes', 'not_equals', true, { notes: null }, { notes: 'n' }],
  ['has_reminders', 'equals', true, { reminders: [15] }, {}],
  ['has_reminders', 'not_equals', true, {}, { reminders: [0] }],
  ['has_subtasks', 'equals', true, { id: 'parent' }, {}],
  ['has_subtasks', 'not_equals', true, {}, { id: 'parent' }],
  ['has_attachments', 'equals', true, { id: 'attached' }, {}],
  ['has_attachments', 'not_equals', true, {}, { id: 'attached' }],
  ['priority', 'equals', 3, { priority: 3 }, { priority: 4 }],
  ['priority', 'equals', 'High', { priority: 3 }, { priority: 2 }],
  ['priority', 'not_equals', 'None', { priority: 1 }, { priority: 0 }],
  ['priority', 'greater_than', 'Medium', { priority: 3 }, { priority: 2 }],
  ['priority', 'less_than', 'Low', { priority: 0 }, { priority: 1 }],
  ['importance', 'equals', 'High', { importance: 3 }, { importance: 0 }],
  ['importance', 'not_equals', 0, { importance: 2 }, {}],
  ['importance', 'greater_than', 1, { importance: 2 }, { importance: 1 }],
  ['importance', 'less_than', 2, { importance: 1 }, { importance: 2 }],
  ['urgency', 'equals', 2, { urgency: 2 }, { urgency: 3 }],
  ['urgency', 'not_equals', 2, { urgency: 3 }, { urgency: 2 }],
  ['urgency', 'greater_than', 'Low', { urgency: 2 }, { urgency: 1 }],
  ['urgency', 'less_than', 'High', { urgency: 2 }, { urgency: 3 }],
  ['due_date', 'is_today', undefined, { due_date: '2026-11-26' }, { due_date: '2026-11-27' }],
  // Only a time: 23:30 New York on the 26th is the 27th in UTC, still today.
  ['due_date', 'is_today', undefined, { due_time: '2026-11-27T04:30:00Z' }, { due_time: '2026-11-27T05:30:00Z' }],
  ['due_date', 'is_this_week', undefined, { due_date: '2026-11-29' }, { due_date: '2026-11-30' }],
  ['due_date', 'is_this_week', undefined, { due_date: '2026-11-23' }, { due_date: '2026-11-22' }],
  ['due_date', 'is_overdue', undefined, { due_date: '2026-11-25' }, { due_date: '2026-11-25', is_completed: true }],
  ['due_date', 'is_empty', undefined, {}, { due_date: '2026-11-26' }],
  ['due_date', 'is_not_empty', undefined, { due_time: '2026-11-27T04:30:00Z' }, {}],
  ['due_date', 'greater_than', '2026-11-30', { due_date: '2026-12-01' }, { due_date: '2026-11-30' }],
  ['due_date', 'less_than', 'now+2d', { due_date: '2026-11-27' }, { due_date: '2026-11-28' }],
  ['due_date', 'greater_than', 'today', { due_date: '2026-11-27' }, { due_date: '2026-11-26' }],
  ['created_at', 'is_today', undefined, { created_at: '2026-11-26T06:00:00Z' }, { created_at: '2026-11-26T04:00:00Z' }],
  ['created_at', 'is_this_week', undefined, { created_at: '2026-11-23T06:00:00Z' }, { created_at: '2026-11-23T04:00:00Z' }],
  ['created_at', 'is_overdue', undefined, { created_at: '2026-11-25T12:00:00Z' }, { created_at: '2026-11-26T12:00:00Z' }],
  ['created_at', 'greater_than', 'now-3d', { created_at: '2026-11-24T12:00:00Z' }, { created_at: '2026-11-23T12:00:00Z' }],
  ['created_at', 'less_than', 'now-3d', { created_at: '2026-11-23T12:00:00Z' }, { created_at: '2026-11-24T12:00:00Z' }],
  ['created_at', 'is_empty', undefined, { created_at: null as unknown as string }, {}],
  ['created_at', 'is_not_empty', undefined, {}, { created_at: null as unknown as string }],
  ['completed_at', 'is_this_week', undefined, { completed_at: '2026-11-29T12:00:00Z' }, { completed_at: '2026-11-20T12:00:00Z' }],
  ['completed_at', 'is_overdue', undefined, { completed_at: '2026-11-20T12:00:00Z' }, { completed_at: null }],
  ['completed_at', 'less_than', 'now-1d', { completed_at: '2026-11-20T12:00:00Z' }, { completed_at: '2026-11-26T12:00:00Z' }],
  ['completed_at', 'is_today', undefined, { completed_at: '2026-11-26T17:00:00Z' }, { completed_at: null }],
  ['completed_at', 'is_empty', undefined, {}, { completed_at: '2026-11-26T17:00:00Z' }],
  ['completed_at', 'is_not_empty', undefined, { completed_at: '2026-11-26T17:00:00Z' }, {}],
  ['completed_at', 'greater_than', '2026-11-26', { completed_at: '2026-11-26T06:00:00Z' }, { completed_at: '2026-11-26T04:00:00Z' }],
  ['project_id', 'equals', P, { project_id: P }, {}],
  ['project_id', 'not_equals', P, {}, { project_id: P }],
  ['project_id', 'is_empty', undefined, {}, { project_id: P }],
  ['project_id', 'is_not_empty', undefined, { project_id: P }, {}],
  ['recurrence', 'equals', 'weekly', { recurrence: '{"type":"weekly","interval":1}' }, { recurrence: '{"type":"daily","interval":1}' }],
  ['recurrence', 'not_equals', 'weekly', {}, { recurrence: '{"type":"weekly","interval":1}' }],
  ['recurrence', 'is_empty', undefined, {}, { recurrence: '{"type":"daily","interval":1}' }],
  ['recurrence', 'is_not_empty', undefined, { recurrence: '{"type":"daily","interval":1}' }, { recurrence: 'null' }],
  ['assigned_to', 'equals', 'me', { assigned_to: ME_ID }, { assigned_to: BEA }],
  ['assigned_to', 'equals', BEA, { assigned_to: BEA }, { assigned_to: ME_ID }],
  ['assigned_to', 'not_equals', 'me', { assigned_to: BEA }, { assigned_to: ME_ID }],
  ['assigned_to', 'is_empty', undefined, {}, { assigned_to: BEA }],
  ['assigned_to', 'is_not_empty', undefined, { assigned_to: ME_ID }, {}],
]

describe('every field and operator', () => {
  it.each(ROWS)('%s %s %j', (field, operator, value, yes, no) => {
    const c: Condition = { field, operator, value }
    expect(holds(task(yes), c, ctx)).toBe(true)
    expect(holds(task(no), c, ctx)).toBe(false)
  })

  it('covers every operator each field offers', () => {
    for (const field of FIELDS) {
      for (const operator of OPERATORS_BY_KIND[FIELD_KIND[field]]) {
        expect(ROWS.some(([f, o]) => f === field && o === operator), `${field} ${operator}`).toBe(true)
      }
    }
  })
})

describe('logic', () => {
  const done = { field: 'completed', operator: 'equals', value: false } as const
  const starred = { field: 'is_starred', operator: 'equals', value: true } as const
  it('AND needs all, OR any, none matches nothing', () => {
    expect(matches(task({ is_starred: true }), { logic: 'AND', conditions: [done, starred] }, ctx)).toBe(true)
    expect(matches(task({}), { logic: 'AND', conditions: [done, starred] }, ctx)).toBe(false)
    expect(matches(task({}), { logic: 'OR', conditions: [done, starred] }, ctx)).toBe(true)
    expect(matches(task({}), { logic: 'OR', conditions: [] }, ctx)).toBe(false)
  })
})

describe('server narrowing', () => {
  it('builds logic trees', () => {
    expect(serverClause({ field: 'title', operator: 'contains', value: 'report' }, ctx)).toBe('title.ilike."*report*"')
    expect(serverClause({ field: 'completed', operator: 'equals', value: 'No' }, ctx)).toBe('is_completed.is.false')
    expect(serverClause({ field: 'priority', operator: 'greater_than', value: 'Medium' }, ctx)).toBe('priority.gt.2')
    expect(serverClause({ field: 'due_date', operator: 'is_today', value: null }, ctx)).toBe(
      'or(and(due_date.gte.2026-11-26,due_date.lte.2026-11-26),and(due_date.is.null,due_time.gte."2026-11-26T05:00:00.000Z",due_time.lt."2026-11-27T05:00:00.000Z"))',
    )
    expect(serverClause({ field: 'created_at', operator: 'greater_than', value: 'now-3d' }, ctx)).toBe('created_at.gt."2026-11-23T18:00:00.000Z"')
    expect(serverClause({ field: 'assigned_to', operator: 'equals', value: 'me' }, ctx)).toBe(`assigned_to.eq.${ME_ID}`)
    expect(serverClause({ field: 'assigned_to', operator: 'not_equals', value: 'me' }, ctx)).toBe(`or(assigned_to.is.null,assigned_to.neq.${ME_ID})`)
    expect(serverClause({ field: 'assigned_to', operator: 'is_empty' }, ctx)).toBe('assigned_to.is.null')
  })
  it("reads 'me' as no one without a viewer", () => {
    const anonymous = { ...ctx, userId: undefined }
    expect(holds(task({ assigned_to: ME_ID }), { field: 'assigned_to', operator: 'equals', value: 'me' }, anonymous)).toBe(false)
    expect(serverClause({ field: 'assigned_to', operator: 'equals', value: 'me' }, anonymous)).toBeNull()
  })
  it('leaves to the client what PostgREST cannot say', () => {
    expect(serverClause({ field: 'title', operator: 'contains', value: '50%' }, ctx)).toBeNull()
    expect(serverClause({ field: 'has_subtasks', operator: 'equals', value: true }, ctx)).toBeNull()
    expect(serverClause({ field: 'recurrence', operator: 'is_empty' }, ctx)).toBeNull()
  })
  it('narrows AND by what it knows and OR only when it knows all', () => {
    const a: Condition = { field: 'completed', operator: 'equals', value: false }
    const b: Condition = { field: 'has_subtasks', operator: 'equals', value: true }
    expect(compile({ logic: 'AND', conditions: [a, b] }, ctx)).toBe('and(is_completed.is.false)')
    expect(compile({ logic: 'OR', conditions: [a, b] }, ctx)).toBeNull()
    expect(compile({ logic: 'OR', conditions: [a, a] }, ctx)).toBe('or(is_completed.is.false,is_completed.is.false)')
  })
})

describe('values and stored data', () => {
  it('reads relative and absolute dates', () => {
    expect(resolveInstant('now-3d', ctx)?.toISOString()).toBe('2026-11-23T18:00:00.000Z')
    expect(resolveInstant('now+1w', ctx)?.toISOString()).toBe('2026-12-03T18:00:00.000Z')
    expect(resolveInstant('now+2h', ctx)?.toISOString()).toBe('2026-11-26T20:00:00.000Z')
    expect(resolveDay('now-1m', ctx)).toBe('2026-10-26')
    expect(resolveDay('today', ctx)).toBe('2026-11-26')
    expect(resolveDay('2026-12-01', ctx)).toBe('2026-12-01')
    expect(resolveInstant('soon', ctx)).toBeNull()
  })
  it('reads filters_data, dropping unknown conditions', () => {
    expect(readFilterData('{"conditions":[{"field":"title","operator":"contains","value":"a"},{"field":"x","operator":"y"}],"logic":"OR"}')).toEqual({
      logic: 'OR',
      conditions: [{ field: 'title', operator: 'contains', value: 'a' }],
    })
    expect(readFilterData('not json')).toBeNull()
    expect(readFilterData('{"logic":"AND"}')).toBeNull()
  })
})
