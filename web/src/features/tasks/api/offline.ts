import type { QueryClient } from '@tanstack/react-query'
import { type Base, enqueue, isOffline } from '@/lib/offline-queue'
import type { Database } from '@/lib/database'
import type { Task } from '../types'
import { findTask } from './task-cache'

/**
 * What an offline edit of a task started from (lib/offline-queue.ts): the
 * row as the server last sent it, noted before the optimistic copy changes
 * it. The first note of a row wins until its changes are sent, so that two
 * offline edits of one task both start from the server's row.
 */
type TaskInsert = Database['public']['Tables']['tasks']['Insert']
type TaskUpdate = Database['public']['Tables']['tasks']['Update']

const bases = new Map<string, Task>()
/** Tasks made offline: their edits need no base (nobody else can have changed them). */
const madeOffline = new Set<string>()
/** Title and parent as the user last saw them offline (for the answer's toasts). */
const shown = new Map<string, { title?: string; parent_id?: string | null }>()

/** Forgets the notes once the queue has been sent. */
export function forgetBases(): void {
  bases.clear()
  madeOffline.clear()
  shown.clear()
}

/** Notes the server's row of id before an optimistic change (only while offline). */
export function noteBase(queryClient: QueryClient, userId: string, id: string): void {
  if (!isOffline() || bases.has(id) || madeOffline.has(id)) return
  const task = findTask(queryClient, userId, id)
  if (task) bases.set(id, task)
}

function baseOf(id: string, fields: string[]): Base | null {
  const task = bases.get(id) as Record<string, unknown> | undefined
  if (!task || typeof task.updated_at !== 'string') return null
  return { updated_at: task.updated_at, values: Object.fromEntries(fields.map((f) => [f, task[f] ?? null])) }
}

/** A task created while offline: queued under an id made here, so later offline edits find it. */
export async function queueTaskInsert(values: TaskInsert) {
  const id = crypto.randomUUID()
  madeOffline.add(id)
  shown.set(id, values)
  const now = new Date().toISOString()
  await enqueue({ kind: 'insert', table: 'tasks', id, values: { ...values, id } })
  // The row as the screens show it until the server has it.
  return { sort_order: 0, completed_at: null, ...values, id, created_at: now, updated_at: now } as unknown as Task
}

/** An edit made while offline: queued with what it started from; the cached copy stands in for the answer. */
export async function queueTaskUpdate(id: string, patch: TaskUpdate) {
  const base = baseOf(id, Object.keys(patch))
  await enqueue({ kind: 'update', table: 'tasks', id, patch, base })
  const seen: { title?: string; parent_id?: string | null } = { ...(shown.get(id) ?? bases.get(id)), ...patch }
  shown.set(id, seen)
  const completed = 'is_completed' in patch ? { completed_at: patch.is_completed ? new Date().toISOString() : null } : {}
  // Only the changed fields (and what the toasts name): the screens patch their copy with it.
  return { id, title: seen.title, parent_id: seen.parent_id ?? null, ...patch, ...completed } as Task
}

export { isOffline }
