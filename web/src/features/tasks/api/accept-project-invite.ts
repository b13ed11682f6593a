import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Json } from '@/lib/database'
import { taskKeys } from './keys'
import { projectKeys } from './module-keys'

export type InvitePreview =
  | { status: 'open'; projectId: string; projectName: string; projectColor: string; inviterName: string | null; alreadyMember: boolean; wrongRecipient: boolean; isLink: boolean }
  | { status: 'used' | 'expired' | 'deleted' }

function str(o: { [k: string]: Json | undefined }, k: string): string | null {
  const v = o[k]
  return typeof v === 'string' ? v : null
}

/**
 * RPC get_project_invite (0655): what a project invitation link leads to,
 * before accepting; null when the token is not a project's (a team's
 * invitation uses the same page).
 */
export async function getProjectInvite(token: string, signal: AbortSignal): Promise<InvitePreview | null> {
  const data = unwrap(await supabase.rpc('get_project_invite', { p_invite_token: token }).abortSignal(signal))
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null
  const status = str(data, 'status')
  if (status === 'used' || status === 'expired' || status === 'deleted') return { status }
  return {
    status: 'open',
    projectId: str(data, 'project_id') ?? '',
    projectName: str(data, 'project_name') ?? '',
    projectColor: str(data, 'project_color') ?? '#3b82f6',
    inviterName: str(data, 'inviter_name'),
    alreadyMember: data.already_member === true,
    wrongRecipient: data.wrong_recipient === true,
    isLink: data.is_link === true,
  }
}

export function useProjectInvitePreview(token: string) {
  return useQuery({
    queryKey: projectKeys.invite(token),
    queryFn: ({ signal }) => getProjectInvite(token, signal),
    staleTime: 60_000,
    retry: false,
  })
}

/** RPC accept_project_invite {p_invite_token} (001 §7): joins as a member; the project to open. */
export async function acceptProjectInvite(token: string): Promise<{ projectId: string; projectName: string }> {
  const data = unwrap(await supabase.rpc('accept_project_invite', { p_invite_token: token }))
  if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('Invitation not found')
  return { projectId: str(data, 'project_id') ?? '', projectName: str(data, 'project_name') ?? '' }
}

export function useAcceptProjectInvite() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: acceptProjectInvite,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.all }),
        queryClient.invalidateQueries({ queryKey: taskKeys.lists() }),
      ]),
    meta: { silent: true },
  })
}
