import { useMutation, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import type { EntrySummary } from './get-entries'
import { journalKeys } from './keys'

type Input = { userId: string; id: string }

/** Soft-deletes an entry (002 §4). */
export async function deleteEntry({ id }: Input) {
  unwrap(await supabase.from('journal_entries').update({ is_deleted: true }).eq('id', id))
}

/** Brings a deleted entry back (Undo); the Free monthly cap counts it again. */
export async function restoreEntry({ id }: Input) {
  unwrap(await supabase.from('journal_entries').update({ is_deleted: false }).eq('id', id))
}

function useSettle() {
  const queryClient = useQueryClient()
  return (userId: string) => {
    void queryClient.invalidateQueries({ queryKey: journalKeys.entries(userId) })
    void queryClient.invalidateQueries({ queryKey: journalKeys.allStatistics() })
  }
}

export function useRestoreEntry() {
  const settle = useSettle()
  return useMutation({ mutationFn: restoreEntry, onSettled: (_d, _e, { userId }) => settle(userId), meta: { errorTitle: 'Error restoring journal entry' } })
}

/** Removes the entry from the lists at once; 'Journal entry deleted' with Undo. */
export function useDeleteEntry() {
  const queryClient = useQueryClient()
  const settle = useSettle()
  const restore = useRestoreEntry()
  return useMutation({
    mutationFn: deleteEntry,
    onMutate: async ({ userId, id }) => {
      const key = journalKeys.entries(userId)
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<EntrySummary[]>(key)
      queryClient.setQueryData<EntrySummary[]>(key, (l) => l?.filter((e) => e.id !== id))
      return { before }
    },
    onError: (_e, { userId }, context) => queryClient.setQueryData(journalKeys.entries(userId), context?.before),
    onSuccess: (_d, input) => {
      queryClient.removeQueries({ queryKey: journalKeys.entry(input.id) })
      toast.success('Journal entry deleted', { action: { label: 'Undo', onClick: () => restore.mutate(input) } })
    },
    onSettled: (_d, _e, { userId }) => settle(userId),
    meta: { errorTitle: 'Error deleting journal entry' },
  })
}
