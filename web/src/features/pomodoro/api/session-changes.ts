import type { QueryClient } from '@tanstack/react-query'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import type { TableRow } from '@/lib/database'
import { whenRealtime, supabase } from '@/lib/supabase'
import { type FocusSession, toFocusSession } from './get-active-session'
import { pomodoroKeys } from './keys'

type Subscription = { count: number; stop: () => void }
const subscriptions = new Map<string, Subscription>()

/**
 * The realtime channel on pomodoro_sessions filtered by user (000 §7): a
 * change made on another device lands in the active-session query at once
 * (well inside the 5 s poll), and the lists and statistics refetch. One
 * channel per user however many components ask for it.
 */
function subscribe(queryClient: QueryClient, userId: string): () => void {
  const existing = subscriptions.get(userId)
  if (existing) {
    existing.count++
    return release(userId)
  }
  let stopped = false
  let stopChannel = () => {}
  subscriptions.set(userId, { count: 1, stop: () => ((stopped = true), stopChannel()) })
  whenRealtime(() => {
    if (stopped) return
    const channel = supabase
      .channel(`pomodoro-${userId}`)
      .on<TableRow<'pomodoro_sessions'>>(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'pomodoro_sessions', filter: `user_id=eq.${userId}` },
        (payload) => {
          const row = payload.eventType === 'DELETE' ? null : toFocusSession(payload.new)
          const key = pomodoroKeys.active(userId)
          const current = queryClient.getQueryData<FocusSession | null>(key)
          if (row && !row.is_deleted && (row.status === 'active' || row.status === 'paused')) {
            queryClient.setQueryData(key, row)
          } else if (current && (!row || row.id === current.id)) {
            queryClient.setQueryData(key, null)
          }
          void queryClient.invalidateQueries({ queryKey: pomodoroKeys.recent(userId) })
          void queryClient.invalidateQueries({ queryKey: pomodoroKeys.allStats(userId) })
        },
      )
      .subscribe()
    stopChannel = () => void supabase.removeChannel(channel)
  })
  return release(userId)
}

function release(userId: string): () => void {
  let done = false
  return () => {
    if (done) return
    done = true
    const s = subscriptions.get(userId)
    if (!s) return
    if (--s.count === 0) {
      subscriptions.delete(userId)
      s.stop()
    }
  }
}

/** Keeps the user's focus sessions live while the component is mounted. */
export function useSessionChanges(userId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => subscribe(queryClient, userId), [queryClient, userId])
}
