import { useQuery } from '@tanstack/react-query'
import { cleanContentTerm } from '@/lib/content-search'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { journalKeys } from './keys'

/** The user's journal entries matching a term, best first (search_user_content, kind 'journal'; 20 at most, cached 30 s). */
export async function searchEntries(term: string, signal: AbortSignal) {
  return unwrap(
    await supabase.rpc('search_user_content', { p_search_term: term, p_content_type: 'journal', p_limit: 20 }).abortSignal(signal),
  )
}

export function useEntrySearch(userId: string, raw: string) {
  const term = cleanContentTerm(raw)
  return useQuery({
    queryKey: journalKeys.search(userId, term),
    queryFn: ({ signal }) => searchEntries(term, signal),
    enabled: term !== '',
    staleTime: 30_000,
  })
}
