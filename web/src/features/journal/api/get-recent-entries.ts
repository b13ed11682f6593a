import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { ENTRY_LIST_COLUMNS } from './get-entries'
import { journalKeys } from './keys'

/** The user's most recently written live entries (/app/journal/recent, the dashboard's "Recent entries"). */
export async function getRecentEntries(userId: string, limit: number, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('journal_entries_with_preview')
      .select(ENTRY_LIST_COLUMNS)
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('updated_at', { ascending: false })
      .limit(limit)
      .abortSignal(signal),
  )
}

export function recentEntriesQueryOptions(userId: string, limit = 20) {
  return queryOptions({ queryKey: journalKeys.recent(userId, limit), queryFn: ({ signal }) => getRecentEntries(userId, limit, signal) })
}

export function useRecentEntries(userId: string, limit = 20) {
  return useQuery(recentEntriesQueryOptions(userId, limit))
}
