import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { TASK_LIST_QUERY, userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { taskKeys } from './keys'

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

export const openTasksQueryOptions = userQueryOptions(taskKeys.list, getOpenTasks, TASK_LIST_QUERY)

export function useOpenTasks(userId: string) {
  return useQuery(openTasksQueryOptions(userId))
}
