import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { Note } from './get-note'
import { noteKeys } from './keys'
import { editNoteList, patchSummary, restoreNoteList } from './notes-cache'

export type MoveNoteInput = { userId: string; id: string; /** Folder name; null: Uncategorized. */ folder: string | null }

/** Moves a note to a folder (002 §7: move {id, folder}); null clears it. */
export async function moveNote({ id, folder }: MoveNoteInput) {
  unwrap(await supabase.from('notes').update({ folder }).eq('id', id))
}

/**
 * The move of a drop on a folder: at once in the list, reverted with the
 * spec's 'Error - Failed to move note. Please try again.' if the server
 * refuses.
 */
export function useMoveNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: moveNote,
    // Offline, a drop fails at once and is undone (react-query would hold it until online).
    networkMode: 'always',
    onMutate: async ({ userId, id, folder }) => {
      queryClient.setQueryData<Note | null>(noteKeys.detail(id), (n) => (n ? { ...n, folder } : n))
      return { before: await editNoteList(queryClient, userId, (l) => patchSummary(l, id, { folder })) }
    },
    onError: (_e, { userId, id }, context) => {
      restoreNoteList(queryClient, userId, context?.before)
      void queryClient.invalidateQueries({ queryKey: noteKeys.detail(id) })
      toast.error('Error', { description: 'Failed to move note. Please try again.' })
    },
    onSettled: (_d, _e, { userId }) => queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) }),
  })
}
