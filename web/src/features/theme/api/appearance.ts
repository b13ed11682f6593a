import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getPreference, preferenceKeys, savePreference } from '@/lib/preferences'

/** Server-kept appearance switches (spec 000 §3, user_preferences). */
export const APPEARANCE_KEYS = {
  showDashboardBackground: 'appearance.showDashboardBackground',
  darkSidebarInLightMode: 'appearance.darkSidebarInLightMode',
} as const

export type AppearanceSetting = keyof typeof APPEARANCE_KEYS

export function appearanceQueryOptions(userId: string, setting: AppearanceSetting) {
  const key = APPEARANCE_KEYS[setting]
  return queryOptions({
    queryKey: preferenceKeys.one(userId, key),
    queryFn: async ({ signal }) => (await getPreference(userId, key, signal)) === true,
    staleTime: 5 * 60_000,
  })
}

/** The switch's value; false until loaded and when the server has none. */
export function useAppearance(userId: string | undefined, setting: AppearanceSetting): boolean {
  const query = useQuery({
    ...appearanceQueryOptions(userId ?? '', setting),
    enabled: !!userId,
  })
  return query.data ?? false
}

export function useSaveAppearance(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ setting, value }: { setting: AppearanceSetting; value: boolean }) =>
      savePreference(userId, APPEARANCE_KEYS[setting], value),
    onMutate: ({ setting, value }) => {
      // Shown at once; a failed save keeps the local copy (savePreference).
      queryClient.setQueryData(appearanceQueryOptions(userId, setting).queryKey, value)
    },
    meta: { errorTitle: 'Update failed', errorDescription: 'Failed to save your changes. Please try again.' },
  })
}
