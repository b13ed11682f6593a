import type { Database } from './database'

/**
 * How the offline queue (lib/offline-queue.ts) is sent: the rules, free of
 * the network, so that they are tested on their own (offline-plan.test.ts).
 *
 * Sending one request per change, in order, took 16 s for 100 changes on a
 * loaded machine (issue 26's figure is < 5 s). The plan keeps what the
 * order is for and no more:
 *  - consecutive changes to one row become one (an insert and the edit right
 *    after it, two edits in a row), unless both flip the same flag the
 *    server acts on (complete then reopen, delete then restore);
 *  - a run of inserts is one bulk insert (one statement: all or none);
 *  - a run of edits to different rows is sent concurrently, each row's
 *    edits still in order; an edit with effects on other rows (deleting or
 *    moving a task also moves its subtasks; a new parent) stands alone
 *    between the runs.
 */

type Row = Record<string, unknown>
type TaskTable = Database['public']['Tables']['tasks']

/** What a queued edit started from: the row's updated_at and the changed fields' values. */
export type Base = { updated_at: string; values: Row }

export type InsertChange = { kind: 'insert'; table: 'tasks'; id: string; values: TaskTable['Insert'] }
export type UpdateChange = { kind: 'update'; table: 'tasks'; id: string; patch: TaskTable['Update']; base: Base | null }
export type QueuedChange = InsertChange | UpdateChange

/** A change as it is sent, and the queued changes it stands for. */
export type Unit<C extends QueuedChange = QueuedChange> = { change: C; from: QueuedChange[] }

export type Step =
  | { kind: 'inserts'; units: Unit<InsertChange>[] }
  /** Each chain is one row's edits, in order; chains are independent. */
  | { kind: 'updates'; chains: Unit<UpdateChange>[][] }

/** Flags whose change the server acts on (recurrence, trash): a flip and its undo are both sent. */
const FLAGS = ['is_completed', 'is_deleted'] as const
/** Fields whose change reaches other rows (tasks_after_update moves or trashes the subtasks). */
const REACHING = ['is_deleted', 'project_id', 'parent_id', 'team_id'] as const

const touches = (row: object, fields: readonly string[]) => fields.some((f) => f in row)
const bothFlip = (a: object, b: object) => FLAGS.some((f) => f in a && f in b)

function merge(last: Unit, next: QueuedChange): Unit | null {
  if (last.change.id !== next.id || next.kind !== 'update') return null
  const prev = last.change
  if (prev.kind === 'insert') {
    // Inserting an already completed or trashed row would skip what the
    // server does when the flag flips.
    if (touches(next.patch, FLAGS)) return null
    return { change: { ...prev, values: { ...prev.values, ...next.patch } }, from: [...last.from, next] }
  }
  if (bothFlip(prev.patch, next.patch)) return null
  if ((prev.base === null) !== (next.base === null)) return null
  if (prev.base && next.base && prev.base.updated_at !== next.base.updated_at) return null
  // The earlier edit's base holds the server's value of a field both touched.
  const base = prev.base && next.base ? { updated_at: prev.base.updated_at, values: { ...next.base.values, ...prev.base.values } } : null
  return { change: { ...prev, patch: { ...prev.patch, ...next.patch }, base }, from: [...last.from, next] }
}

/** Consecutive changes to one row as one change, in queue order. */
export function coalesce(queue: readonly QueuedChange[]): Unit[] {
  const units: Unit[] = []
  for (const change of queue) {
    const last = units.at(-1)
    const merged = last ? merge(last, change) : null
    if (merged) units[units.length - 1] = merged
    else units.push({ change, from: [change] })
  }
  return units
}

/** The queue as steps sent one after another. */
export function plan(queue: readonly QueuedChange[]): Step[] {
  const steps: Step[] = []
  let chains: Map<string, Unit<UpdateChange>[]> | null = null
  for (const unit of coalesce(queue)) {
    const { change } = unit
    const last = steps.at(-1)
    if (change.kind === 'insert') {
      chains = null
      if (last?.kind === 'inserts') last.units.push(unit as Unit<InsertChange>)
      else steps.push({ kind: 'inserts', units: [unit as Unit<InsertChange>] })
      continue
    }
    const edit = unit as Unit<UpdateChange>
    if (touches(change.patch, REACHING)) {
      chains = null
      steps.push({ kind: 'updates', chains: [[edit]] })
      continue
    }
    if (!chains) {
      chains = new Map()
      steps.push({ kind: 'updates', chains: [] })
    }
    const run = steps.at(-1) as Extract<Step, { kind: 'updates' }>
    const chain = chains.get(change.id)
    if (chain) chain.push(edit)
    else {
      const fresh = [edit]
      chains.set(change.id, fresh)
      run.chains.push(fresh)
    }
  }
  return steps
}

/** A field both sides changed: the server's value was kept. */
export type FieldConflict = { field: string; yours: unknown; theirs: unknown }

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null)

/**
 * An edit that no longer matched the row's updated_at, against the row as
 * the server has it now: the fields the other side changed too keep the
 * server's value (conflicts); the rest of the edit is still to apply.
 */
export function resolve(patch: Row, base: Base | null, server: Row): { rest: Row; conflicts: FieldConflict[] } {
  const conflicts: FieldConflict[] = []
  const rest: Row = {}
  for (const [field, value] of Object.entries(patch)) {
    if (same(server[field], value)) continue
    if (base && !same(server[field], base.values[field])) conflicts.push({ field, yours: value, theirs: server[field] })
    else rest[field] = value
  }
  return { rest, conflicts }
}

/**
 * The updated_at an edit must still find: a later edit of a row this replay
 * already wrote started from the row as it was before our own write.
 */
export function expectedAt(base: Base | null, ours: { from: string; to: string } | undefined): Base | null {
  if (base && ours && (base.updated_at === ours.from || !base.updated_at)) return { ...base, updated_at: ours.to }
  return base
}
