import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { ACTIVE_POLL_MS, type SessionStatus, type SessionType } from '../utils/timer'
import { pomodoroKeys } from './keys'

type SessionRow = TableRow<'pomodoro_sessions'>

/** A pomodoro_sessions row with its type and status as the table's CHECKs allow them (0106). */
export type FocusSession = Omit<SessionRow, 'type' | 'status'> & { type: SessionType; status: SessionStatus }

const TYPES: readonly string[] = ['work', 'short_break', 'long_break'] satisfies SessionType[]
const STATUSES: readonly string[] = ['active', 'paused', 'completed', 'cancelled'] satisfies SessionStatus[]

function isFocusSession(row: SessionRow): row is SessionRow & FocusSession {
  return TYPES.includes(row.type) && STATUSES.includes(row.status)
}

/** The row as a FocusSession; a type or status the table does not allow is an error. */
export function toFocusSession(row: SessionRow): FocusSession {
  if (!isFocusSession(row)) throw new Error(`Unknown focus session type or status: ${row.type} ${row.status}`)
  return row
}

/** The user's running (active or paused) session, or null. At most one runs (0106). */
export async function getActiveSession(userId: string, signal: AbortSignal): Promise<FocusSession | null> {
  const row = unwrap(
    await supabase
      .from('pomodoro_sessions')
      .select('*')
      .eq('user_id', userId)
      .in('status', ['active', 'paused'])
      .eq('is_deleted', false)
      .order('started_at', { ascending: false })
      .limit(1)
      .abortSignal(signal)
      .maybeSingle(),
  )
  return row ? toFocusSession(row) : null
}

/**
 * Polled every 5 s (000 §9) on every page of the app, so a session started
 * on another device shows here (the rail's progress bar) within 5 s even
 * without the realtime channel, which only runs while a session does or
 * the timer page is open.
 */
export function activeSessionQueryOptions(userId: string) {
  return queryOptions({
    queryKey: pomodoroKeys.active(userId),
    queryFn: ({ signal }) => getActiveSession(userId, signal),
    refetchInterval: ACTIVE_POLL_MS,
    staleTime: ACTIVE_POLL_MS,
  })
}

export function useActiveSession(userId: string) {
  return useQuery(activeSessionQueryOptions(userId))
}
