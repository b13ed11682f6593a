import { create } from 'zustand'
import { type FieldConflict, type InsertChange, type QueuedChange, type Step, type Unit, type UpdateChange, expectedAt, plan, resolve } from './offline-plan'
import { supabase } from './supabase'
import { toast } from './toast'

/**
 * Changes made while the browser is offline (docs/decisions.md, "Offline
 * changes (issue 26)"): each is kept, in order, in IndexedDB under the
 * user's id and sent again once the browser is back online. An edit
 * remembers the row's updated_at and the values it changed from; the
 * server applies it only while updated_at is still that (a filter on the
 * UPDATE, so the check is the database's). When another device changed
 * the row in between, the fields both changed keep the server's newer
 * values, the others are applied, and the user is shown which fields.
 */

type Row = Record<string, unknown>

export type { Base, FieldConflict, QueuedChange } from './offline-plan'

export type Conflict = { id: string; title: string; fields: FieldConflict[]; deleted?: boolean }

type OfflineState = {
  online: boolean
  /** Changes waiting to be sent. */
  pending: number
  syncing: boolean
  /** The conflicts of the last replay, until the user dismisses them. */
  conflicts: Conflict[]
}

export const useOfflineStore = create<OfflineState>()(() => ({
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  pending: 0,
  syncing: false,
  conflicts: [],
}))

/** Whether a write now should be queued instead of sent. */
export function isOffline(): boolean {
  return typeof navigator !== 'undefined' && !navigator.onLine
}

let userId: string | null = null
let queue: QueuedChange[] = []
let loaded: Promise<void> = Promise.resolve()

const storageKey = (uid: string) => `daybase.offline-queue.${uid}`
const idb = () => import('idb-keyval')

async function save(): Promise<void> {
  useOfflineStore.setState({ pending: queue.length })
  if (!userId) return
  const { set, del } = await idb()
  if (queue.length) await set(storageKey(userId), queue)
  else await del(storageKey(userId))
}

/**
 * Switches the queue to the signed-in user (null when signed out): it loads
 * the user's waiting changes and, when online, sends them.
 */
export function setQueueUser(uid: string | null): Promise<void> {
  if (uid === userId) return loaded
  userId = uid
  queue = []
  useOfflineStore.setState({ pending: 0, conflicts: [] })
  if (!uid) return (loaded = Promise.resolve())
  loaded = idb()
    .then(({ get }) => get<QueuedChange[]>(storageKey(uid)))
    .then((stored) => {
      if (userId !== uid) return
      queue = [...(stored ?? []), ...queue]
      useOfflineStore.setState({ pending: queue.length })
      if (!isOffline() && queue.length) void replay()
    })
  return loaded
}

/** Forgets the user's waiting changes (sign out: never another user's). */
export async function clearQueue(uid: string): Promise<void> {
  if (uid === userId) queue = []
  useOfflineStore.setState({ pending: queue.length })
  const { del } = await idb()
  await del(storageKey(uid))
}

/** Keeps a change for later; resolves once it is stored. */
export async function enqueue(change: QueuedChange): Promise<void> {
  await loaded
  queue.push(change)
  await save()
}

let replaying: Promise<Conflict[]> | null = null
const listeners = new Set<(conflicts: Conflict[]) => void>()

/** Called after each replay that sent anything (the app refetches its lists). */
export function onReplayed(listener: (conflicts: Conflict[]) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/**
 * Sends the waiting changes in the order they were made, in steps
 * (lib/offline-plan.ts: one bulk insert for a run of inserts, a run of
 * edits to different rows concurrently). A change the server refuses for a
 * reason other than the network (a cap, a check) is dropped with a 'Sync
 * failed' toast saying how many; a network failure stops the replay with
 * the rest kept for the next one.
 */
export function replay(): Promise<Conflict[]> {
  replaying ??= run().finally(() => (replaying = null))
  return replaying
}

/** Rows this replay wrote: the updated_at a change started from and the one we left. */
type Wrote = Map<string, { from: string; to: string }>
type Outcome = 'done' | 'network' | 'refused'
/** What a step did: the queued changes it is done with (sent or refused). */
type Sent = { done: QueuedChange[]; refused: number; network: boolean }

/** Edits in flight at once: the browser's connections to one host. */
const POOL = 6

async function run(): Promise<Conflict[]> {
  await loaded
  if (!queue.length) return []
  useOfflineStore.setState({ syncing: true })
  const conflicts: Conflict[] = []
  const wrote: Wrote = new Map()
  let failed = 0
  try {
    // Changes queued while this replay runs are sent by its next round.
    replaying: while (queue.length) {
      for (const step of plan(queue)) {
        const sent = await sendStep(step, wrote, conflicts)
        failed += sent.refused
        const done = new Set(sent.done)
        queue = queue.filter((c) => !done.has(c))
        await save()
        if (sent.network) break replaying
      }
    }
  } finally {
    useOfflineStore.setState({ syncing: false, pending: queue.length })
  }
  if (failed) toast.error('Sync failed', { description: `${failed} offline ${failed === 1 ? 'change was' : 'changes were'} refused by the server.` })
  if (conflicts.length) useOfflineStore.setState((s) => ({ conflicts: [...s.conflicts, ...conflicts] }))
  for (const listener of listeners) listener(conflicts)
  return conflicts
}

async function sendStep(step: Step, wrote: Wrote, conflicts: Conflict[]): Promise<Sent> {
  const sent: Sent = { done: [], refused: 0, network: false }
  const settle = async (unit: Unit, send: () => Promise<Outcome>) => {
    let outcome: Outcome
    try {
      outcome = await send()
    } catch {
      outcome = 'network'
    }
    if (outcome === 'network') sent.network = true
    else {
      sent.done.push(...unit.from)
      if (outcome === 'refused') sent.refused += unit.from.length
    }
    return outcome
  }

  if (step.kind === 'inserts') {
    if (step.units.length > 1) {
      const bulk = await settle({ change: step.units[0]!.change, from: step.units.flatMap((u) => u.from) }, () => sendInserts(step.units, wrote))
      // Refused as a whole (a cap, a check, a row sent before): one by one says which.
      if (bulk !== 'refused') return sent
      sent.done = []
      sent.refused = 0
    }
    for (const unit of step.units) {
      if ((await settle(unit, () => sendInsert(unit.change, wrote))) === 'network') break
    }
    return sent
  }

  // Each row's edits in order; rows side by side, a few at a time.
  const chains = [...step.chains]
  const worker = async () => {
    for (let chain = chains.shift(); chain && !sent.network; chain = chains.shift()) {
      for (const unit of chain) {
        if ((await settle(unit, () => sendUpdate(unit.change, wrote, conflicts))) === 'network') return
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(POOL, chains.length) }, worker))
  return sent
}

type Answer = { data: unknown; error: { message: string; code?: string } | null; status: number }

/** status 0: the request never reached the server. */
function outcomeOf(answer: Answer): 'ok' | 'network' | 'refused' {
  if (!answer.error) return 'ok'
  return answer.status === 0 || /fetch|network/i.test(answer.error.message) ? 'network' : 'refused'
}

/** A run of inserts as one statement (absent fields take their defaults, as in a single insert). */
async function sendInserts(units: Unit<InsertChange>[], wrote: Wrote): Promise<Outcome> {
  const answer = await supabase
    .from('tasks')
    .insert(
      units.map((u) => u.change.values),
      { defaultToNull: false },
    )
    .select('id, updated_at')
  const outcome = outcomeOf(answer)
  if (outcome !== 'ok') return outcome
  for (const row of (answer.data as Row[] | null) ?? []) {
    if (typeof row.updated_at === 'string') wrote.set(String(row.id), { from: row.updated_at, to: row.updated_at })
  }
  return 'done'
}

async function sendInsert(change: InsertChange, wrote: Wrote): Promise<Outcome> {
  const answer = await supabase.from(change.table).insert(change.values).select('updated_at').maybeSingle()
  // 23505: sent before (a replay cut short after the insert); done.
  if (answer.error?.code === '23505') return 'done'
  const outcome = outcomeOf(answer)
  if (outcome === 'ok') {
    const at = (answer.data as Row | null)?.updated_at
    if (typeof at === 'string') wrote.set(change.id, { from: at, to: at })
    return 'done'
  }
  return outcome
}

async function sendUpdate(change: UpdateChange, wrote: Wrote, conflicts: Conflict[]): Promise<Outcome> {
  const { id, patch } = change
  const base = expectedAt(change.base, wrote.get(id))
  let query = supabase.from(change.table).update(patch).eq('id', id)
  if (base?.updated_at) query = query.eq('updated_at', base.updated_at)
  const answer = await query.select('updated_at')
  const outcome = outcomeOf(answer)
  if (outcome !== 'ok') return outcome
  const rows = (answer.data as Row[] | null) ?? []
  if (rows.length) {
    wrote.set(id, { from: base?.updated_at ?? String(rows[0]!.updated_at), to: String(rows[0]!.updated_at) })
    return 'done'
  }

  // Nothing matched: the row changed (or went) since the change was made.
  const current = await supabase.from(change.table).select('*').eq('id', id).maybeSingle()
  const read = outcomeOf(current)
  if (read !== 'ok') return read
  const server = current.data as Row | null
  if (!server) {
    conflicts.push({ id, title: patch.title ?? '', fields: [], deleted: true })
    return 'done'
  }
  const { rest, conflicts: fields } = resolve(patch, base, server)
  let at = String(server.updated_at)
  if (Object.keys(rest).length) {
    const applied = await supabase.from(change.table).update(rest as UpdateChange['patch']).eq('id', id).select('updated_at').maybeSingle()
    const o = outcomeOf(applied)
    if (o !== 'ok') return o
    at = String((applied.data as Row | null)?.updated_at ?? at)
  }
  wrote.set(id, { from: base?.updated_at ?? at, to: at })
  if (fields.length) conflicts.push({ id, title: String(server.title ?? ''), fields })
  return 'done'
}

/** Dismisses the conflicts shown. */
export function dismissConflicts(): void {
  useOfflineStore.setState({ conflicts: [] })
}

let watching = false

/** Follows the browser's online state and replays when it comes back. */
export function watchConnection(): void {
  if (watching || typeof window === 'undefined') return
  watching = true
  const update = () => {
    useOfflineStore.setState({ online: navigator.onLine })
    if (navigator.onLine) void replay()
  }
  window.addEventListener('online', update)
  window.addEventListener('offline', update)
  update()
}
