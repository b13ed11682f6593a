import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { NoteFolder } from './get-folders'
import { noteKeys } from './keys'

export type FolderInput = { name: string; color: string }

/** 'Folder name is required' (002 §5); the server refuses a blank name with the same text. */
export function validateFolderName(name: string): string | null {
  return name.trim() ? null : 'Folder name is required'
}

/** Inserts a folder (002 §7: note_folders {name, color}), last in the order. */
export async function createFolder({ userId, name, color, sortOrder }: FolderInput & { userId: string; sortOrder: number }) {
  return unwrap(
    await supabase.from('note_folders').insert({ user_id: userId, name: name.trim(), color, sort_order: sortOrder }).select('*').single(),
  )
}

/** Adds the folder to the sidebar at once; 'Folder created'. */
export function useCreateFolder(userId: string) {
  const queryClient = useQueryClient()
  const key = noteKeys.folders(userId)
  return useMutation({
    mutationFn: (input: FolderInput) => {
      const folders = queryClient.getQueryData<NoteFolder[]>(key) ?? []
      // After the optimistic row of onMutate: that one does not count.
      const sortOrder = folders.filter((f) => !f.id.startsWith('pending-')).reduce((max, f) => Math.max(max, f.sort_order + 1), 0)
      return createFolder({ ...input, userId, sortOrder })
    },
    onMutate: async ({ name, color }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<NoteFolder[]>(key)
      const now = new Date().toISOString()
      const draft: NoteFolder = {
        id: `pending-${now}`,
        user_id: userId,
        name: name.trim(),
        color,
        sort_order: 2_000_000_000,
        is_shared: false,
        is_deleted: false,
        created_at: now,
        updated_at: now,
      }
      queryClient.setQueryData<NoteFolder[]>(key, [...(before ?? []), draft])
      return { before }
    },
    onError: (_e, _v, context) => queryClient.setQueryData(key, context?.before),
    onSuccess: () => toast.success('Folder created'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorTitle: 'Error creating folder' },
  })
}
