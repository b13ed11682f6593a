import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { pomodoroKeys } from './keys'

/** A task's sessions: by user and task, not deleted, newest first, 10 (002 §7). */
export async function getTaskSessions(userId: string, taskId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('pomodoro_sessions')
      .select('id, type, status, duration_minutes, started_at, ended_at, paused_duration_seconds')
      .eq('user_id', userId)
      .eq('task_id', taskId)
      .eq('is_deleted', false)
      .order('started_at', { ascending: false })
      .limit(10)
      .abortSignal(signal),
  )
}

export type TaskSession = Awaited<ReturnType<typeof getTaskSessions>>[number]

export function taskSessionsQueryOptions(userId: string, taskId: string) {
  return queryOptions({
    queryKey: pomodoroKeys.task(userId, taskId),
    queryFn: ({ signal }) => getTaskSessions(userId, taskId, signal),
  })
}

export function useTaskSessions(userId: string, taskId: string) {
  return useQuery(taskSessionsQueryOptions(userId, taskId))
}
