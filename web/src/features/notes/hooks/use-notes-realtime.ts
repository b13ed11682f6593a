import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { usePostgresChanges } from '@/lib/use-postgres-changes'
import type { Note } from '../api/get-note'
import type { NoteSummary } from '../api/get-notes'
import { noteKeys } from '../api/keys'
import { summaryOf, upsertSummary } from '../api/notes-cache'

/**
 * Keeps the notes screens current with changes made elsewhere (another
 * tab, device, a recipient with 'Can edit'): a changed note is written
 * into the cached list from the change itself (no refetch of the whole
 * list for each autosave), and folder changes refetch the folders, at most
 * every 500 ms.
 */
export function useNotesRealtime(userId: string) {
  const queryClient = useQueryClient()
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(() => () => clearTimeout(timer.current ?? undefined), [])

  usePostgresChanges<Note>(
    { table: 'notes', filter: `user_id=eq.${userId}` },
    (payload: RealtimePostgresChangesPayload<Note>) => {
      if (payload.eventType === 'DELETE') return
      const note = payload.new
      queryClient.setQueryData<NoteSummary[]>(noteKeys.list(userId), (list) => {
        if (!list) return list
        if (note.is_deleted) return list.filter((n) => n.id !== note.id)
        const current = list.find((n) => n.id === note.id)
        // An echo of what this tab already has (its own save): nothing to do.
        if (current && current.updated_at >= note.updated_at) return list
        return upsertSummary(list, summaryOf(note)).sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1))
      })
    },
    // After a reconnect the list is read again (changes are not replayed);
    // the first join follows the list's own read, and 1,000 notes are not read twice.
    (rejoined) => {
      if (rejoined) void queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) })
    },
  )

  const refetchFolders = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = setTimeout(() => void queryClient.invalidateQueries({ queryKey: noteKeys.folders(userId) }), 500)
  }
  // Folders are few: read again at every join.
  usePostgresChanges({ table: 'note_folders', filter: `user_id=eq.${userId}` }, refetchFolders, refetchFolders)
}
