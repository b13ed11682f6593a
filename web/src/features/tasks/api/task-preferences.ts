import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Json } from '@/lib/database'
import { getPreference, preferenceKeys, savePreference } from '@/lib/preferences'
import { resolveZone } from '../utils/dates'

/**
 * The task module's preferences (001 §3): user_preferences rows upserted on
 * (user_id, preference_key) with a JSON value; a failed save keeps the
 * value in local storage (lib/preferences.ts). Cached 5 min (001 §9).
 */
export const TASK_PREFERENCES = {
  paneWidth: 'taskEditPaneWidth',
  editing: 'editingTaskId',
  selected: 'lastSelectedTaskId',
  defaultDateForTime: 'tasks.creation.defaultDateForTime',
  defaultProject: 'tasks.defaultProject',
  timezone: 'timezone',
} as const

export const PREFERENCE_STALE_MS = 5 * 60_000

export function taskPreferenceQueryOptions(userId: string, key: string) {
  return queryOptions({
    queryKey: preferenceKeys.one(userId, key),
    queryFn: ({ signal }) => getPreference(userId, key, signal).then((v) => v ?? null),
    staleTime: PREFERENCE_STALE_MS,
    gcTime: PREFERENCE_STALE_MS,
  })
}

export function useTaskPreference(userId: string, key: string) {
  return useQuery(taskPreferenceQueryOptions(userId, key))
}

/** Saves a preference; the cache follows at once. */
export function useSaveTaskPreference(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ key, value }: { key: string; value: Json }) => savePreference(userId, key, value),
    onMutate: ({ key, value }) => queryClient.setQueryData(preferenceKeys.one(userId, key), value),
    // A preference that did not reach the server is kept locally; nobody needs a toast for it.
    meta: { silent: true },
  })
}

/**
 * The zone task dates are bucketed in: the `timezone` preference, else the
 * browser's. fromPreference tells whether the server knows it (else
 * schedule-task-notifications gets the browser's zone).
 */
export function useTaskZone(userId: string): { zone: string; fromPreference: boolean } {
  const pref = useTaskPreference(userId, TASK_PREFERENCES.timezone)
  const fromPreference = typeof pref.data === 'string' && pref.data.trim() !== ''
  return { zone: resolveZone(pref.data), fromPreference }
}
