import { queryOptions, useQuery } from '@tanstack/react-query'
import { unwrap } from '@/lib/errors'
import { TASK_LIST_QUERY } from '@/lib/query-client'
import type { Task } from '../types'
import { taskKeys } from './keys'
import { type TaskRowLike, type TaskSource, asTask, fromSource, readTasks, toTask } from './task-source'

/**
 * Rows per request: the server returns at most 1000 (PostgREST's
 * db-max-rows, as the hosted service does), so longer lists come in pages.
 */
export const PAGE_SIZE = 1000

function page(source: TaskSource, columns: string, from: number, signal: AbortSignal, count: boolean) {
  return fromSource(source)
    .select(columns, count ? { count: 'exact' } : undefined)
    .eq('is_deleted', false)
    .or('is_completed.eq.false,parent_id.not.is.null')
    .order('sort_order', { ascending: true })
    .order('created_at', { ascending: true })
    .order('id', { ascending: true })
    .range(from, from + PAGE_SIZE - 1)
    .abortSignal(signal)
    .overrideTypes<TaskRowLike[], { merge: false }>()
}

/**
 * Every task the task screens need at once: the open, live tasks the user
 * reaches (their own, their projects', assigned to them) and all live
 * subtasks, done or not (a row shows their progress). Views, counts and
 * projects are cut from this one list in the browser, so switching views
 * costs no request. The first page says how many there are; the others are
 * asked for together. Completed top-level tasks come from get-logbook.ts.
 */
export async function getAccessibleTasks(signal: AbortSignal): Promise<Task[]> {
  let full = false
  const pages = await readTasks(async (source, columns) => {
    full = source === 'user_accessible_tasks_with_project'
    const first = await page(source, columns, 0, signal, true)
    const rows = unwrap(first)
    const total = first.count ?? rows.length
    if (rows.length < PAGE_SIZE || total <= PAGE_SIZE) return [rows]
    const rest = await Promise.all(
      Array.from({ length: Math.ceil(total / PAGE_SIZE) - 1 }, (_, i) => page(source, columns, (i + 1) * PAGE_SIZE, signal, false)),
    )
    return [rows, ...rest.map((r) => unwrap(r))]
  })
  // The full source's rows become the tasks in place (asTask); the others' lack columns.
  const make = full ? asTask : toTask
  if (pages.length === 1) return (pages[0] ?? []).map(make)
  // A task added between two pages could show in both: keep each once, at
  // its first place with its last row (in one pass: this runs between the
  // last page's arrival and the rows on screen).
  const at = new Map<string | null | undefined, number>()
  const tasks: Task[] = []
  for (const rows of pages) {
    for (const row of rows) {
      const i = at.get(row.id)
      if (i !== undefined) {
        tasks[i] = make(row)
        continue
      }
      at.set(row.id, tasks.length)
      tasks.push(make(row))
    }
  }
  return tasks
}

/** Task list timings of 001 §9: refetch every 20 s, fresh 30 s, kept 5 min, not on focus. */
export function accessibleTasksQueryOptions(userId: string) {
  return queryOptions({
    queryKey: taskKeys.accessible(userId),
    queryFn: ({ signal }) => getAccessibleTasks(signal),
    ...TASK_LIST_QUERY,
  })
}

export function useAccessibleTasks(userId: string) {
  return useQuery(accessibleTasksQueryOptions(userId))
}
