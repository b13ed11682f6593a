import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import type { Task } from '../types'
import { TASKS_GC_MS, TASKS_REFETCH_MS, TASKS_STALE_MS } from './get-tasks'
import { taskKeys } from './keys'
import { type TaskRowLike, fromSource, readTasks, toTask } from './task-source'

/**
 * Every task the task screens need at once: the open, live tasks the user
 * reaches (their own, their projects', assigned to them) and all live
 * subtasks, done or not (a row shows their progress). Views, counts and
 * projects are cut from this one list in the browser, so switching views
 * costs no request. Completed top-level tasks come from get-logbook.ts.
 */
export async function getAccessibleTasks(signal: AbortSignal): Promise<Task[]> {
  const rows = await readTasks(async (source, columns) =>
    unwrap(
      await fromSource(source)
        .select(columns)
        .eq('is_deleted', false)
        .or('is_completed.eq.false,parent_id.not.is.null')
        .order('sort_order', { ascending: true })
        .order('created_at', { ascending: true })
        .limit(10_000)
        .abortSignal(signal)
        .overrideTypes<TaskRowLike[], { merge: false }>(),
    ),
  )
  return rows.map(toTask)
}

/** Task list timings of 001 §9: refetch every 20 s, fresh 30 s, kept 5 min, not on focus. */
export function accessibleTasksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: taskKeys.accessible(userId),
    queryFn: ({ signal }) => getAccessibleTasks(signal),
    refetchInterval: TASKS_REFETCH_MS,
    staleTime: TASKS_STALE_MS,
    gcTime: TASKS_GC_MS,
    refetchOnWindowFocus: false,
  })
}

export function useAccessibleTasks(userId: string) {
  return useQuery(accessibleTasksQueryOptions(userId))
}
