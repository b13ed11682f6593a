import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import { TASK_LIST_QUERY } from '@/lib/query-client'
import { taskKeys } from './keys'

/** Days ahead the agenda covers after today (the dashboard's upcoming week). */
export const AGENDA_DAYS = 7

/** yyyy-MM-dd of d in the browser's time zone. */
export function dayOf(d: Date): string {
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The day n days after day (yyyy-MM-dd). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number]
  return dayOf(new Date(y, m - 1, d + n))
}

/**
 * The user's open tasks due up to a week from today (overdue included),
 * their own or assigned to them, through the read model of 001 §7, soonest
 * first; today is the browser's calendar day.
 */
export async function getAgenda(userId: string, today: string, signal: AbortSignal): Promise<AgendaTask[]> {
  const rows = unwrap(
    await supabase
      .from('user_accessible_tasks_with_project')
      .select('id, title, notes, tags, due_date, due_time, priority, project_id, project_name, project_color, parent_id')
      .or(`user_id.eq.${userId},assigned_to.eq.${userId}`)
      .eq('is_deleted', false)
      .eq('is_completed', false)
      .not('due_date', 'is', null)
      .lte('due_date', addDays(today, AGENDA_DAYS))
      .order('due_date')
      .order('due_time', { nullsFirst: false })
      .order('priority', { ascending: false })
      .limit(200)
      .abortSignal(signal),
  )
  // A view's columns are all nullable to the type generator; these are not in tasks.
  return rows.flatMap((r) => (r.id && r.title !== null ? [{ ...r, id: r.id, title: r.title, priority: r.priority ?? 0 }] : []))
}

/** An agenda row: the view's columns, with the task's own NOT NULL ones as such. */
export type AgendaTask = {
  id: string
  title: string
  notes: string | null
  tags: string | null
  due_date: string | null
  due_time: string | null
  priority: number
  project_id: string | null
  project_name: string | null
  project_color: string | null
  parent_id: string | null
}

export function agendaQueryOptions(userId: string, today: string) {
  return queryOptions({
    queryKey: taskKeys.agenda(userId, today),
    queryFn: ({ signal }) => getAgenda(userId, today, signal),
    ...TASK_LIST_QUERY,
  })
}

export function useAgenda(userId: string, today: string) {
  return useQuery(agendaQueryOptions(userId, today))
}
