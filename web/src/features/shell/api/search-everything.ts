import { useQuery } from '@tanstack/react-query'
import { cleanContentTerm } from '@/lib/content-search'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

/** What search_user_content finds, by the palette's categories. */
export type ContentKind = 'task' | 'project' | 'tag' | 'note' | 'journal'
export type ContentHit = { id: string; kind: ContentKind; title: string; snippet: string | null; metadata: unknown }

const KINDS: readonly ContentKind[] = ['task', 'project', 'tag', 'note', 'journal']

export const searchKeys = {
  all: ['search-everything'] as const,
  term: (userId: string, term: string) => [...searchKeys.all, userId, term] as const,
}

/**
 * Everything of the user's matching a term, best first, 20 at most (spec
 * 001 §7/§9: search_user_content with p_limit 20; the server ranks the kinds
 * against each other).
 */
export async function searchEverything(term: string, signal?: AbortSignal): Promise<ContentHit[]> {
  let call = supabase.rpc('search_user_content', { p_search_term: term, p_content_type: 'all', p_limit: 20 })
  if (signal) call = call.abortSignal(signal)
  const rows = unwrap(await call)
  return rows.flatMap((r) =>
    (KINDS as readonly string[]).includes(r.content_type)
      ? [{ id: r.id, kind: r.content_type as ContentKind, title: r.title, snippet: r.snippet, metadata: r.metadata }]
      : [],
  )
}

/** The search for the palette: cleaned (2–200 characters, markup stripped), cached 30 s. */
export function useSearchEverything(userId: string, raw: string) {
  const term = cleanContentTerm(raw)
  return {
    term,
    ...useQuery({
      queryKey: searchKeys.term(userId, term),
      queryFn: ({ signal }) => searchEverything(term, signal),
      enabled: term !== '',
      staleTime: 30_000,
    }),
  }
}
