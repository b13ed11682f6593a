import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { noteKeys } from './keys'

/**
 * The page of a share link: makes the signed-in user a recipient and
 * answers what the link opens (0214 open_share_link). 'Invalid or expired
 * share link' when revoked or unknown.
 */
export async function openShareLink(token: string, signal: AbortSignal) {
  const rows = unwrap(await supabase.rpc('open_share_link', { p_token: token }).abortSignal(signal))
  const row = rows[0]
  if (!row) throw new Error('Invalid or expired share link')
  return { ...row, content_type: row.content_type as 'note' | 'folder', permission: row.permission as 'view' | 'edit' }
}

export type OpenedShare = Awaited<ReturnType<typeof openShareLink>>

export function useOpenShareLink(token: string) {
  return useQuery(
    queryOptions({
      queryKey: noteKeys.sharedLink(token),
      queryFn: ({ signal }) => openShareLink(token, signal),
      retry: false,
    }),
  )
}
