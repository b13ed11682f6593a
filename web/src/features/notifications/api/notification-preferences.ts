import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { NotificationChannel, TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'

export const notificationKeys = {
  all: ['notifications'] as const,
  preferences: (userId: string) => [...notificationKeys.all, 'preferences', userId] as const,
}

export type ChannelPreference = Pick<TableRow<'user_notification_preferences'>, 'enabled' | 'priority_threshold'> & { channel_type: NotificationChannel }

/** Defaults when a channel has no row yet (spec 000 §3). */
export const CHANNEL_DEFAULTS: Record<NotificationChannel, ChannelPreference> = {
  in_app: { channel_type: 'in_app', enabled: true, priority_threshold: 1 },
  browser: { channel_type: 'browser', enabled: true, priority_threshold: 1 },
  email: { channel_type: 'email', enabled: false, priority_threshold: 1 },
}

function isChannel(value: string): value is NotificationChannel {
  return value in CHANNEL_DEFAULTS
}

export async function getChannelPreferences(userId: string, signal: AbortSignal) {
  const rows = unwrap(
    await supabase
      .from('user_notification_preferences')
      .select('channel_type, enabled, priority_threshold')
      .eq('user_id', userId)
      .abortSignal(signal),
  )
  const byChannel = { ...CHANNEL_DEFAULTS }
  for (const row of rows) {
    // The CHECK constraint allows only these three; anything else is ignored.
    if (isChannel(row.channel_type)) byChannel[row.channel_type] = { ...row, channel_type: row.channel_type }
  }
  return byChannel
}

export const channelPreferencesQueryOptions = userQueryOptions(notificationKeys.preferences, getChannelPreferences)

export function useChannelPreferences(userId: string) {
  return useQuery(channelPreferencesQueryOptions(userId))
}

export function useSetChannelEnabled(userId: string) {
  const queryClient = useQueryClient()
  const key = notificationKeys.preferences(userId)
  return useMutation({
    mutationFn: async ({ channel, enabled }: { channel: NotificationChannel; enabled: boolean }) =>
      unwrap(
        await supabase
          .from('user_notification_preferences')
          .upsert(
            { user_id: userId, channel_type: channel, enabled, updated_at: new Date().toISOString() },
            { onConflict: 'user_id,channel_type' },
          ),
      ),
    onMutate: async ({ channel, enabled }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<Record<NotificationChannel, ChannelPreference>>(key)
      if (previous) queryClient.setQueryData(key, { ...previous, [channel]: { ...previous[channel], enabled } })
      return { previous }
    },
    onError: (_e, _v, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorTitle: 'Update failed', errorDescription: 'Failed to save your changes. Please try again.' },
  })
}
