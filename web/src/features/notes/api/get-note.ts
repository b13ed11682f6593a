import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

export type Note = TableRow<'notes'>

/**
 * One note with its text: the user's own, or one shared with them by link
 * (0214's policies decide). null when there is none to read (deleted, never
 * existed, or no longer shared).
 */
export async function getNote(noteId: string, signal: AbortSignal): Promise<Note | null> {
  return unwrap(await supabase.from('notes').select('*').eq('id', noteId).eq('is_deleted', false).abortSignal(signal).maybeSingle())
}

export function noteQueryOptions(noteId: string) {
  return queryOptions({
    queryKey: noteKeys.detail(noteId),
    queryFn: ({ signal }) => getNote(noteId, signal),
    // The editor owns the text once open; a refetch must not replace it.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useNote(noteId: string) {
  return useQuery(noteQueryOptions(noteId))
}
