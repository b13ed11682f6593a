import { useQuery } from '@tanstack/react-query'
import { cleanContentTerm } from '@/lib/content-search'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/** The user's notes matching a term, best first (search_user_content, kind 'note'; 20 at most, cached 30 s). */
export async function searchNotes(term: string, signal: AbortSignal) {
  return unwrap(
    await supabase.rpc('search_user_content', { p_search_term: term, p_content_type: 'note', p_limit: 20 }).abortSignal(signal),
  )
}

export type NoteSearchHit = Awaited<ReturnType<typeof searchNotes>>[number]

export function useNoteSearch(userId: string, raw: string) {
  const term = cleanContentTerm(raw)
  return useQuery({
    queryKey: noteKeys.search(userId, term),
    queryFn: ({ signal }) => searchNotes(term, signal),
    enabled: term !== '',
    staleTime: 30_000,
  })
}
