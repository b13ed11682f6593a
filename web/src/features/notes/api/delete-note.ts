import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { noteKeys } from './keys'
import { editNoteList, restoreNoteList } from './notes-cache'

type Input = { userId: string; id: string }

/** Soft-deletes a note (002 §4: the flag is set, the row stays). */
export async function deleteNote({ id }: Input) {
  unwrap(await supabase.from('notes').update({ is_deleted: true }).eq('id', id))
}

/** Brings a deleted note back (Undo); the Free cap counts it again. */
export async function restoreNote({ id }: Input) {
  unwrap(await supabase.from('notes').update({ is_deleted: false }).eq('id', id))
}

export function useRestoreNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreNote,
    onSettled: (_d, _e, { userId }) => queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) }),
    meta: { errorTitle: 'Error restoring note' },
  })
}

/** Deletes at once from the list, with 'Note deleted' and an Undo. */
export function useDeleteNote() {
  const queryClient = useQueryClient()
  const restore = useRestoreNote()
  return useMutation({
    mutationFn: deleteNote,
    onMutate: async ({ userId, id }) => ({ before: await editNoteList(queryClient, userId, (l) => l.filter((n) => n.id !== id)) }),
    onError: (_e, { userId }, context) => restoreNoteList(queryClient, userId, context?.before),
    onSuccess: (_d, input) => {
      queryClient.removeQueries({ queryKey: noteKeys.detail(input.id) })
      toast.success('Note deleted', { action: { label: 'Undo', onClick: () => restore.mutate(input) } })
    },
    onSettled: (_d, _e, { userId }) => queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) }),
    meta: { errorTitle: 'Error deleting note' },
  })
}
