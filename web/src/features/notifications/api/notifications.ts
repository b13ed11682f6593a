import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'

// Notifications (002 §3, §4, §7): the user's 50 newest; mark read, mark all
// read and delete fail silently (002 §8); the list's load failure reads
// 'Failed to fetch notifications'.

export type AppNotification = {
  id: string
  type: string
  title: string
  message: string
  is_read: boolean
  created_at: string
  entity_id: string | null
  entity_type: string | null
  metadata: Record<string, unknown>
}

export const inboxKey = (userId: string) => ['notifications', 'inbox', userId] as const

export async function getNotifications(userId: string, signal: AbortSignal): Promise<AppNotification[]> {
  const r = await supabase
    .from('notifications')
    .select('id, type, title, message, is_read, created_at, entity_id, entity_type, metadata')
    .eq('to_user_id', userId)
    .order('created_at', { ascending: false })
    .limit(50)
    .abortSignal(signal)
  if (r.error) throw new Error('Failed to fetch notifications')
  return r.data.map((n) => ({
    ...n,
    metadata: n.metadata && typeof n.metadata === 'object' && !Array.isArray(n.metadata) ? (n.metadata as Record<string, unknown>) : {},
  }))
}

export function notificationsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: inboxKey(userId),
    queryFn: ({ signal }) => getNotifications(userId, signal),
    staleTime: 60_000,
  })
}

export function useNotifications(userId: string) {
  return useQuery(notificationsQueryOptions(userId))
}

function useOptimistic(userId: string, apply: (list: AppNotification[], arg: string | null) => AppNotification[]) {
  const queryClient = useQueryClient()
  const key = inboxKey(userId)
  return {
    onMutate: async (arg: string | null) => {
      await queryClient.cancelQueries({ queryKey: key })
      queryClient.setQueryData<AppNotification[]>(key, (list) => (list ? apply(list, arg) : list))
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
    meta: { silent: true },
  }
}

/** Marks one notification (id) or all of them (null) read. */
export function useMarkRead(userId: string) {
  return useMutation({
    mutationFn: async (id: string | null) => {
      const now = new Date().toISOString()
      const q = supabase.from('notifications').update({ is_read: true, read_at: now, updated_at: now }).eq('to_user_id', userId)
      unwrap(await (id ? q.eq('id', id) : q.eq('is_read', false)))
    },
    ...useOptimistic(userId, (list, id) => list.map((n) => (id === null || n.id === id ? { ...n, is_read: true } : n))),
  })
}

export function useDeleteNotification(userId: string) {
  return useMutation({
    mutationFn: async (id: string | null) => unwrap(await supabase.from('notifications').delete().eq('id', id ?? '').eq('to_user_id', userId)),
    ...useOptimistic(userId, (list, id) => list.filter((n) => n.id !== id)),
  })
}

export type InviteState = 'open' | 'accepted' | 'expired'

const inviteId = (n: AppNotification) => (typeof n.metadata.inviteId === 'string' ? n.metadata.inviteId : null)

/**
 * Where each invitation a notification carries stands, by notification id:
 * accepted (joined here, by the link or elsewhere), expired, or open. Read
 * from team_invitations and project_invites, which show invitees their own;
 * an invitation that cannot be read (withdrawn) counts as expired.
 */
export function useInviteStates(userId: string, list: readonly AppNotification[] | undefined) {
  const invites = (list ?? []).filter((n) => inviteId(n) && (n.type === 'project_invite' || n.metadata.kind === 'team_invite'))
  const ids = invites.map((n) => `${n.id}:${inviteId(n)}`).sort()
  return useQuery({
    queryKey: ['notifications', 'invites', userId, ids],
    enabled: invites.length > 0,
    queryFn: async ({ signal }): Promise<ReadonlyMap<string, InviteState>> => {
      const team = invites.filter((n) => n.metadata.kind === 'team_invite').map((n) => inviteId(n) ?? '')
      const project = invites.filter((n) => n.metadata.kind !== 'team_invite').map((n) => inviteId(n) ?? '')
      const [t, p] = await Promise.all([
        team.length ? supabase.from('team_invitations').select('id, accepted_at, expires_at').in('id', team).abortSignal(signal) : null,
        project.length ? supabase.from('project_invites').select('id, accepted_at, expires_at').in('id', project).abortSignal(signal) : null,
      ])
      if (t?.error || p?.error) throw new Error('Failed to read invitations')
      const rows = new Map([...(t?.data ?? []), ...(p?.data ?? [])].map((r) => [r.id, r]))
      const now = Date.now()
      return new Map(
        invites.map((n) => {
          const r = rows.get(inviteId(n) ?? '')
          const state: InviteState = r?.accepted_at ? 'accepted' : !r || (r.expires_at && Date.parse(r.expires_at) <= now) ? 'expired' : 'open'
          return [n.id, state]
        }),
      )
    },
    staleTime: 30_000,
  })
}
