import { useMutation } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

export const INVALID_INVITATION = 'Invalid or expired invitation'

/**
 * Accepts a team invitation by its token (spec 002 §7): only an unexpired,
 * unaccepted invitation addressed to the user counts (RLS shows invitees
 * their own). Inserting the membership is the acceptance: the server's
 * trigger takes the invitation, marks it accepted and sets the role from it
 * (0201_teams.sql), so the client sends only the team and itself.
 */
export async function acceptTeamInvitation(token: string, userId: string): Promise<{ teamId: string }> {
  const invitation = unwrap(
    await supabase
      .from('team_invitations')
      .select('id, team_id')
      .eq('token', token)
      .is('accepted_at', null)
      .gt('expires_at', new Date().toISOString())
      .maybeSingle(),
  )
  if (!invitation) throw new Error(INVALID_INVITATION)
  unwrap(await supabase.from('team_members').insert({ team_id: invitation.team_id, user_id: userId }))
  return { teamId: invitation.team_id }
}

export function useAcceptTeamInvitation() {
  return useMutation({
    mutationFn: ({ token, userId }: { token: string; userId: string }) => acceptTeamInvitation(token, userId),
    meta: { silent: true },
  })
}
