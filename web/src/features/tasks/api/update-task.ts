import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Task } from '../types'
import { zoneBeforeCompleting } from './completion-zone'
import { taskKeys } from './keys'
import { reportFailure } from './report'
import { serverId } from './pending-creates'
import { scheduleTaskNotifications, touchesNotifications } from './schedule-notifications'
import { isOffline, noteBase, queueTaskUpdate } from './offline'
import { type TaskSnapshot, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks } from './task-cache'
import { toTask } from './task-source'

/** The columns a client writes on a task. */
export type TaskPatch = Partial<
  Pick<
    Task,
    | 'title'
    | 'notes'
    | 'due_date'
    | 'due_time'
    | 'priority'
    | 'tags'
    | 'list'
    | 'project_id'
    | 'location'
    | 'reminders'
    | 'recurrence'
    | 'is_completed'
    | 'is_starred'
    | 'is_deleted'
    | 'importance'
    | 'urgency'
    | 'parent_id'
    | 'duration_minutes'
  >
>

/**
 * Update by id with the changed fields (001 §7); the row as written.
 * Offline, the change is queued (api/offline.ts) and the answer holds only the changed fields.
 */
export async function updateTask(shownId: string, patch: TaskPatch) {
  const id = await serverId(shownId)
  if (isOffline()) return queueTaskUpdate(id, patch)
  if (patch.is_completed) await zoneBeforeCompleting()
  return unwrap(await supabase.from('tasks').update(patch).eq('id', id).select('*').single())
}

export type UpdateTaskInput = {
  id: string
  patch: TaskPatch
  /** What the optimistic copy shows besides the patch (a project's name, say). */
  extra?: Partial<Task>
}

type Options = {
  /** The failure toast (001 §8); 'Failed to update task. Please try again.' when not given. */
  errorTitle?: string
  errorDescription?: string
  onSaved?: (task: Task, input: UpdateTaskInput) => void
  /** The user's zone when they have no time zone preference (schedule-notifications.ts). */
  timeZone?: string
}

/**
 * Optimistic task update with rollback (001 §4). After an update touching
 * the due date, time, priority or reminders, schedule-task-notifications
 * runs (failures ignored).
 */
export function useUpdateTask(userId: string, options: Options = {}) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, patch }: UpdateTaskInput) => updateTask(id, patch),
    onMutate: async ({ id, patch, extra }): Promise<TaskSnapshot> => {
      await pauseTaskQueries(queryClient)
      noteBase(queryClient, userId, id)
      const snap = snapshotTasks(queryClient, userId)
      patchTasks(queryClient, userId, new Map([[id, { ...patch, ...extra }]]))
      return snap
    },
    onSuccess: (row, input) => {
      patchTasks(queryClient, userId, new Map([[row.id, row]]))
      if (touchesNotifications(input.patch)) scheduleTaskNotifications(row, userId, options.timeZone)
      const saved = queryClient.getQueryData<Task | null>(taskKeys.detail(row.id))
      options.onSaved?.(saved ?? toTask({ ...row, ...input.extra }), input)
    },
    onError: (error, _input, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      if (options.errorTitle) reportFailure(error, options.errorTitle, options.errorDescription)
      else reportFailure(error, 'Failed to update task. Please try again.', options.errorDescription)
    },
    onSettled: (_row, _error, input) => {
      // A change of project, completion or deletion changes what the server derives (list, next occurrence).
      const p = input.patch
      if ('is_completed' in p || 'project_id' in p || 'list' in p || 'is_deleted' in p || 'parent_id' in p || 'recurrence' in p) {
        void queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
      }
    },
    networkMode: 'always',
  })
}
