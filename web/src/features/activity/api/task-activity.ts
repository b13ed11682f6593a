import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { loadRealtime, supabase } from '@/lib/supabase'

// A task's history for its activity log dialog (002 §2, §7): activity_logs
// by task, not deleted, newest first, 100 entries (002 §9). Row-level
// security (0208) lets everyone who can see the task read what was done
// to it, whoever did it.

/** Entries the dialog shows (002 §9 "Activity dialog"). */
export const TASK_ACTIVITY_LIMIT = 100

export type TaskActivity = {
  id: string
  user_id: string
  activity_type: string
  activity_description: string
  created_at: string
}

export const taskActivityKey = (taskId: string) => ['task-activity', taskId] as const

export async function getTaskActivity(taskId: string, signal: AbortSignal): Promise<TaskActivity[]> {
  const r = await supabase
    .from('activity_logs')
    .select('id, user_id, activity_type, activity_description, created_at')
    .eq('task_id', taskId)
    .eq('is_deleted', false)
    .order('created_at', { ascending: false })
    .order('id', { ascending: false })
    .limit(TASK_ACTIVITY_LIMIT)
    .abortSignal(signal)
  if (r.error) throw new Error('Failed to fetch activity logs')
  return r.data
}

/** The task's history, read afresh each time the dialog opens. */
export function useTaskActivity(taskId: string, enabled: boolean) {
  return useQuery({
    queryKey: taskActivityKey(taskId),
    queryFn: ({ signal }) => getTaskActivity(taskId, signal),
    enabled,
    refetchOnMount: 'always',
  })
}

/**
 * While the dialog is open, a change anyone makes to the task arrives by the
 * realtime INSERT subscription on its activity rows and re-reads the list.
 */
export function useLiveTaskActivity(taskId: string, enabled: boolean): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!enabled) return
    let cancelled = false
    let cleanup = () => {}
    void loadRealtime().then(() => {
      if (cancelled) return
      const channel = supabase
        .channel(`task-activity:${taskId}`)
        .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'activity_logs', filter: `task_id=eq.${taskId}` }, () => {
          void queryClient.invalidateQueries({ queryKey: taskActivityKey(taskId) })
        })
        .subscribe()
      cleanup = () => void supabase.removeChannel(channel)
    })
    return () => {
      cancelled = true
      cleanup()
    }
  }, [enabled, queryClient, taskId])
}
