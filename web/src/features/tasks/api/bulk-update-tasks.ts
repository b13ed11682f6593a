import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { useLingerStore } from '../stores/linger-store'
import type { Task } from '../types'
import { zoneBeforeCompleting } from './completion-zone'
import { taskKeys } from './keys'
import { reportFailure } from './report'
import { scheduleTaskNotifications } from './schedule-notifications'
import { type TaskSnapshot, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks } from './task-cache'

/** The fields a bulk change may write (the server refuses others: 0654). */
export type BulkFields = Partial<
  Pick<Task, 'is_completed' | 'is_deleted' | 'is_starred' | 'priority' | 'due_date' | 'due_time' | 'tags' | 'list' | 'project_id' | 'reminders'>
>
export type BulkChange = { id: string } & BulkFields

/** One request for the whole batch, all or nothing (RPC bulk_update_tasks, 0654). */
export async function bulkUpdateTasks(changes: readonly BulkChange[]) {
  if (changes.some((c) => c.is_completed)) await zoneBeforeCompleting()
  return unwrap(await supabase.rpc('bulk_update_tasks', { p_changes: changes.map((c) => ({ ...c })) }))
}

/** What each changed task held before, field by field: the batch's Undo. */
export function undoOf(changes: readonly BulkChange[], before: (id: string) => Task | undefined): BulkChange[] {
  const undo: BulkChange[] = []
  for (const c of changes) {
    const t = before(c.id)
    if (!t) continue
    const back: BulkChange = { id: c.id }
    for (const key of Object.keys(c) as (keyof BulkChange)[]) {
      if (key === 'id') continue
      Object.assign(back, { [key]: t[key] })
    }
    // Undoing a move restores the project by id (a renamed project keeps its tasks).
    if ('list' in back) {
      delete back.list
      back.project_id = t.project_id
    }
    undo.push(back)
  }
  return undo
}

export type BulkInput = {
  changes: BulkChange[]
  /** The changes that put everything back; no Undo when absent. */
  undo?: BulkChange[]
  /** The success toast: '3 tasks completed'. */
  message: string
  /** What the optimistic copies show besides the changes (project names). */
  extras?: ReadonlyMap<string, Partial<Task>>
}

/**
 * Bulk operations (000 §9): each batch is one optimistic request with one
 * Undo for the whole batch, itself one request.
 */
export function useBulkUpdateTasks(userId: string, timeZone?: string) {
  const queryClient = useQueryClient()
  const linger = useLingerStore((s) => s.add)
  const mutation = useMutation({
    mutationFn: ({ changes }: BulkInput) => bulkUpdateTasks(changes),
    onMutate: async ({ changes, extras }): Promise<TaskSnapshot> => {
      const completing = changes.filter((c) => c.is_completed === true).map((c) => c.id)
      if (completing.length) linger(completing)
      await pauseTaskQueries(queryClient)
      const snap = snapshotTasks(queryClient, userId)
      const now = new Date().toISOString()
      patchTasks(
        queryClient,
        userId,
        new Map(
          changes.map(({ id, ...fields }) => [
            id,
            {
              ...fields,
              ...('is_completed' in fields ? { completed_at: fields.is_completed ? now : null } : {}),
              ...extras?.get(id),
            },
          ]),
        ),
      )
      return snap
    },
    onSuccess: (rows, { undo, message, changes }) => {
      patchTasks(queryClient, userId, new Map(rows.map((r) => [r.id, r])))
      if (changes.some((c) => 'due_date' in c || 'due_time' in c || 'reminders' in c)) {
        for (const r of rows) scheduleTaskNotifications(r, userId, timeZone)
      }
      toast.success(message, undo?.length ? { action: { label: 'Undo', onClick: () => mutation.mutate({ changes: undo, message: 'Undone' }) } } : undefined)
    },
    onError: (error, _input, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Error updating task')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  })
  return mutation
}
