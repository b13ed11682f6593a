import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { loadRealtime, supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { type ChannelPreference, CHANNEL_DEFAULTS, channelPreferencesQueryOptions } from '../api/notification-preferences'
import { type AppNotification, inboxKey } from '../api/notifications'

/** How long a new notification's toast stays (002 §9). */
export const TOAST_MS = 5000
/** A browser notification closes itself after this, unless it is about something overdue. */
export const BROWSER_CLOSE_MS = 10_000

/** How long the channel preferences read for a toast are trusted (changes made here update them at once). */
const PREFS_FRESH_MS = 60_000

const PRIORITY: Record<string, number> = { low: 1, medium: 2, high: 3, urgent: 4 }

/**
 * The priority of a notification for the channels' thresholds (000 §3,
 * default 1): its task's (1 low … 4 urgent; a task without one counts as
 * medium), a deadline's 3, anything else 2.
 */
export function priorityOf(n: Pick<AppNotification, 'metadata' | 'type'>): number {
  const p = n.metadata.priority
  if (typeof p === 'number') return p > 0 ? p : 2
  if (typeof p === 'string' && p in PRIORITY) return PRIORITY[p] ?? 2
  return n.type === 'deadline' ? 3 : 2
}

const allows = (pref: ChannelPreference, n: AppNotification) => pref.enabled && priorityOf(n) >= pref.priority_threshold

/**
 * New notifications arrive by the realtime INSERT subscription (002 §4): the
 * list updates, a toast shows for 5000 ms, and a browser notification when
 * permitted, each as the user's channel preferences allow.
 */
export function useLiveNotifications(userId: string, onOpen: (url: string) => void): void {
  const queryClient = useQueryClient()
  const open = useRef(onOpen)
  open.current = onOpen
  useEffect(() => {
    let cancelled = false
    let cleanup = () => {}
    void loadRealtime().then(() => {
      if (cancelled) return
      const channel = supabase
        .channel(`notifications:${userId}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'notifications', filter: `to_user_id=eq.${userId}` }, (payload) => {
          const row = payload.new as AppNotification
          const n = { ...row, metadata: row.metadata && typeof row.metadata === 'object' ? row.metadata : {} }
          queryClient.setQueryData<AppNotification[]>(inboxKey(userId), (list) => (list ? [n, ...list.filter((x) => x.id !== n.id)].slice(0, 50) : list))
          void queryClient.invalidateQueries({ queryKey: inboxKey(userId) })
          // The preferences from the cache (the settings screen's own query,
          // which its switches update): no request between the event and the toast.
          void queryClient
            .fetchQuery({ ...channelPreferencesQueryOptions(userId), staleTime: PREFS_FRESH_MS })
            .catch(() => CHANNEL_DEFAULTS)
            .then((prefs) => {
              const url = typeof n.metadata.actionUrl === 'string' ? n.metadata.actionUrl : '/app/notifications'
              if (allows(prefs.in_app, n)) {
                toast.success(n.title, { description: n.message, duration: TOAST_MS, action: { label: 'Open', onClick: () => open.current(url) } })
              }
              if (allows(prefs.browser, n) && 'Notification' in window && Notification.permission === 'granted') {
                // An overdue task's reminder (a deadline row, functions/reminders) waits for the user (000 §9).
                const overdue = n.type === 'deadline'
                const shown = new Notification(n.title, { body: n.message, tag: n.id, requireInteraction: overdue })
                shown.onclick = () => open.current(url)
                if (!overdue) window.setTimeout(() => shown.close(), BROWSER_CLOSE_MS)
              }
            })
        })
        .subscribe()
      cleanup = () => void supabase.removeChannel(channel)
    })
    return () => {
      cancelled = true
      cleanup()
    }
  }, [queryClient, userId])
}
