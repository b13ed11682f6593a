import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { NOTE_LIST_COLUMNS } from './get-notes'
import { noteKeys } from './keys'

/** A folder shared with the user and its live notes, newest change first (0214's policies let a recipient read both). */
export async function getSharedFolderNotes(folderId: string, ownerId: string, signal: AbortSignal) {
  const folder = unwrap(await supabase.from('note_folders').select('*').eq('id', folderId).abortSignal(signal).maybeSingle())
  if (!folder || folder.is_deleted) return { folder: null, notes: [] }
  const notes = unwrap(
    await supabase
      .from('notes_with_preview')
      .select(NOTE_LIST_COLUMNS)
      .eq('user_id', ownerId)
      .eq('folder', folder.name)
      .eq('is_deleted', false)
      .order('updated_at', { ascending: false })
      .abortSignal(signal),
  )
  return { folder, notes }
}

export function useSharedFolderNotes(folderId: string, ownerId: string) {
  return useQuery(
    queryOptions({
      queryKey: noteKeys.sharedFolderNotes(folderId),
      queryFn: ({ signal }) => getSharedFolderNotes(folderId, ownerId, signal),
    }),
  )
}
