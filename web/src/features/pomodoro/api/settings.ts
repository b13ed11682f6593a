import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { getDeviceId } from '@/lib/device'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { type RangedSetting, SETTING_RANGES } from '../utils/timer'
import { pomodoroKeys } from './keys'

export type FocusSettings = Pick<
  TableRow<'pomodoro_settings'>,
  | RangedSetting
  | 'auto_start_breaks'
  | 'auto_start_work'
  | 'show_timer_in_title'
  | 'enable_browser_notifications'
>

/** The defaults of 000 §9 (and of the table). */
export const DEFAULT_SETTINGS: FocusSettings = {
  work_duration: SETTING_RANGES.work_duration.default,
  short_break_duration: SETTING_RANGES.short_break_duration.default,
  long_break_duration: SETTING_RANGES.long_break_duration.default,
  sessions_until_long_break: SETTING_RANGES.sessions_until_long_break.default,
  daily_goal: SETTING_RANGES.daily_goal.default,
  auto_start_breaks: false,
  auto_start_work: false,
  show_timer_in_title: true,
  enable_browser_notifications: true,
}

const COLUMNS =
  'device_id, work_duration, short_break_duration, long_break_duration, sessions_until_long_break, daily_goal, auto_start_breaks, auto_start_work, show_timer_in_title, enable_browser_notifications, updated_at'

/**
 * This device's settings (one row per device, 0700); on a device that has
 * saved none, the ones saved last on any device, else the defaults.
 */
export async function getSettings(userId: string, deviceId: string, signal: AbortSignal): Promise<FocusSettings> {
  const rows = unwrap(
    await supabase
      .from('pomodoro_settings')
      .select(COLUMNS)
      .eq('user_id', userId)
      .order('updated_at', { ascending: false })
      .limit(20)
      .abortSignal(signal),
  )
  const row = rows.find((r) => r.device_id === deviceId) ?? rows[0]
  if (!row) return DEFAULT_SETTINGS
  const { device_id: _device, updated_at: _updated, ...settings } = row
  return settings
}

export function settingsQueryOptions(userId: string, deviceId = getDeviceId()) {
  return queryOptions({
    queryKey: pomodoroKeys.settings(userId, deviceId),
    queryFn: ({ signal }) => getSettings(userId, deviceId, signal),
    staleTime: 5 * 60_000,
  })
}

/** The settings, the defaults until they are loaded. */
export function useFocusSettings(userId: string): FocusSettings {
  return useQuery(settingsQueryOptions(userId)).data ?? DEFAULT_SETTINGS
}

/** The message for a value outside its range, or null (the server's CHECKs say the same). */
export function validateSetting(key: RangedSetting, value: number): string | null {
  const r = SETTING_RANGES[key]
  if (!Number.isInteger(value) || value < r.min || value > r.max) return `${r.label} must be between ${r.min} and ${r.max} ${r.unit}.`
  return null
}

export async function saveSettings(userId: string, deviceId: string, settings: FocusSettings): Promise<void> {
  unwrap(
    await supabase
      .from('pomodoro_settings')
      .upsert({ user_id: userId, device_id: deviceId, ...settings, updated_at: new Date().toISOString() }, { onConflict: 'user_id,device_id' }),
  )
}

export function useSaveSettings(userId: string) {
  const queryClient = useQueryClient()
  const deviceId = getDeviceId()
  const key = settingsQueryOptions(userId, deviceId).queryKey
  return useMutation({
    mutationFn: (settings: FocusSettings) => saveSettings(userId, deviceId, settings),
    onMutate: async (settings) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData(key)
      queryClient.setQueryData(key, settings)
      return { previous }
    },
    onError: (_e, _v, context) => {
      queryClient.setQueryData(key, context?.previous)
      toast.error('Update failed', { description: 'Failed to save your changes. Please try again.' })
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  })
}
