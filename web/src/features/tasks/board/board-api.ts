import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { taskKeys } from '../api/keys'
import { projectKeys } from '../api/module-keys'
import { patchProjects, restoreProjects } from '../api/project-cache'
import { reportFailure } from '../api/report'
import { scheduleTaskNotifications, touchesNotifications } from '../api/schedule-notifications'
import { type TaskSnapshot, findTask, patchTasks, pauseTaskQueries, restoreTasks, snapshotTasks } from '../api/task-cache'
import type { BoardColumn, Task } from '../types'
import { type BoardFields, orderValues } from './board'

export type MoveInput = {
  id: string
  fields: BoardFields
  order: string[]
  /** The destination lane's cards as shown (their sort_order values are traded). */
  cards: readonly Task[]
}

/** One drop, one request (RPC move_board_task, 0720): the card's fields and the lane's order. */
export async function moveBoardTask({ id, fields, order }: Pick<MoveInput, 'id' | 'fields' | 'order'>) {
  return unwrap(await supabase.rpc('move_board_task', { p_task_id: id, p_fields: { ...fields }, p_order: order }))
}

/** A drop on a board: optimistic (the card moves at once), rolled back with a toast on failure. */
export function useMoveBoardTask(userId: string, timeZone?: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: MoveInput) => moveBoardTask(input),
    onMutate: async ({ id, fields, order, cards }): Promise<TaskSnapshot> => {
      await pauseTaskQueries(queryClient)
      const snap = snapshotTasks(queryClient, userId)
      const moved = findTask(queryClient, userId, id)
      const values = orderValues(moved && !cards.some((c) => c.id === id) ? [...cards, moved] : cards, order)
      const patches = new Map<string, Partial<Task>>([...values].map(([cid, sort_order]) => [cid, { sort_order }]))
      patches.set(id, { ...patches.get(id), ...fields })
      patchTasks(queryClient, userId, patches)
      return snap
    },
    onSuccess: (rows, { id, fields }) => {
      patchTasks(queryClient, userId, new Map(rows.map((r) => [r.id, r])))
      const row = rows.find((r) => r.id === id)
      if (row && touchesNotifications(fields)) scheduleTaskNotifications(row, userId, timeZone)
    },
    onError: (error, _input, snap) => {
      if (snap) restoreTasks(queryClient, userId, snap)
      reportFailure(error, 'Failed to move task. Please try again.')
    },
  })
}

/**
 * Writes a project's columns (owner and admins: the projects update
 * policy). Cards of a removed column move to "No column" on the server;
 * the cache does the same at once.
 */
export function useSaveBoardColumns(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ projectId, columns }: { projectId: string; columns: BoardColumn[] }) => {
      unwrap(await supabase.from('projects').update({ board_columns: columns }).eq('id', projectId).select('id').single())
    },
    onMutate: async ({ projectId, columns }) => {
      await pauseTaskQueries(queryClient)
      const tasks = snapshotTasks(queryClient, userId)
      const projects = await patchProjects(queryClient, userId, (ps) => ps.map((p) => (p.id === projectId ? { ...p, board_columns: columns } : p)))
      const ids = new Set(columns.map((c) => c.id))
      const all = queryClient.getQueryData<Task[]>(taskKeys.accessible(userId)) ?? []
      const orphans = all.filter((t) => t.project_id === projectId && t.board_column !== null && !ids.has(t.board_column))
      if (orphans.length) patchTasks(queryClient, userId, new Map(orphans.map((t) => [t.id, { board_column: null }])))
      return { tasks, projects }
    },
    onError: (error, _input, ctx) => {
      if (ctx) {
        restoreTasks(queryClient, userId, ctx.tasks)
        restoreProjects(queryClient, userId, ctx.projects)
      }
      reportFailure(error, 'Failed to save the board. Please try again.')
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) }),
  })
}
