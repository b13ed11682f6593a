import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { journalKeys } from './keys'

/**
 * Entries this month, total words, average mood and current streak (002
 * §2, §7), computed by the server for the user's calendar day `today`
 * (yyyy-MM-dd in the user's time zone).
 */
export async function getJournalStatistics(today: string, signal: AbortSignal) {
  const rows = unwrap(await supabase.rpc('get_journal_statistics', { p_today: today }).abortSignal(signal))
  return rows[0] ?? null
}

export type JournalStatistics = NonNullable<Awaited<ReturnType<typeof getJournalStatistics>>>

export function journalStatisticsQueryOptions(userId: string, today: string) {
  return queryOptions({ queryKey: journalKeys.statistics(userId, today), queryFn: ({ signal }) => getJournalStatistics(today, signal) })
}

export function useJournalStatistics(userId: string, today: string) {
  return useQuery(journalStatisticsQueryOptions(userId, today))
}
