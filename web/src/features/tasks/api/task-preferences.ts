import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { Json } from '@/lib/database'
import { preferenceKeys, preferenceQueryOptions, savePreference } from '@/lib/preferences'
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

/** One of the task module's preferences: the shared preference read (lib/preferences.ts). */
export const taskPreferenceQueryOptions = preferenceQueryOptions

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
