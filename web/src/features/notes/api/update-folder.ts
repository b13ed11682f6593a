import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { FolderInput } from './create-folder'
import type { NoteFolder } from './get-folders'
import { noteKeys } from './keys'
import { editNoteList, restoreNoteList } from './notes-cache'

/** Renames or recolours a folder; the server renames it on its notes too (0202). */
export async function updateFolder({ id, name, color }: FolderInput & { id: string }) {
  return unwrap(await supabase.from('note_folders').update({ name: name.trim(), color }).eq('id', id).select('*').single())
}

export function useUpdateFolder(userId: string) {
  const queryClient = useQueryClient()
  const key = noteKeys.folders(userId)
  return useMutation({
    mutationFn: updateFolder,
    onMutate: async ({ id, name, color }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<NoteFolder[]>(key)
      const old = before?.find((f) => f.id === id)
      queryClient.setQueryData<NoteFolder[]>(key, (l) => l?.map((f) => (f.id === id ? { ...f, name: name.trim(), color } : f)))
      const notesBefore = old
        ? await editNoteList(queryClient, userId, (l) =>
            l.map((n) => (n.folder?.toLowerCase() === old.name.toLowerCase() ? { ...n, folder: name.trim() } : n)),
          )
        : undefined
      return { before, notesBefore }
    },
    onError: (_e, _v, context) => {
      queryClient.setQueryData(key, context?.before)
      restoreNoteList(queryClient, userId, context?.notesBefore)
    },
    onSuccess: () => toast.success('Folder updated'),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: key })
      void queryClient.invalidateQueries({ queryKey: noteKeys.list(userId) })
    },
    meta: { errorTitle: 'Error updating folder' },
  })
}
