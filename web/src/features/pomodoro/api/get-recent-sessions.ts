import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { RECENT_SESSIONS } from '../utils/timer'
import { pomodoroKeys } from './keys'

/** The user's last 10 sessions, newest first (000 §7), with their task's title. */
export async function getRecentSessions(userId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('pomodoro_sessions')
      .select('id, type, status, started_at, ended_at, duration_minutes, paused_duration_seconds, completed_cycles, task_id, task:tasks(title)')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('started_at', { ascending: false })
      .limit(RECENT_SESSIONS)
      .abortSignal(signal),
  )
}

export type RecentSession = Awaited<ReturnType<typeof getRecentSessions>>[number]

export const recentSessionsQueryOptions = userQueryOptions(pomodoroKeys.recent, getRecentSessions)

export function useRecentSessions(userId: string) {
  return useQuery(recentSessionsQueryOptions(userId))
}
