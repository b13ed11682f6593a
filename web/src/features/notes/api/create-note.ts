import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'
import { summaryOf, upsertSummary } from './notes-cache'
import type { NoteSummary } from './get-notes'

export type CreateNoteInput = {
  userId: string
  /** Chosen by the page (so /app/notes/{id} is the note's address before it is saved). */
  id?: string
  title?: string
  content?: string
  /** A folder name; empty or absent: Uncategorized. */
  folder?: string | null
}

/**
 * Inserts a note (002 §7: {title, content, user_id}). The server refuses
 * the 101st on Free with 'Note limit reached for Free plan', which opens
 * the paywall, and more than 10 creations a minute.
 */
export async function createNote({ userId, id, title = '', content = '', folder = null }: CreateNoteInput) {
  return unwrap(
    await supabase
      .from('notes')
      .insert({ ...(id ? { id } : {}), user_id: userId, title, content, folder })
      .select('*')
      .single(),
  )
}

export function useCreateNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createNote,
    onSuccess: (note, { userId }) => {
      queryClient.setQueryData(noteKeys.detail(note.id), note)
      queryClient.setQueryData<NoteSummary[]>(noteKeys.list(userId), (list) => (list ? upsertSummary(list, summaryOf(note)) : list))
    },
    onSettled: (_d, _e, { userId }) => queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) }),
    meta: { errorTitle: 'Error creating note' },
  })
}
