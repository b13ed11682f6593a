import { useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { taskKeys } from './keys'

/** Search terms: trimmed, markup characters stripped, 2 to 200 characters (spec 001 §9). */
export const SEARCH_MIN = 2
export const SEARCH_MAX = 200
export const SEARCH_LIMIT = 20

export function cleanSearchTerm(raw: string): string {
  const term = raw.replace(/[<>{}[\]\\`]/g, '').trim().slice(0, SEARCH_MAX)
  return term.length >= SEARCH_MIN ? term : ''
}

/** Escapes the LIKE wildcards so the term matches literally. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The user's tasks whose title, notes or tags hold the term, best first (search_user_content, kind 'task'). */
export function useTaskSearch(userId: string, term: string) {
  return useQuery({
    queryKey: taskKeys.search(userId, term),
    queryFn: async ({ signal }) =>
      unwrap(
        await supabase
          .rpc('search_user_content', { p_search_term: term, p_content_type: 'task', p_limit: SEARCH_LIMIT })
          .abortSignal(signal),
      ),
    enabled: term.length >= SEARCH_MIN,
    staleTime: 30_000,
  })
}
