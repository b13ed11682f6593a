import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/lib/toast'
import type { Project, Task } from '../types'
import { type BulkChange, bulkUpdateTasks, undoOf } from './bulk-update-tasks'
import { taskKeys } from './keys'
import { reportFailure } from './report'
import { findTask, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks, type TaskSnapshot } from './task-cache'

/** What a moved task shows at once: the project's name and look, or none (Inbox). */
export function projectFields(project: Project | null): Partial<Task> {
  return {
    project_id: project?.id ?? null,
    list: project?.name ?? null,
    project_name: project?.name ?? null,
    project_color: project?.color ?? null,
    project_icon_name: project?.icon_name ?? null,
    project_icon_weight: project?.icon_weight ?? null,
  }
}

/**
 * The changes of a move: list is the project's name (001 §4) and the id
 * goes along, so a name shared by two of the user's projects (their own and
 * one they joined) cannot send the task to the wrong one.
 */
export function moveChanges(ids: readonly string[], project: Project | null): BulkChange[] {
  return ids.map((id) => ({ id, list: project?.name ?? null, project_id: project?.id ?? null }))
}

/**
 * Dropping tasks on a project sets list to its name; on Inbox it clears
 * list (001 §4). One request for any number of tasks (0654), optimistic,
 * with an Undo; failures say 'Move failed' with 'Action failed' or
 * 'Could not move task to Inbox' (001 §8).
 */
export function useMoveTasks(userId: string) {
  const queryClient = useQueryClient()
  const mutation = useMutation({
    mutationFn: ({ ids, project }: { ids: string[]; project: Project | null; undo?: boolean }) =>
      bulkUpdateTasks(moveChanges(ids, project)),
    onMutate: async ({ ids, project }): Promise<TaskSnapshot & { before: Task[] }> => {
      await pauseTaskQueries(queryClient)
      const snap = snapshotTasks(queryClient, userId)
      const before = ids.map((id) => findTask(queryClient, userId, id)).filter((t): t is Task => !!t)
      patchTasks(queryClient, userId, new Map(ids.map((id) => [id, projectFields(project)])))
      return { ...snap, before }
    },
    onSuccess: (_rows, { ids, project, undo }, ctx) => {
      if (undo) return
      const back = undoOf(
        moveChanges(ids, project),
        (id) => ctx?.before.find((t) => t.id === id),
      )
      const where = project ? project.name : 'Inbox'
      toast.success(ids.length === 1 ? `Moved to ${where}` : `${ids.length} tasks moved to ${where}`, {
        action: {
          label: 'Undo',
          onClick: () =>
            void bulkUpdateTasks(back)
              .then(() => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }))
              .catch((e: unknown) => reportFailure(e, 'Move failed', 'Action failed')),
        },
      })
    },
    onError: (error, { project }, ctx) => {
      if (ctx) restoreTasks(queryClient, userId, ctx)
      reportFailure(error, 'Move failed', project ? 'Action failed' : 'Could not move task to Inbox')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
  })
  return mutation
}
