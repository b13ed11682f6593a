import { useQuery } from '@tanstack/react-query'
import type { ViewRow } from '@/lib/database'
import { userQueryOptions } from '@/lib/query-client'
import { readAll } from '@/lib/read-all'
import { supabase } from '@/lib/supabase'
import { journalKeys } from './keys'

/** An entry as lists show it: every column but the text, and the text's first 300 characters (0674). */
export type EntrySummary = ViewRow<'journal_entries_with_preview'>

export const ENTRY_LIST_COLUMNS = 'id, user_id, title, preview, date, mood, folder, is_deleted, created_at, updated_at'

/**
 * All of the user's live entries, newest day first, a thousand a request.
 * The month groups, the sidebar's counts, the heat map and the mood chart
 * all render from this one answer.
 */
export async function getEntries(userId: string, signal: AbortSignal): Promise<EntrySummary[]> {
  return readAll((from, to, first) =>
    supabase
      .from('journal_entries_with_preview')
      .select(ENTRY_LIST_COLUMNS, { count: first ? 'exact' : undefined })
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('date', { ascending: false })
      .order('created_at', { ascending: false })
      .range(from, to)
      .abortSignal(signal),
  )
}

export const entriesQueryOptions = userQueryOptions(journalKeys.entries, getEntries)

export function useEntries(userId: string) {
  return useQuery(entriesQueryOptions(userId))
}
