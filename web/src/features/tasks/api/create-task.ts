import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { reportFailure } from './report'
import { scheduleTaskNotifications } from './schedule-notifications'
import { isOffline, queueTaskInsert } from './offline'
import { createSent, trackCreate } from './pending-creates'
import { findTask, insertTask, pauseTaskQueries, removeTask, replaceTask } from './task-cache'
import { toTask } from './task-source'

/** The fields a new task may start with (001 §7's quick-add payload and the task screens' defaults). */
export type NewTaskFields = Partial<
  Pick<
    Task,
    | 'notes'
    | 'due_date'
    | 'due_time'
    | 'priority'
    | 'tags'
    | 'list'
    | 'project_id'
    | 'recurrence'
    | 'reminders'
    | 'parent_id'
    | 'sort_order'
    | 'is_starred'
    | 'location'
    | 'importance'
    | 'urgency'
  >
>

export type CreateTaskInput = NewTaskFields & { userId: string; title: string }

/** 'Task title required' (spec 001 §5); the server rejects blank titles too. */
export function validateTaskTitle(title: string): string | null {
  return title.trim() ? null : 'Please enter a task title to continue'
}

/**
 * Inserts a task and returns the row as written (the server fills
 * sort_order, list and completed_at). On the Free plan the server refuses
 * the 501st with 'Task limit reached for Free plan', which opens the paywall.
 * Offline, the task is queued (api/offline.ts) and sent on reconnect.
 */
export async function createTask({ userId, title, ...fields }: CreateTaskInput) {
  if (isOffline()) return queueTaskInsert({ ...fields, user_id: userId, title: title.trim(), is_completed: false, is_deleted: false })
  return unwrap(
    await supabase
      .from('tasks')
      .insert({ ...fields, user_id: userId, title: title.trim(), is_completed: false, is_deleted: false })
      .select('*')
      .single(),
  )
}

/** The dashboard's and quick add's create: no optimism, the lists refetch. */
export function useCreateTask() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createTask,
    onSuccess: (task, input) => {
      if (task.due_date || task.due_time) scheduleTaskNotifications(task, input.userId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    meta: { errorTitle: 'Error creating task' },
    networkMode: 'always',
  })
}

let tempSeq = 0

/**
 * The task screens' create: the task shows at once with a temporary id
 * (001 §4), is replaced by the server's row, and is removed again with
 * 'Failed to create task - Something went wrong. Please try again.' when
 * the insert fails. extra fills what only the screen knows (the project's
 * name and colour) for the optimistic row.
 */
export function useCreateTaskOptimistic(userId: string, timeZone?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: CreateTaskInput & { tempId: string; extra?: Partial<Task> }) => {
      const { tempId, extra: _extra, ...row } = input
      const created = createTask(row)
      createSent(tempId, created)
      return created
    },
    onMutate: async ({ tempId, title, extra, userId: _u, ...fields }) => {
      trackCreate(tempId)
      await pauseTaskQueries(queryClient)
      const now = new Date().toISOString()
      const shown = toTask({ ...fields, ...extra, id: tempId, user_id: userId, title: title.trim(), created_at: now, updated_at: now, is_owner: true })
      insertTask(queryClient, userId, shown)
      return shown
    },
    onSuccess: (row, { tempId, extra }, shown) => {
      // What the user changed on the temporary row meanwhile (a star, a
      // completion) stays on screen; those edits reach the server with the
      // real id (pending-creates.ts).
      replaceTask(queryClient, userId, tempId, { ...toTask({ ...extra, ...row, is_owner: true }), ...changedSince(shown, findTask(queryClient, userId, tempId)) })
      if (row.due_date || row.due_time) scheduleTaskNotifications(row, userId, timeZone)
    },
    onError: (error, { tempId }) => {
      // Failed before it was sent, too: edits waiting for it fail with it.
      createSent(tempId, Promise.reject(error))
      removeTask(queryClient, userId, tempId)
      reportFailure(error, 'Failed to create task', 'Something went wrong. Please try again.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    // Offline the create is queued, not paused (api/offline.ts).
    networkMode: 'always',
    // Sent one after another (each still shows at once): the server puts a
    // new task after the highest, so two sent side by side were numbered in
    // the order they arrived, and two typed fast could swap.
    scope: { id: 'create-task' },
  })
}

/** The fields of now that differ from shown (the optimistic row as first inserted). */
function changedSince(shown: Task | undefined, now: Task | undefined): Partial<Task> {
  if (!shown || !now) return {}
  const changed: Partial<Task> = {}
  for (const key of Object.keys(now) as (keyof Task)[]) if (key !== 'id' && now[key] !== shown[key]) Object.assign(changed, { [key]: now[key] })
  return changed
}

export function newTempId(): string {
  tempSeq += 1
  return `temp-${Date.now().toString(36)}-${tempSeq}`
}
