import { useQuery } from '@tanstack/react-query'
import type { ViewRow } from '@/lib/database'
import { userQueryOptions } from '@/lib/query-client'
import { readAll } from '@/lib/read-all'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/** A note as lists show it: every column but the text, and the text's first 300 characters (0674). */
export type NoteSummary = ViewRow<'notes_with_preview'>

export const NOTE_LIST_COLUMNS = 'id, user_id, title, preview, folder, pinned, is_shared, is_deleted, created_at, updated_at'

/**
 * All of the user's live notes, newest change first, read a thousand at a
 * time. The list, the sidebar's folder counts and its expanded folders all
 * render from this one answer.
 */
export async function getNotes(userId: string, signal: AbortSignal): Promise<NoteSummary[]> {
  return readAll((from, to, first) =>
    supabase
      .from('notes_with_preview')
      .select(NOTE_LIST_COLUMNS, { count: first ? 'exact' : undefined })
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('updated_at', { ascending: false })
      .order('id')
      .range(from, to)
      .abortSignal(signal),
  )
}

export const notesQueryOptions = userQueryOptions(noteKeys.list, getNotes)

export function useNotes(userId: string) {
  return useQuery(notesQueryOptions(userId))
}
