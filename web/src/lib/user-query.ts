import { queryOptions, type QueryKey } from '@tanstack/react-query'

/** Freshness settings a per-user query may add to the app's defaults. */
export type UserQueryTiming = { staleTime?: number; gcTime?: number; refetchInterval?: number; refetchOnWindowFocus?: boolean }

/**
 * The query options of one user's data, the shape most feature lists and
 * settings share: the key the feature's key factory gives for the user, and
 * a read of the user's rows that honours the query's abort signal.
 *
 *   export const notesQueryOptions = userQueryOptions(noteKeys.list, getNotes)
 */
export function userQueryOptions<T, K extends QueryKey>(
  key: (userId: string) => K,
  read: (userId: string, signal: AbortSignal) => Promise<T>,
  timing: UserQueryTiming = {},
) {
  return (userId: string) => queryOptions({ queryKey: key(userId), queryFn: ({ signal }) => read(userId, signal), ...timing })
}
