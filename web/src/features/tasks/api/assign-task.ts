import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { describeError, isPlanLimitError, unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { toast } from '@/lib/toast'
import { memberName } from '@/components/ui/member-avatar'

export type Assignable = { user_id: string; full_name: string | null; email: string | null }

/** The active members of a team, whom its tasks can be assigned to (002 §7); failures read as none. */
export function useAssignableMembers(teamId: string | null) {
  return useQuery({
    queryKey: ['teams', 'members', teamId ?? '', 'assignable'],
    enabled: teamId !== null,
    queryFn: async ({ signal }): Promise<Assignable[]> => {
      const r = await supabase.from('team_members').select('user_id, full_name, email').eq('team_id', teamId ?? '').eq('status', 'active').order('joined_at').abortSignal(signal)
      return r.error ? [] : r.data
    },
    staleTime: 30_000,
  })
}

export type Teammate = { name: string; url: string | null }

/**
 * The people of every team the user is active in, by user id: the names and
 * pictures of the assignees on task rows. Only asked for when a row needs it;
 * failures read as nobody (002 §8).
 */
export function useTeammates(enabled: boolean) {
  return useQuery({
    queryKey: ['teams', 'members', 'all'],
    enabled,
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, Teammate>> => {
      const r = await supabase.from('team_members').select('user_id, full_name, email, avatar_url').eq('status', 'active').abortSignal(signal)
      return new Map((r.error ? [] : r.data).map((m) => [m.user_id, { name: memberName(m), url: m.avatar_url }]))
    },
    staleTime: 60_000,
  })
}

function reportTeamError(error: unknown) {
  if (isPlanLimitError(error)) return
  toast.error('Error', { description: describeError(error) })
}

/**
 * Assigns a task to a team member (002 §4): inserts the assignment, then
 * updates the task's assigned_to and team_id (the server's trigger does the
 * same, so the second call only confirms it).
 */
export function useAssignTask(userId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ taskId, assignee, teamId }: { taskId: string; assignee: string; teamId: string }) => {
      unwrap(await supabase.from('task_assignments').insert({ task_id: taskId, assigned_to: assignee, assigned_by: userId, team_id: teamId }))
      unwrap(await supabase.from('tasks').update({ assigned_to: assignee, team_id: teamId }).eq('id', taskId))
    },
    onSuccess: () => toast.success('Task assigned successfully'),
    onError: reportTeamError,
    onSettled: () => queryClient.invalidateQueries(),
    meta: { silent: true },
  })
}
