import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { preferenceQueryOptions, savePreference } from '@/lib/preferences'
import { RECENT_SEARCHES_KEY, addRecentSearch, readRecentSearches } from '../utils/recent-searches'

/**
 * The user's last five searches, newest first: a user_preferences row
 * (search.recentSearches), so they follow the user to another device; a
 * failed save keeps them in local storage (lib/preferences.ts).
 */
export const recentSearchesQueryOptions = (userId: string) => preferenceQueryOptions(userId, RECENT_SEARCHES_KEY)

export function useRecentSearches(userId: string) {
  const queryClient = useQueryClient()
  const options = recentSearchesQueryOptions(userId)
  const key = options.queryKey
  const query = useQuery(options)
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
