import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { loadConfig } from '@/lib/config'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export const calendarSyncKeys = {
  all: ['calendar-sync'] as const,
  feed: (userId: string) => [...calendarSyncKeys.all, userId, 'feed'] as const,
}

export type CalendarFeed = { token: string; created_at: string }

/** The secret feed URL calendar apps subscribe to (gateway/calsync). */
export function feedUrl(token: string, base = loadConfig()?.url ?? window.location.origin): string {
  return `${base.replace(/\/+$/, '')}/calendar/v1/feed/${token}.ics`
}

export function feedQueryOptions(userId: string) {
  return queryOptions({
    queryKey: calendarSyncKeys.feed(userId),
    queryFn: async ({ signal }): Promise<CalendarFeed | null> =>
      unwrap(await supabase.from('calendar_feeds').select('token, created_at').eq('user_id', userId).abortSignal(signal).maybeSingle()),
  })
}

export function useCalendarFeed(userId: string) {
  return useQuery(feedQueryOptions(userId))
}

/** Makes the feed, or replaces its secret: the old URL stops working. */
export function useRegenerateFeed(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => unwrap(await supabase.rpc('regenerate_calendar_feed')),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.feed(userId) }),
    meta: { errorTitle: 'Could not make the calendar feed' },
  })
}

export function useRevokeFeed(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      unwrap(await supabase.rpc('revoke_calendar_feed'))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarSyncKeys.feed(userId) }),
    meta: { errorTitle: 'Could not turn the calendar feed off' },
  })
}
