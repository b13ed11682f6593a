import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { NoteFolder } from './get-folders'
import { noteKeys } from './keys'
import { editNoteList, restoreNoteList } from './notes-cache'

/**
 * Soft-deletes a folder (docs/decisions.md "Notes, folders and journals"):
 * the row stays, its notes move to Uncategorized and its share link stops
 * working; the server does both (0202, 0214).
 */
export async function deleteFolder({ id }: { id: string }) {
  unwrap(await supabase.from('note_folders').update({ is_deleted: true }).eq('id', id))
}

export function useDeleteFolder(userId: string) {
  const queryClient = useQueryClient()
  const key = noteKeys.folders(userId)
  return useMutation({
    mutationFn: (folder: NoteFolder) => deleteFolder(folder),
    onMutate: async (folder) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<NoteFolder[]>(key)
      queryClient.setQueryData<NoteFolder[]>(key, (l) => l?.filter((f) => f.id !== folder.id))
      const notesBefore = await editNoteList(queryClient, userId, (l) =>
        l.map((n) => (n.folder?.toLowerCase() === folder.name.toLowerCase() ? { ...n, folder: null } : n)),
      )
      return { before, notesBefore }
    },
    onError: (_e, _v, context) => {
      queryClient.setQueryData(key, context?.before)
      restoreNoteList(queryClient, userId, context?.notesBefore)
    },
    onSuccess: () => toast.success('Folder deleted'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) })
    },
    meta: { errorTitle: 'Error deleting folder' },
  })
}
