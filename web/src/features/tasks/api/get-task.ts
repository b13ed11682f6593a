import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { type TaskRowLike, fromSource, readTasks, toTask } from './task-source'

/**
 * One task by id, whatever its state (the edit pane, ?taskId= links from
 * notifications). null when it does not exist, was deleted, or the user
 * does not reach it: the pane then closes (001 §4).
 */
export async function getTask(taskId: string, signal: AbortSignal): Promise<Task | null> {
  const row = await readTasks(async (source, columns) =>
    unwrap(
      await fromSource(source)
        .select(columns)
        .eq('id', taskId)
        .eq('is_deleted', false)
        .abortSignal(signal)
        .overrideTypes<TaskRowLike[], { merge: false }>(),
    ),
  )
  return row[0] ? toTask(row[0]) : null
}

/** The task from the task screens' lists already in the cache, so the pane opens without waiting. */
export function cachedTask(queryClient: QueryClient, userId: string, taskId: string): Task | undefined {
  for (const key of [taskKeys.accessible(userId), taskKeys.logbook(userId)]) {
    const found = queryClient.getQueryData<Task[]>(key)?.find((t) => t.id === taskId)
    if (found) return found
  }
  return undefined
}

export function taskQueryOptions(queryClient: QueryClient, userId: string, taskId: string) {
  return queryOptions<Task | null>({
    queryKey: taskKeys.detail(taskId),
    queryFn: ({ signal }) => getTask(taskId, signal),
    placeholderData: () => cachedTask(queryClient, userId, taskId),
    staleTime: 10_000,
    refetchOnWindowFocus: false,
  })
}

export function useTask(queryClient: QueryClient, userId: string, taskId: string | null) {
  return useQuery({ ...taskQueryOptions(queryClient, userId, taskId ?? ''), enabled: !!taskId && !taskId.startsWith('temp-') })
}
