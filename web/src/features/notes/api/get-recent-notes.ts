import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { NOTE_LIST_COLUMNS } from './get-notes'
import { noteKeys } from './keys'

/** The user's most recently changed live notes (the dashboard's "Recent notes"). */
export async function getRecentNotes(userId: string, limit: number, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('notes_with_preview')
      .select(NOTE_LIST_COLUMNS)
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('updated_at', { ascending: false })
      .limit(limit)
      .abortSignal(signal),
  )
}

export function recentNotesQueryOptions(userId: string, limit = 5) {
  return queryOptions({
    queryKey: noteKeys.recent(userId, limit),
    queryFn: ({ signal }) => getRecentNotes(userId, limit, signal),
  })
}

export function useRecentNotes(userId: string, limit = 5) {
  return useQuery(recentNotesQueryOptions(userId, limit))
}
