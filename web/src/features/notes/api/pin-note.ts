import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Note } from './get-note'
import { noteKeys } from './keys'
import { editNoteList, patchSummary, restoreNoteList } from './notes-cache'

type Input = { userId: string; id: string; pinned: boolean }

/** Pins a note to the top of its lists, or unpins it. */
export async function pinNote({ id, pinned }: Input) {
  unwrap(await supabase.from('notes').update({ pinned }).eq('id', id))
}

export function usePinNote() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: pinNote,
    onMutate: async ({ userId, id, pinned }) => {
      queryClient.setQueryData<Note | null>(noteKeys.detail(id), (n) => (n ? { ...n, pinned } : n))
      return { before: await editNoteList(queryClient, userId, (l) => patchSummary(l, id, { pinned })) }
    },
    onError: (_e, { userId }, context) => restoreNoteList(queryClient, userId, context?.before),
    onSettled: (_d, _e, { userId }) => queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) }),
    meta: { errorTitle: 'Error updating note' },
  })
}
