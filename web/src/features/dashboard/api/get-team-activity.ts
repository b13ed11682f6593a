import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { dashboardKeys } from './keys'

/** Entries of the team feed the dashboard shows. */
export const TEAM_ITEMS = 8

/**
 * The team's name, its newest feed entries (team_activity_log) and the
 * names of its active members, to say who did each. Row-level security answers nothing for a team the user is
 * not an active member of: the card then stays away.
 */
export async function getTeamActivity(teamId: string, signal: AbortSignal) {
  const [team, feed, members] = await Promise.all([
    supabase.from('teams').select('id, name').eq('id', teamId).abortSignal(signal).maybeSingle(),
    supabase
      .from('team_activity_log')
      .select('id, user_id, action, entity_type, metadata, created_at')
      .eq('team_id', teamId)
      .order('created_at', { ascending: false })
      .limit(TEAM_ITEMS)
      .abortSignal(signal),
    supabase.from('team_members').select('user_id, full_name, email').eq('team_id', teamId).eq('status', 'active').abortSignal(signal),
  ])
  const row = unwrap(team)
  if (!row) return null
  const names = new Map(unwrap(members).map((m) => [m.user_id, m.full_name || m.email || 'Someone']))
  return { team: row, feed: unwrap(feed), names }
}

export type TeamActivity = NonNullable<Awaited<ReturnType<typeof getTeamActivity>>>

export function useTeamActivity(userId: string, teamId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: dashboardKeys.team(userId, teamId ?? ''),
      queryFn: ({ signal }) => getTeamActivity(teamId ?? '', signal),
      enabled: !!teamId,
    }),
  )
}
