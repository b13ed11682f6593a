import { useMutation } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export const INVALID_INVITATION = 'Invalid or expired invitation'

/**
 * Accepts a team invitation by its token (spec 002 §7): only an unexpired,
 * unaccepted invitation counts; the user joins as an active member with the
 * invitation's role and the invitation is marked accepted.
 */
export async function acceptTeamInvitation(token: string, userId: string): Promise<{ teamId: string }> {
  const invitation = unwrap(
    await supabase
      .from('team_invitations')
      .select('id, team_id, role, invited_by')
      .eq('token', token)
      .is('accepted_at', null)
      .gt('expires_at', new Date().toISOString())
      .maybeSingle(),
  )
  if (!invitation) throw new Error(INVALID_INVITATION)
  unwrap(
    await supabase.from('team_members').insert({
      team_id: invitation.team_id,
      user_id: userId,
      role: invitation.role,
      status: 'active',
      invited_by: invitation.invited_by,
    }),
  )
  unwrap(await supabase.from('team_invitations').update({ accepted_at: new Date().toISOString() }).eq('id', invitation.id))
  return { teamId: invitation.team_id }
}

export function useAcceptTeamInvitation() {
  return useMutation({
    mutationFn: ({ token, userId }: { token: string; userId: string }) => acceptTeamInvitation(token, userId),
    meta: { silent: true },
  })
}
