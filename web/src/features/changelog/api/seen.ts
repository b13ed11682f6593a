import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getPreference, preferenceKeys, savePreference } from '@/lib/preferences'

/** The newest changelog entry the user has opened (preference whatsNew.lastSeen, a YYYY-MM-DD date). */
const KEY = 'whatsNew.lastSeen'

export function lastSeenQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferenceKeys.one(userId, KEY),
    queryFn: async ({ signal }) => {
      const v = await getPreference(userId, KEY, signal)
      return typeof v === 'string' ? v : ''
    },
    staleTime: 10 * 60_000,
  })
}

/** Whether the newest entry is one the user has not opened yet (false until known). */
export function useUnseenChanges(userId: string): boolean {
  const seen = useQuery(lastSeenQueryOptions(userId)).data
  return seen !== undefined && seen < __CHANGELOG_LATEST__
}

export function useMarkSeen(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (date: string) => savePreference(userId, KEY, date),
    onMutate: (date) => queryClient.setQueryData(lastSeenQueryOptions(userId).queryKey, date),
    // Not worth a toast: it is kept locally and asked again next time.
    meta: { silent: true },
  })
}
