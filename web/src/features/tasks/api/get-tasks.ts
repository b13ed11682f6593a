import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { taskKeys } from './keys'

/** Task list timings (spec 000 §9): refetch every 20 s, fresh 30 s, kept 5 min. */
export const TASKS_REFETCH_MS = 20_000
export const TASKS_STALE_MS = 30_000
export const TASKS_GC_MS = 5 * 60_000

export async function getOpenTasks(userId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('tasks')
      .select('id, title, due_date, priority, created_at')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .eq('is_completed', false)
      // Newest first: the insert trigger gives each new task the highest
      // sort_order, which also orders rows inserted in one statement.
      .order('sort_order', { ascending: false })
      .order('created_at', { ascending: false })
      .limit(200)
      .abortSignal(signal),
  )
}

export type OpenTask = Awaited<ReturnType<typeof getOpenTasks>>[number]

export function openTasksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: taskKeys.list(userId),
    queryFn: ({ signal }) => getOpenTasks(userId, signal),
    refetchInterval: TASKS_REFETCH_MS,
    staleTime: TASKS_STALE_MS,
    gcTime: TASKS_GC_MS,
    refetchOnWindowFocus: false,
  })
}

export function useOpenTasks(userId: string) {
  return useQuery(openTasksQueryOptions(userId))
}
