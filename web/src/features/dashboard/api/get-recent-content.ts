import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { dashboardKeys } from './keys'

/** Items of each kind the dashboard shows. */
export const RECENT_ITEMS = 5

/** The user's notes changed last (their own; shared ones show in Notes). */
export async function getRecentNotes(userId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('notes')
      .select('id, title, content, folder, pinned, updated_at')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('updated_at', { ascending: false })
      .limit(RECENT_ITEMS)
      .abortSignal(signal),
  )
}

/** The user's latest journal entries, by their day. */
export async function getRecentJournal(userId: string, signal: AbortSignal) {
  return unwrap(
    await supabase
      .from('journal_entries')
      .select('id, title, content, date, mood, updated_at')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('date', { ascending: false })
      .order('updated_at', { ascending: false })
      .limit(RECENT_ITEMS)
      .abortSignal(signal),
  )
}

export type RecentNote = Awaited<ReturnType<typeof getRecentNotes>>[number]
export type RecentEntry = Awaited<ReturnType<typeof getRecentJournal>>[number]

export function useRecentNotes(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.recentNotes(userId), queryFn: ({ signal }) => getRecentNotes(userId, signal) }))
}

export function useRecentJournal(userId: string) {
  return useQuery(queryOptions({ queryKey: dashboardKeys.recentJournal(userId), queryFn: ({ signal }) => getRecentJournal(userId, signal) }))
}
