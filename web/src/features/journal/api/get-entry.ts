import { queryOptions, useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { journalKeys } from './keys'

export type Entry = TableRow<'journal_entries'>

/** One live entry with its text; null when there is none to read. */
export async function getEntry(entryId: string, signal: AbortSignal): Promise<Entry | null> {
  return unwrap(await supabase.from('journal_entries').select('*').eq('id', entryId).eq('is_deleted', false).abortSignal(signal).maybeSingle())
}

export function entryQueryOptions(entryId: string) {
  return queryOptions({
    queryKey: journalKeys.entry(entryId),
    queryFn: ({ signal }) => getEntry(entryId, signal),
    // The editor owns the text once open.
    staleTime: Number.POSITIVE_INFINITY,
  })
}

export function useEntry(entryId: string) {
  return useQuery(entryQueryOptions(entryId))
}
