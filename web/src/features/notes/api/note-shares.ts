import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { TableRow } from '@/lib/database'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

export type NoteShare = TableRow<'note_shares'>
export type ShareKind = 'note' | 'folder'
export type SharePermission = 'view' | 'edit'
export type ShareTarget = { kind: ShareKind; id: string; name: string }

/** {origin}/app/shared/{note or folder}/{64 hex} (002 §2, §9). */
export function shareUrl(share: Pick<NoteShare, 'content_type' | 'token'>, origin = window.location.origin): string {
  return `${origin}/app/shared/${share.content_type}/${share.token}`
}

/** The live link of a note or folder, null when it has none (one at most: 0214). */
export async function getShare(kind: ShareKind, id: string, signal: AbortSignal): Promise<NoteShare | null> {
  return unwrap(
    await supabase
      .from('note_shares')
      .select('*')
      .eq(kind === 'note' ? 'note_id' : 'folder_id', id)
      .eq('is_deleted', false)
      .abortSignal(signal)
      .maybeSingle(),
  )
}

export function shareQueryOptions(kind: ShareKind, id: string) {
  return queryOptions({ queryKey: noteKeys.share(kind, id), queryFn: ({ signal }) => getShare(kind, id, signal) })
}

export function useShare(kind: ShareKind, id: string) {
  return useQuery(shareQueryOptions(kind, id))
}

/** Creates the link; the server picks the token. */
export async function createShare({ kind, id, permission }: { kind: ShareKind; id: string; permission: SharePermission }) {
  return unwrap(
    await supabase
      .from('note_shares')
      .insert(kind === 'note' ? { note_id: id, permission } : { folder_id: id, permission })
      .select('*')
      .single(),
  )
}

/** 'Can view' or 'Can edit'; takes effect at once for everyone who opened the link. */
export async function setSharePermission({ shareId, permission }: { shareId: string; permission: SharePermission }) {
  return unwrap(await supabase.from('note_shares').update({ permission }).eq('id', shareId).select('*').single())
}

/** Revokes the link for good; recipients lose access at once. */
export async function revokeShare({ shareId }: { shareId: string }) {
  unwrap(await supabase.from('note_shares').update({ is_deleted: true }).eq('id', shareId))
}

/** Link changes write the target's cached share and refresh the lists (is_shared follows). */
function useShareMutation<V>(target: ShareTarget, fn: (v: V) => Promise<NoteShare | null | void>, errorTitle: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: fn,
    onSuccess: (share) => queryClient.setQueryData(noteKeys.share(target.kind, target.id), share ?? null),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: noteKeys.share(target.kind, target.id) })
      void queryClient.invalidateQueries({ queryKey: noteKeys.lists() })
      void queryClient.invalidateQueries({ queryKey: noteKeys.allFolders() })
    },
    meta: { errorTitle },
  })
}

export function useCreateShare(target: ShareTarget) {
  return useShareMutation(target, (permission: SharePermission) => createShare({ kind: target.kind, id: target.id, permission }), 'Error creating link')
}

export function useSetSharePermission(target: ShareTarget) {
  return useShareMutation(target, setSharePermission, 'Error changing permission')
}

export function useRevokeShare(target: ShareTarget) {
  return useShareMutation(target, async (v: { shareId: string }) => revokeShare(v).then(() => null), 'Error revoking link')
}
