import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { whenRealtime, supabase } from '@/lib/supabase'
import { taskKeys } from '../api/keys'
import { projectKeys, smartFilterKeys } from '../api/module-keys'

/** Projects refetch at most every 500 ms however many changes arrive (001 §7). */
export const PROJECTS_DEBOUNCE_MS = 500
/** The channel opens this long after the task screens mount. */
export const REALTIME_DELAY_MS = 2500

/**
 * Live changes (001 §7): changes on projects, project_members,
 * project_invites and smart_lists refetch what shows them; tasks changed by
 * someone else (a shared project's member) refetch the lists too, between
 * the 20 s polls. The server sends each subscriber only rows its RLS lets
 * it see. Realtime's code loads after the screen is up (lib/deferred).
 */
export function useTasksRealtime(userId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let cancelled = false
    let cleanup = () => {}
    const timers = new Map<string, ReturnType<typeof setTimeout>>()
    const debounced = (key: string, run: () => void) => {
      clearTimeout(timers.get(key))
      timers.set(key, setTimeout(run, PROJECTS_DEBOUNCE_MS))
    }
    const start = () =>
      whenRealtime(() => {
        if (cancelled) return
        const channel = supabase
          .channel(`tasks-module:${userId}`)
          .on('postgres_changes', { event: '*', schema: 'public', table: 'projects' }, () =>
            debounced('projects', () => {
              void queryClient.invalidateQueries({ queryKey: projectKeys.list(userId) })
              void queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
            }),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'project_members' }, () =>
            debounced('members', () => {
              void queryClient.invalidateQueries({ queryKey: projectKeys.all })
              void queryClient.invalidateQueries({ queryKey: taskKeys.lists() })
            }),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'project_invites' }, () =>
            debounced('invites', () => void queryClient.invalidateQueries({ queryKey: projectKeys.sharing() })),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'smart_lists' }, () =>
            void queryClient.invalidateQueries({ queryKey: smartFilterKeys.list(userId) }),
          )
          .on('postgres_changes', { event: '*', schema: 'public', table: 'tasks' }, () =>
            debounced('tasks', () => void queryClient.invalidateQueries({ queryKey: taskKeys.lists() })),
          )
          .subscribe()
        cleanup = () => void supabase.removeChannel(channel)
      })
    // Once the screen has settled: the list needs none of it to show, and the
    // 20 s poll covers the first seconds.
    const later = window.setTimeout(start, REALTIME_DELAY_MS)
    return () => {
      cancelled = true
      window.clearTimeout(later)
      for (const t of timers.values()) clearTimeout(t)
      cleanup()
    }
  }, [queryClient, userId])
}
