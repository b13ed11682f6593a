import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { TASK_LIST_QUERY } from '@/lib/query-client'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { type TaskRowLike, fromSource, readTasks, toTask } from './task-source'

/** How many completed tasks the Logbook shows: the most recent. */
export const LOGBOOK_LIMIT = 1000

/** Completed top-level tasks, newest completion first (Logbook, 001 §2). */
export async function getLogbook(signal: AbortSignal): Promise<Task[]> {
  const rows = await readTasks(async (source, columns) =>
    unwrap(
      await fromSource(source)
        .select(columns)
        .eq('is_deleted', false)
        .eq('is_completed', true)
        .is('parent_id', null)
        .order('completed_at', { ascending: false })
        .limit(LOGBOOK_LIMIT)
        .abortSignal(signal)
        .overrideTypes<TaskRowLike[], { merge: false }>(),
    ),
  )
  return rows.map(toTask)
}

export function logbookQueryOptions(userId: string) {
  return queryOptions({
    queryKey: taskKeys.logbook(userId),
    queryFn: ({ signal }) => getLogbook(signal),
    ...TASK_LIST_QUERY,
  })
}

export function useLogbook(userId: string, enabled = true) {
  return useQuery({ ...logbookQueryOptions(userId), enabled })
}
