import { type InfiniteData, useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { loadRealtime, supabase } from '@/lib/supabase'

// The activity log (002 §3, §7): get_activity_logs pages, newest first,
// for the reader (their own actions and others' on tasks they own) or for
// one project, optionally of some activity types.

/** A page of the feed; the RPC caps a page at 100. */
export const ACTIVITY_PAGE = 50
/** Activity cache (002 §9). */
export const ACTIVITY_STALE_MS = 5 * 60_000

export const ACTIVITY_TYPES = [
  'task_created',
  'task_updated',
  'task_completed',
  'task_deleted',
  'task_assigned',
  'task_unassigned',
  'comment_added',
  'attachment_added',
  'attachment_removed',
  'priority_changed',
  'due_date_changed',
  'project_changed',
  'tags_changed',
  'title_changed',
  'notes_changed',
  'status_changed',
] as const
export type ActivityType = (typeof ACTIVITY_TYPES)[number]

/** What a person calls each kind, for the filter. */
export const ACTIVITY_LABELS: Record<ActivityType, string> = {
  task_created: 'Created',
  task_updated: 'Edited',
  task_completed: 'Completed',
  task_deleted: 'Deleted',
  task_assigned: 'Assigned',
  task_unassigned: 'Unassigned',
  comment_added: 'Comments',
  attachment_added: 'Attachments added',
  attachment_removed: 'Attachments removed',
  priority_changed: 'Priority',
  due_date_changed: 'Due dates',
  project_changed: 'Moved between projects',
  tags_changed: 'Tags',
  title_changed: 'Renamed',
  notes_changed: 'Notes',
  status_changed: 'Reopened or restored',
}

export const isActivityType = (s: string | null): s is ActivityType => ACTIVITY_TYPES.some((t) => t === s)

export type MemberAvatar = { user_id: string; name: string; avatar_url: string | null }

export type ActivityEntry = {
  id: string
  user_id: string
  task_id: string | null
  project_id: string | null
  activity_type: string
  activity_description: string
  entity_name: string | null
  created_at: string
  actor_name: string
  actor_avatar_url: string | null
  project_name: string | null
  member_avatars: MemberAvatar[]
}

export type ActivityPage = { entries: ActivityEntry[]; total: number; offset: number }

export type ActivityFilter = { projectId: string | null; type: ActivityType | null }

export const activityKeys = {
  all: (userId: string) => ['activity', userId] as const,
  feed: (userId: string, f: ActivityFilter) => ['activity', userId, f.projectId ?? '', f.type ?? ''] as const,
}

function avatars(v: unknown): MemberAvatar[] {
  if (!Array.isArray(v)) return []
  return v.flatMap((m: unknown) => {
    if (!m || typeof m !== 'object') return []
    const r = m as Record<string, unknown>
    const id = typeof r.user_id === 'string' ? r.user_id : typeof r.id === 'string' ? r.id : ''
    const name = [r.full_name, r.name, r.user_name, r.email].find((x): x is string => typeof x === 'string' && x.trim() !== '') ?? 'Member'
    return id ? [{ user_id: id, name, avatar_url: typeof r.avatar_url === 'string' ? r.avatar_url : null }] : []
  })
}

export async function getActivity(f: ActivityFilter, offset: number, signal: AbortSignal): Promise<ActivityPage> {
  const r = await supabase
    .rpc('get_activity_logs', {
      ...(f.projectId ? { p_project_id: f.projectId } : {}),
      ...(f.type ? { p_activity_types: [f.type] } : {}),
      p_limit: ACTIVITY_PAGE,
      p_offset: offset,
    })
    .abortSignal(signal)
  if (r.error) throw new Error(r.error.code === '42501' ? r.error.message : 'Failed to fetch activity logs')
  const entries = r.data.map((a) => ({
    id: a.id,
    user_id: a.user_id,
    task_id: a.task_id,
    project_id: a.project_id,
    activity_type: a.activity_type,
    activity_description: a.activity_description,
    entity_name: a.entity_name,
    created_at: a.created_at,
    actor_name: a.actor_name || 'Someone',
    actor_avatar_url: a.actor_avatar_url,
    project_name: a.project_name,
    member_avatars: avatars(a.member_avatars),
  }))
  return { entries, total: r.data[0]?.total_count ?? offset, offset }
}

export function useActivity(userId: string, f: ActivityFilter) {
  return useInfiniteQuery({
    queryKey: activityKeys.feed(userId, f),
    queryFn: ({ pageParam, signal }) => getActivity(f, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => {
      const next = last.offset + last.entries.length
      return last.entries.length === ACTIVITY_PAGE && next < last.total ? next : undefined
    },
    staleTime: ACTIVITY_STALE_MS,
  })
}

/** The projects the feed can be narrowed to. */
export function useActivityProjects(userId: string) {
  return useQuery({
    queryKey: ['activity', userId, 'projects'],
    queryFn: async ({ signal }) => {
      const r = await supabase.from('user_accessible_projects').select('id, name').order('name').abortSignal(signal)
      return r.error ? [] : r.data.flatMap((p) => (p.id && p.name ? [{ id: p.id, name: p.name }] : []))
    },
    staleTime: 30_000,
  })
}

/** Events within this window refetch the feed once. */
export const LIVE_DEBOUNCE_MS = 500

/**
 * Keeps the feed live: every activity row the reader may see arrives by the
 * realtime INSERT subscription (RLS decides which, 0695), and the loaded
 * pages refetch once per burst.
 */
export function useLiveActivity(userId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    let cancelled = false
    let timer = 0
    let cleanup = () => {}
    void loadRealtime().then(() => {
      if (cancelled) return
      const channel = supabase
        .channel(`activity:${userId}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'activity_logs' }, () => {
          window.clearTimeout(timer)
          timer = window.setTimeout(() => {
            void queryClient.invalidateQueries({ queryKey: activityKeys.all(userId) })
          }, LIVE_DEBOUNCE_MS)
        })
        .subscribe()
      cleanup = () => void supabase.removeChannel(channel)
    })
    return () => {
      cancelled = true
      window.clearTimeout(timer)
      cleanup()
    }
  }, [queryClient, userId])
}

export type ActivityData = InfiniteData<ActivityPage, number>
