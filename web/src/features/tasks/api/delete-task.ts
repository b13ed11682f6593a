import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { taskKeys } from './keys'
import { isOffline, noteBase, queueTaskUpdate } from './offline'
import { serverId } from './pending-creates'
import { reportFailure } from './report'
import { type TaskSnapshot, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks } from './task-cache'

/** The edit pane's confirmation (001 §4). */
export function deleteConfirmation(title: string): string {
  return `Are you sure you want to delete "${title}"? This action cannot be undone.`
}

/**
 * Soft delete (001 §4): is_deleted; the server takes the subtasks with it.
 * Offline it is queued like any edit (api/offline.ts) and sent on reconnect.
 */
export async function deleteTask(shownId: string): Promise<void> {
  const id = await serverId(shownId)
  if (isOffline()) {
    await queueTaskUpdate(id, { is_deleted: true })
    return
  }
  unwrap(await supabase.from('tasks').update({ is_deleted: true }).eq('id', id))
}

export function useDeleteTask(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteTask,
    onMutate: async (id): Promise<TaskSnapshot> => {
      await pauseTaskQueries(queryClient)
      noteBase(queryClient, userId, id)
      const snap = snapshotTasks(queryClient, userId)
      patchTasks(queryClient, userId, new Map([[id, { is_deleted: true }]]))
      return snap
    },
    onSuccess: () => toast.success('Task deleted'),
    onError: (error, _id, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Failed to delete task. Please try again.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    // Offline the request is queued, not paused (api/offline.ts).
    networkMode: 'always',
  })
}
