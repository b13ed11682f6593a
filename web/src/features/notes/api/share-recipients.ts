import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/** Who opened the owner's link (0672 get_share_recipients), first opened first. */
export async function getShareRecipients(shareId: string, signal: AbortSignal) {
  return unwrap(await supabase.rpc('get_share_recipients', { p_share_id: shareId }).abortSignal(signal))
}

export type ShareRecipient = Awaited<ReturnType<typeof getShareRecipients>>[number]

export function shareRecipientsQueryOptions(shareId: string) {
  return queryOptions({ queryKey: noteKeys.recipients(shareId), queryFn: ({ signal }) => getShareRecipients(shareId, signal) })
}

// Refetched each time the share dialog opens: people open the link while it
// is closed, and a list fresh from a minute ago would hide them.
// The people a note's editors may @mention follow who opened its link, so a
// new list of recipients refreshes them too.
export function useShareRecipients(shareId: string | undefined, noteId?: string | null) {
  const queryClient = useQueryClient()
  const query = useQuery({ ...shareRecipientsQueryOptions(shareId ?? ''), enabled: !!shareId, refetchOnMount: 'always' })
  useEffect(() => {
    if (noteId && query.data) void queryClient.invalidateQueries({ queryKey: noteKeys.people(noteId) })
  }, [noteId, query.data, queryClient])
  return query
}

/** The owner removes a recipient: they lose access until they open the link again (and the link still works). */
export async function removeShareRecipient({ shareId, userId }: { shareId: string; userId: string }) {
  unwrap(await supabase.from('note_share_recipients').delete().eq('share_id', shareId).eq('user_id', userId))
}

export function useRemoveShareRecipient(shareId: string) {
  const queryClient = useQueryClient()
  const key = noteKeys.recipients(shareId)
  return useMutation({
    mutationFn: removeShareRecipient,
    onMutate: async ({ userId }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const before = queryClient.getQueryData<ShareRecipient[]>(key)
      queryClient.setQueryData<ShareRecipient[]>(key, (l) => l?.filter((r) => r.user_id !== userId))
      return { before }
    },
    onError: (_e, _v, context) => queryClient.setQueryData(key, context?.before),
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { errorTitle: 'Error removing person' },
  })
}
