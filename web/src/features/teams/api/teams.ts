import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { describeError, isPlanLimitError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'

// Teams (002 §3, §7, §8): each call is one table call of 002 §7; the
// server holds every rule (0201_teams.sql), the app shows its words.

export type Team = { id: string; name: string; description: string | null; owner_id: string; created_at: string }
export type TeamMember = {
  id: string
  team_id: string
  user_id: string
  role: string
  email: string | null
  full_name: string | null
  avatar_url: string | null
  joined_at: string
}
export type TeamInvitation = { id: string; team_id: string; email: string; role: string; token: string; expires_at: string }
export type TeamActivity = {
  id: string
  user_id: string | null
  action: string
  entity_type: string | null
  metadata: unknown
  created_at: string
}

export const teamKeys = {
  all: ['teams'] as const,
  list: (userId: string) => ['teams', 'list', userId] as const,
  team: (teamId: string) => ['teams', 'team', teamId] as const,
  members: (teamId: string) => ['teams', 'members', teamId] as const,
  invitations: (teamId: string) => ['teams', 'invitations', teamId] as const,
  activity: (teamId: string) => ['teams', 'activity', teamId] as const,
  tasks: (teamId: string) => ['teams', 'tasks', teamId] as const,
}

const MEMBER_COLUMNS = 'id, team_id, user_id, role, email, full_name, avatar_url, joined_at'

/** The teams the user is an active member of (RLS shows no others), with their active members. */
export async function getTeams(signal: AbortSignal): Promise<{ team: Team; members: TeamMember[] }[]> {
  const teams = unwrap(
    await supabase.from('teams').select('id, name, description, owner_id, created_at').order('created_at').abortSignal(signal),
  )
  if (teams.length === 0) return []
  const members = unwrap(
    await supabase
      .from('team_members')
      .select(MEMBER_COLUMNS)
      .in('team_id', teams.map((t) => t.id))
      .eq('status', 'active')
      .order('joined_at')
      .abortSignal(signal),
  )
  return teams.map((team) => ({ team, members: members.filter((m) => m.team_id === team.id) }))
}

export const teamsQuery = (userId: string) =>
  queryOptions({ queryKey: teamKeys.list(userId), queryFn: ({ signal }) => getTeams(signal), staleTime: 30_000 })

export function useTeams(userId: string) {
  return useQuery(teamsQuery(userId))
}

export function useTeam(teamId: string) {
  return useQuery({
    queryKey: teamKeys.team(teamId),
    queryFn: async ({ signal }) =>
      unwrap(await supabase.from('teams').select('id, name, description, owner_id, created_at').eq('id', teamId).abortSignal(signal).maybeSingle()),
    staleTime: 30_000,
  })
}

/** Active members, the owner first; a failed query reads as an empty list (002 §8). */
export function useTeamMembers(teamId: string | null) {
  return useQuery({
    queryKey: teamKeys.members(teamId ?? ''),
    enabled: teamId !== null,
    queryFn: async ({ signal }): Promise<TeamMember[]> => {
      const r = await supabase.from('team_members').select(MEMBER_COLUMNS).eq('team_id', teamId ?? '').eq('status', 'active').order('joined_at').abortSignal(signal)
      return r.error ? [] : r.data
    },
    staleTime: 30_000,
  })
}

/** Pending invitations: unaccepted and unexpired. */
export function useTeamInvitations(teamId: string, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations(teamId),
    enabled,
    queryFn: async ({ signal }): Promise<TeamInvitation[]> => {
      const r = await supabase
        .from('team_invitations')
        .select('id, team_id, email, role, token, expires_at')
        .eq('team_id', teamId)
        .is('accepted_at', null)
        .gt('expires_at', new Date().toISOString())
        .order('created_at')
        .abortSignal(signal)
      return r.error ? [] : r.data
    },
  })
}

/** The team's feed, newest first, 50 entries (002 §9); failures read as empty. */
export function useTeamActivity(teamId: string) {
  return useQuery({
    queryKey: teamKeys.activity(teamId),
    queryFn: async ({ signal }): Promise<TeamActivity[]> => {
      const r = await supabase
        .from('team_activity_log')
        .select('id, user_id, action, entity_type, metadata, created_at')
        .eq('team_id', teamId)
        .order('created_at', { ascending: false })
        .limit(50)
        .abortSignal(signal)
      return r.error ? [] : r.data
    },
  })
}

export type TeamTask = { id: string; title: string; is_completed: boolean; assigned_to: string | null; due_date: string | null }

/** The team's open tasks (tasks.team_id). */
export function useTeamTasks(teamId: string) {
  return useQuery({
    queryKey: teamKeys.tasks(teamId),
    queryFn: async ({ signal }): Promise<TeamTask[]> =>
      unwrap(
        await supabase
          .from('tasks')
          .select('id, title, is_completed, assigned_to, due_date')
          .eq('team_id', teamId)
          .eq('is_deleted', false)
          .order('created_at', { ascending: false })
          .limit(100)
          .abortSignal(signal),
      ),
  })
}

/** The user's role in a team: 'owner' for its owner, else the member row's role. */
export function roleIn(team: Team | null | undefined, members: readonly TeamMember[] | undefined, userId: string): string | null {
  if (!team) return null
  if (team.owner_id === userId) return 'owner'
  return members?.find((m) => m.user_id === userId)?.role ?? null
}

/** 002 §8: a destructive 'Error' toast with the server's message; a plan cap opens the paywall instead. */
function reportTeamError(error: unknown) {
  if (isPlanLimitError(error)) return
  toast.error('Error', { description: describeError(error) })
}

function useInvalidateTeams() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: teamKeys.all })
}

export function useCreateTeam() {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async ({ name, description }: { name: string; description: string }) =>
      unwrap(await supabase.from('teams').insert({ name, description: description || null }).select('id').single()),
    onSuccess: () => toast.success('Team created'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

export function useUpdateTeam(teamId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async ({ name, description }: { name: string; description: string }) =>
      unwrap(await supabase.from('teams').update({ name, description: description || null }).eq('id', teamId).select('id').single()),
    onSuccess: () => toast.success('Team updated'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

/** Deletes by id and owner_id (002 §7); only the owner's call matches. */
export function useDeleteTeam(teamId: string, userId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async () => {
      const rows = unwrap(await supabase.from('teams').delete().eq('id', teamId).eq('owner_id', userId).select('id'))
      if (rows.length === 0) throw new Error('Only the team owner can delete the team')
    },
    onSuccess: () => toast.success('Team deleted successfully'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

export function useInviteMember(teamId: string, userId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async ({ email, role }: { email: string; role: string }) =>
      unwrap(await supabase.from('team_invitations').insert({ team_id: teamId, email: email.trim(), role, invited_by: userId }).select('token').single()),
    onSuccess: (_, { email }) => toast.success('Invitation sent', { description: `${email.trim()} was invited` }),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

export function useCancelInvitation(teamId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async (id: string) => unwrap(await supabase.from('team_invitations').delete().eq('id', id).eq('team_id', teamId)),
    onSuccess: () => toast.success('Invitation cancelled'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

export function useChangeRole(teamId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async ({ memberId, role }: { memberId: string; role: string }) =>
      unwrap(await supabase.from('team_members').update({ role }).eq('id', memberId).eq('team_id', teamId)),
    onSuccess: () => toast.success('Role updated'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}

/** Removing a member makes them inactive (002 §4): no row is deleted. */
export function useRemoveMember(teamId: string) {
  const invalidate = useInvalidateTeams()
  return useMutation({
    mutationFn: async (memberId: string) =>
      unwrap(await supabase.from('team_members').update({ status: 'inactive' }).eq('id', memberId).eq('team_id', teamId)),
    onSuccess: () => toast.success('Member removed'),
    onError: reportTeamError,
    onSettled: invalidate,
    meta: { silent: true },
  })
}
