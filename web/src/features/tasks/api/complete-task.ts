import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import { useLingerStore } from '../stores/linger-store'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { reportFailure } from './report'
import { noteBase } from './offline'
import { type TaskSnapshot, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks } from './task-cache'
import { updateTask } from './update-task'

/**
 * Completing and reopening a task (001 §4): optimistic; completing says
 * 'Task completed' with an Undo that reopens it ('Task reopened'). The
 * server makes a recurring task's next occurrence (0530) and takes it back
 * on undo, so the lists refetch afterwards.
 */
export function useSetTaskCompleted(userId: string) {
  const queryClient = useQueryClient()
  const linger = useLingerStore((s) => s.add)

  const reopen = useMutation({
    mutationFn: (id: string) => updateTask(id, { is_completed: false }),
    onMutate: async (id): Promise<TaskSnapshot> => {
      await pauseTaskQueries(queryClient)
      noteBase(queryClient, userId, id)
      const snap = snapshotTasks(queryClient, userId)
      patchTasks(queryClient, userId, new Map([[id, { is_completed: false, completed_at: null }]]))
      return snap
    },
    onSuccess: () => toast.success('Task reopened'),
    onError: (error, _id, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Failed to undo task completion.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    networkMode: 'always',
  })

  const set = useMutation({
    mutationFn: ({ task, completed }: { task: Task; completed: boolean }) => updateTask(task.id, { is_completed: completed }),
    onMutate: async ({ task, completed }): Promise<TaskSnapshot> => {
      if (completed) linger([task.id])
      await pauseTaskQueries(queryClient)
      noteBase(queryClient, userId, task.id)
      const snap = snapshotTasks(queryClient, userId)
      patchTasks(
        queryClient,
        userId,
        new Map([[task.id, { is_completed: completed, completed_at: completed ? new Date().toISOString() : null }]]),
      )
      return snap
    },
    onSuccess: (row, { completed }) => {
      patchTasks(queryClient, userId, new Map([[row.id, row]]))
      if (row.parent_id) return
      if (completed) {
        toast.success('Task completed', {
          description: row.title,
          action: { label: 'Undo', onClick: () => reopen.mutate(row.id) },
        })
      } else {
        toast.success('Task reopened')
      }
    },
    onError: (error, _input, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Failed to update task status.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
    networkMode: 'always',
  })
  return set
}

/** Star toggle (001 §4): optimistic, rolled back with 'Failed to update star status.' */
export function useSetTaskStarred(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, starred }: { id: string; starred: boolean }) => updateTask(id, { is_starred: starred }),
    onMutate: async ({ id, starred }): Promise<TaskSnapshot> => {
      await pauseTaskQueries(queryClient)
      noteBase(queryClient, userId, id)
      const snap = snapshotTasks(queryClient, userId)
      patchTasks(queryClient, userId, new Map([[id, { is_starred: starred }]]))
      return snap
    },
    onError: (error, _input, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Failed to update star status.')
    },
    networkMode: 'always',
  })
}
