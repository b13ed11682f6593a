import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { TASK_LIST_QUERY } from '@/lib/query-client'
import { supabase } from '@/lib/supabase'
import { compile, type EvalContext, type FilterData, matches, needs } from '../smart-filters/engine'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { type TaskRowLike, fromSource, readTasks, toTask } from './task-source'

/** The most tasks one filter shows; PostgREST answers at most 1000 per request. */
export const FILTER_LIMIT = 1000

async function idSet(read: PromiseLike<{ data: unknown; error: unknown }>, key: string): Promise<Set<string>> {
  const rows = unwrap((await read) as { data: Record<string, string>[] | null; error: null }) ?? []
  return new Set(rows.map((r) => r[key] ?? '').filter(Boolean))
}

/**
 * The user's live tasks matching a smart filter (001 §2
 * /app/tasks/smart-filter/{id}): the server narrows by what it can evaluate
 * (engine.compile), the engine decides the rest in the browser. Sorted by
 * the filter's sort option.
 */
export async function getSmartFilterTasks(
  userId: string,
  data: FilterData,
  zone: string,
  sortOption: string,
  signal: AbortSignal,
  /** A filter-language query (issue 26) that decides instead of data; data then lists its conditions. */
  query?: (task: Task, ctx: EvalContext) => boolean,
): Promise<Task[]> {
  const now = new Date()
  const ctx: EvalContext = { zone, now, userId }
  // A query's tree may negate or nest its conditions: the server cannot narrow it.
  const tree = query ? null : compile(data, ctx)
  const need = needs(data)
  const [rows, parents, withAttachments] = await Promise.all([
    readTasks(async (source, columns) => {
      // The user's own tasks; with an assignee condition also the ones others assigned to them
      // (one logic tree: a second or= parameter is not one every backend reads).
      let q = fromSource(source).select(columns).eq('is_deleted', false)
      if (need.assigned) {
        const mine = `or(user_id.eq.${userId},assigned_to.eq.${userId})`
        q = q.or(tree ? `and(${mine},${tree})` : mine)
      } else {
        q = q.eq('user_id', userId)
        if (tree) q = q.or(tree)
      }
      return unwrap(
        await q
          .order('created_at', { ascending: false })
          .limit(FILTER_LIMIT)
          .abortSignal(signal)
          .overrideTypes<TaskRowLike[], { merge: false }>(),
      )
    }),
    need.parents
      ? idSet(supabase.from('tasks').select('parent_id').eq('user_id', userId).eq('is_deleted', false).not('parent_id', 'is', null).abortSignal(signal), 'parent_id')
      : undefined,
    need.attachments ? idSet(supabase.from('task_attachments').select('task_id').eq('user_id', userId).abortSignal(signal), 'task_id') : undefined,
  ])
  const full: EvalContext = { ...ctx, ...(parents ? { parents } : {}), ...(withAttachments ? { withAttachments } : {}) }
  return sortTasks(
    rows.map(toTask).filter((t) => (query ? query(t, full) : matches(t, data, full))),
    sortOption,
  )
}

/** The sort options of the filter dialog. */
export const SORT_OPTIONS = [
  { value: 'created_at', label: 'Newest first' },
  { value: 'due_date', label: 'Due date' },
  { value: 'priority', label: 'Priority' },
  { value: 'title', label: 'Title' },
] as const

export function sortTasks(tasks: Task[], option: string): Task[] {
  const by: Record<string, (a: Task, b: Task) => number> = {
    created_at: (a, b) => b.created_at.localeCompare(a.created_at),
    due_date: (a, b) => (a.due_date ?? a.due_time ?? '~').localeCompare(b.due_date ?? b.due_time ?? '~'),
    priority: (a, b) => b.priority - a.priority,
    title: (a, b) => a.title.localeCompare(b.title),
  }
  return [...tasks].sort(by[option] ?? by.created_at)
}

export function smartFilterTasksQueryOptions(userId: string, filterId: string, data: FilterData | null, zone: string, sortOption: string) {
  return queryOptions({
    queryKey: [...taskKeys.lists(), userId, 'smart-filter', filterId, data, zone, sortOption] as const,
    queryFn: ({ signal }) => getSmartFilterTasks(userId, data ?? { conditions: [], logic: 'AND' }, zone, sortOption, signal),
    enabled: !!data,
    placeholderData: keepPreviousData,
    ...TASK_LIST_QUERY,
  })
}

export function useSmartFilterTasks(userId: string, filterId: string, data: FilterData | null, zone: string, sortOption: string) {
  return useQuery(smartFilterTasksQueryOptions(userId, filterId, data, zone, sortOption))
}
