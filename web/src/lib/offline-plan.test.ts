import { describe, expect, it } from 'vitest'
import { type Base, type QueuedChange, coalesce, expectedAt, plan, resolve } from './offline-plan'

const ins = (id: string, values: Record<string, unknown> = {}): QueuedChange => ({ kind: 'insert', table: 'tasks', id, values: { id, title: id, ...values } })
const upd = (id: string, patch: Record<string, unknown>, base: Base | null = null): QueuedChange => ({ kind: 'update', table: 'tasks', id, patch, base })
const at = (updated_at: string, values: Record<string, unknown>): Base => ({ updated_at, values })

/** Each step as the ids it sends: inserts as one list, edits as their chains. */
const shape = (queue: QueuedChange[]) =>
  plan(queue).map((s) => (s.kind === 'inserts' ? { inserts: s.units.map((u) => u.change.id) } : { updates: s.chains.map((c) => c.map((u) => u.change.id)) }))

describe('coalesce', () => {
  it('folds an edit into the insert right before it, and two edits of a row in a row', () => {
    const a = ins('a')
    const a1 = upd('a', { title: 'A', notes: 'n' })
    const b1 = upd('b', { title: 'B' }, at('t1', { title: 'b' }))
    const b2 = upd('b', { title: 'BB', priority: 1 }, at('t1', { title: 'b', priority: 4 }))
    const units = coalesce([a, a1, b1, b2])
    expect(units).toHaveLength(2)
    expect(units[0]).toEqual({ change: { ...a, values: { id: 'a', title: 'A', notes: 'n' } }, from: [a, a1] })
    // The earlier edit's base keeps the server's title (not the first edit's own).
    expect(units[1]!.change).toEqual(upd('b', { title: 'BB', priority: 1 }, at('t1', { title: 'b', priority: 4 })))
    expect(units[1]!.from).toEqual([b1, b2])
  })

  it('keeps a flag the server acts on, and its undo, as changes of their own', () => {
    const queue = [ins('a'), upd('a', { is_completed: true }), upd('a', { is_completed: false }), upd('a', { is_deleted: true }), upd('a', { is_deleted: false })]
    // Completing a new row is sent after its insert (recurrence); complete + reopen both go.
    // Reopen then trash touch different flags: one change.
    expect(coalesce(queue).map((u) => u.from.length)).toEqual([1, 1, 2, 1])
  })

  it('never folds edits that started from different rows, nor changes of rows apart', () => {
    expect(coalesce([upd('a', { title: 'x' }, at('t1', {})), upd('a', { title: 'y' }, at('t2', {}))])).toHaveLength(2)
    expect(coalesce([upd('a', { title: 'x' }, at('t1', {})), upd('a', { title: 'y' })])).toHaveLength(2)
    expect(coalesce([ins('a'), ins('b'), upd('a', { title: 'x' })])).toHaveLength(3)
  })
})

describe('plan', () => {
  it('sends runs of inserts together and runs of edits as one chain per row, in order', () => {
    const queue = [
      ins('a'),
      ins('b'),
      upd('x', { is_completed: true }, at('t', {})),
      upd('y', { title: 'y' }, at('t', {})),
      upd('x', { is_completed: false }, at('t', {})),
      upd('z', { is_deleted: true }, at('t', {})),
      upd('y', { priority: 2 }, at('t', {})),
      upd('w', { project_id: 'p' }, at('t', {})),
      upd('v', { parent_id: 'a' }, null),
      ins('c'),
    ]
    expect(shape(queue)).toEqual([
      { inserts: ['a', 'b'] },
      { updates: [['x', 'x'], ['y']] },
      // Trashing or moving reaches the subtasks: alone, between the runs.
      { updates: [['z']] },
      { updates: [['y']] },
      { updates: [['w']] },
      { updates: [['v']] },
      { inserts: ['c'] },
    ])
  })

  it('accounts for every queued change exactly once', () => {
    const queue = [ins('a'), upd('a', { title: 'A' }), ins('b'), upd('c', { title: 'c' }, at('t', {})), upd('c', { notes: 'n' }, at('t', {})), upd('d', { is_deleted: true }, null)]
    const from = plan(queue).flatMap((s) => (s.kind === 'inserts' ? s.units : s.chains.flat()).flatMap((u) => u.from))
    expect(from).toHaveLength(queue.length)
    expect(new Set(from)).toEqual(new Set(queue))
  })

  it('plans nothing for an empty queue', () => {
    expect(plan([])).toEqual([])
  })
})

describe('resolve', () => {
  it("keeps the server's newer value of a field both changed and applies the rest", () => {
    const server = { title: 'Theirs', notes: 'old', priority: 4 }
    const { rest, conflicts } = resolve({ title: 'Mine', notes: 'new', priority: 4 }, at('t1', { title: 'Orig', notes: 'old', priority: 4 }), server)
    expect(conflicts).toEqual([{ field: 'title', yours: 'Mine', theirs: 'Theirs' }])
    // priority: already the server's value, nothing to send.
    expect(rest).toEqual({ notes: 'new' })
  })

  it('is no conflict when both sides made the same change, or without a base', () => {
    expect(resolve({ title: 'Same' }, at('t1', { title: 'Orig' }), { title: 'Same' })).toEqual({ rest: {}, conflicts: [] })
    expect(resolve({ title: 'Mine' }, null, { title: 'Theirs' })).toEqual({ rest: { title: 'Mine' }, conflicts: [] })
    // null and absent are the same value.
    expect(resolve({ notes: null }, at('t1', { notes: 'x' }), {})).toEqual({ rest: {}, conflicts: [] })
  })
})

describe('expectedAt', () => {
  it('moves an edit to the updated_at this replay left on its row', () => {
    const base = at('t1', { title: 'a' })
    expect(expectedAt(base, { from: 't1', to: 't2' })).toEqual(at('t2', { title: 'a' }))
    expect(expectedAt(base, { from: 't0', to: 't2' })).toBe(base)
    expect(expectedAt(base, undefined)).toBe(base)
    expect(expectedAt(null, { from: 't1', to: 't2' })).toBeNull()
  })
})
