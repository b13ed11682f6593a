import { useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { journalKeys } from './keys'

export type Journal = TableRow<'journal_folders'>

/** The user's live journals in their order, then by name. */
export async function getJournals(userId: string, signal: AbortSignal): Promise<Journal[]> {
  return unwrap(
    await supabase
      .from('journal_folders')
      .select('*')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('sort_order')
      .order('name')
      .abortSignal(signal),
  )
}

export const journalsQueryOptions = userQueryOptions(journalKeys.journals, getJournals)

export function useJournals(userId: string) {
  return useQuery(journalsQueryOptions(userId))
}
