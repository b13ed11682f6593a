import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { isMissingRow, toRequestError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { projectKeys } from './module-keys'
import { reportFailure } from './report'

// The share dialog's calls (001 §5, §7, §8). Each is one RPC or table call
// of 001 §7; the texts of the toasts are the spec's.

export type Member = {
  id: string
  user_id: string | null
  email: string | null
  name: string | null
  role: 'owner' | 'admin' | 'member'
  status: 'active' | 'pending'
  invited_at: string | null
  expires_at: string | null
}

const ROLE = (r: string | null): Member['role'] => (r === 'owner' || r === 'admin' ? r : 'member')

/** RPC get_all_project_members_with_invites: members (owner first) and open e-mail invitations. */
export async function getProjectMembers(projectId: string, signal: AbortSignal): Promise<Member[]> {
  const rows = unwrap(await supabase.rpc('get_all_project_members_with_invites', { p_project_id: projectId }).abortSignal(signal))
  return rows.map((r) => ({
    id: r.id,
    user_id: r.user_id,
    email: r.user_email,
    name: r.user_name,
    role: ROLE(r.role),
    status: r.status === 'pending' ? 'pending' : 'active',
    invited_at: r.invited_at,
    expires_at: r.expires_at,
  }))
}

export function useProjectMembers(projectId: string) {
  return useQuery(
    queryOptions({
      queryKey: projectKeys.members(projectId),
      queryFn: ({ signal }) => getProjectMembers(projectId, signal),
      staleTime: 30_000,
    }),
  )
}

export type Invite = { id: string; email: string | null; is_link: boolean; token: string; expires_at: string }

/**
 * RPC get_project_invites_with_inviter (owners and admins), falling back to
 * project_invites where accepted_at is empty and not expired (001 §7). A
 * refusal reads as no invites (001 §8).
 */
export async function getProjectInvites(projectId: string, signal: AbortSignal): Promise<Invite[]> {
  const rpc = await supabase.rpc('get_project_invites_with_inviter', { p_project_id: projectId }).abortSignal(signal)
  if (!rpc.error) return rpc.data.map((r) => ({ id: r.id, email: r.email, is_link: r.is_link, token: r.token, expires_at: r.expires_at }))
  const refused = (e: unknown) => ['42501', 'PGRST301'].includes(toRequestError(e).code ?? '') || isMissingRow(e)
  if (refused(rpc.error)) return []
  const table = await supabase
    .from('project_invites')
    .select('id, email, is_link, token, expires_at')
    .eq('project_id', projectId)
    .is('accepted_at', null)
    .gt('expires_at', new Date().toISOString())
    .abortSignal(signal)
  if (table.error) {
    if (refused(table.error)) return []
    throw toRequestError(table.error, table.status)
  }
  return table.data
}

export function useProjectInvites(projectId: string, enabled: boolean) {
  return useQuery({
    queryKey: projectKeys.invites(projectId),
    queryFn: ({ signal }) => getProjectInvites(projectId, signal),
    staleTime: 30_000,
    enabled,
  })
}

function useInvalidateSharing(projectId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.members(projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.invites(projectId) }),
    ])
}

/** RPC create_project_invite per address: 'Invites sent' ('n invite(s) sent') or 'Failed to send invites'. */
export function useSendProjectInvites(projectId: string, userId: string) {
  const invalidate = useInvalidateSharing(projectId)
  return useMutation({
    mutationFn: async (emails: readonly string[]) => {
      for (const email of emails) {
        unwrap(await supabase.rpc('create_project_invite', { p_project_id: projectId, p_email: email, p_invited_by: userId }))
      }
      return emails.length
    },
    onSuccess: (n) => toast.success('Invites sent', { description: `${n} invite${n === 1 ? '' : 's'} sent` }),
    onError: (error) => reportFailure(error, 'Failed to send invites', `${toRequestError(error).message}. Please try again.`),
    onSettled: invalidate,
  })
}

/**
 * The invite link switch (001 §4): on creates (or returns) the link
 * invitation, off cancels it. The caller reverts the switch on error
 * ('Invite link error').
 */
export function useInviteLink(projectId: string, userId: string) {
  const invalidate = useInvalidateSharing(projectId)
  return useMutation({
    mutationFn: async ({ on, inviteId }: { on: boolean; inviteId?: string }): Promise<string | null> => {
      if (on) return unwrap(await supabase.rpc('create_project_invite_link', { p_project_id: projectId, p_invited_by: userId }))
      if (inviteId) unwrap(await supabase.rpc('cancel_project_invite', { p_invite_id: inviteId }))
      return null
    },
    onError: (error) => reportFailure(error, 'Invite link error', 'Please try again'),
    onSettled: invalidate,
  })
}

export function useCancelProjectInvite(projectId: string) {
  const invalidate = useInvalidateSharing(projectId)
  return useMutation({
    mutationFn: async (inviteId: string) => {
      unwrap(await supabase.rpc('cancel_project_invite', { p_invite_id: inviteId }))
    },
    onSuccess: () => toast.success('Invite canceled'),
    onError: (error) => reportFailure(error, 'Failed to cancel invite', 'Please try again'),
    onSettled: invalidate,
  })
}

/** Only the owner changes roles; nobody changes their own (0104 says so too). */
export function useUpdateMemberRole(projectId: string) {
  const invalidate = useInvalidateSharing(projectId)
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: string; role: 'admin' | 'member' }) => {
      unwrap(await supabase.from('project_members').update({ role }).eq('id', memberId).select('id').single())
    },
    onSuccess: () => toast.success('Role updated'),
    onError: (error) => reportFailure(error, 'Failed to update role', 'Please try again'),
    onSettled: invalidate,
  })
}

export function useRemoveProjectMember(projectId: string) {
  const invalidate = useInvalidateSharing(projectId)
  return useMutation({
    mutationFn: async (memberId: string) => {
      unwrap(await supabase.from('project_members').delete().eq('id', memberId).select('id').single())
    },
    onSuccess: () => toast.success('Member removed'),
    onError: (error) => reportFailure(error, 'Failed to remove member', 'Please try again'),
    onSettled: invalidate,
  })
}
