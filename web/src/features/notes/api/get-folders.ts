import { useQuery } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { userQueryOptions } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

export type NoteFolder = TableRow<'note_folders'>

/** The user's live folders in their order, then by name. */
export async function getFolders(userId: string, signal: AbortSignal): Promise<NoteFolder[]> {
  return unwrap(
    await supabase
      .from('note_folders')
      .select('*')
      .eq('user_id', userId)
      .eq('is_deleted', false)
      .order('sort_order')
      .order('name')
      .abortSignal(signal),
  )
}

export const foldersQueryOptions = userQueryOptions(noteKeys.folders, getFolders)

export function useFolders(userId: string) {
  return useQuery(foldersQueryOptions(userId))
}
