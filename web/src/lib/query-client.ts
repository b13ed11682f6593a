import { MutationCache, QueryCache, QueryClient, type QueryKey, onlineManager, queryOptions } from '@tanstack/react-query'
import { describeError, isPlanLimitError, errorMessage } from './errors'
import { queryRetryDelay, shouldRetryQuery } from './retry'

/** What a mutation may say about its own failure. */
export type MutationMeta = {
  /** Title of the default error toast, e.g. 'Update failed'. */
  errorTitle?: string
  /** Replaces the error's own message in the default toast. */
  errorDescription?: string
  /** The caller reports the error itself: no default toast. */
  silent?: boolean
}

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationMeta
  }
}

export type QueryClientHandlers = {
  /** A server plan cap was hit ('Task limit reached for Free plan'). */
  onPlanLimit: (message: string) => void
  /** A mutation failed and nobody else reported it. */
  onMutationError: (title: string, description: string) => void
}

/** Default freshness of server data (spec 000 §9: fresh 30 s, kept 5 min). */
export const STALE_MS = 30_000
export const GC_MS = 5 * 60_000

/**
 * Task lists (spec 000 §9, 001 §9): refetch every 20 s, fresh 30 s, kept
 * 5 min, no refetch on window focus. Here, with the app's own code, so the
 * dashboard's list and the task screens read them without sharing a chunk.
 */
export const TASK_LIST_QUERY = {
  refetchInterval: 20_000,
  staleTime: STALE_MS,
  gcTime: GC_MS,
  refetchOnWindowFocus: false,
} as const

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

/**
 * The app's query client. Queries follow spec 000 §8 (no retry on network
 * failures, backoff on rate limits, else at most two retries, no refetch on
 * window focus); mutations are never retried and have a default error toast
 * unless they handle errors themselves. Any request that hits a plan cap
 * opens the paywall instead of a toast.
 */
export function createQueryClient(handlers: QueryClientHandlers): QueryClient {
  // react-query assumes online until an 'offline' event: a page opened
  // offline would fail its queries instead of waiting (and showing the
  // cache kept in IndexedDB, issue 26).
  if (typeof navigator !== 'undefined' && !navigator.onLine) onlineManager.setOnline(false)
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error) => {
        if (isPlanLimitError(error)) handlers.onPlanLimit(errorMessage(error))
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isPlanLimitError(error)) {
          handlers.onPlanLimit(errorMessage(error))
          return
        }
        const meta = mutation.options.meta
        if (meta?.silent || mutation.options.onError) return
        handlers.onMutationError(meta?.errorTitle ?? 'Something went wrong', meta?.errorDescription ?? describeError(error))
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
        refetchOnWindowFocus: false,
        staleTime: STALE_MS,
        gcTime: GC_MS,
      },
      mutations: { retry: false },
    },
  })
}
