import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getPreference, preferenceKeys, savePreference } from '@/lib/preferences'
import { RECENT_SEARCHES_KEY, addRecentSearch, readRecentSearches } from '../utils/recent-searches'

/**
 * The user's last five searches, newest first: a user_preferences row
 * (search.recentSearches), so they follow the user to another device; a
 * failed save keeps them in local storage (lib/preferences.ts).
 */
export function recentSearchesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: preferenceKeys.one(userId, RECENT_SEARCHES_KEY),
    queryFn: ({ signal }) => getPreference(userId, RECENT_SEARCHES_KEY, signal).then((v) => v ?? null),
    staleTime: 5 * 60_000,
  })
}

export function useRecentSearches(userId: string) {
  const queryClient = useQueryClient()
  const key = preferenceKeys.one(userId, RECENT_SEARCHES_KEY)
  const query = useQuery(recentSearchesQueryOptions(userId))
  const save = useMutation({
    mutationFn: (list: string[]) => savePreference(userId, RECENT_SEARCHES_KEY, list),
    onMutate: (list) => queryClient.setQueryData(key, list),
    // Kept locally when the server is away; not worth a toast.
    meta: { silent: true },
  })
  const searches = readRecentSearches(query.data)
  return {
    searches,
    remember: (term: string) => {
      const current = readRecentSearches(queryClient.getQueryData(key))
      const next = addRecentSearch(current, term)
      if (next.join('\n') !== current.join('\n')) save.mutate(next)
    },
    clear: () => save.mutate([]),
  }
}
