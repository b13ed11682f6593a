import { RequestError, toRequestError } from '@/lib/errors'
import { supabase } from '@/lib/supabase'
import type { Task } from '../types'

/**
 * Where tasks are read from (001 §7): user_accessible_tasks_with_project
 * (own tasks and those of the user's projects, with the project and the
 * user's role), else tasks_with_project (own tasks with the project), else
 * the tasks table. A source that the server does not have or refuses
 * (an older or stricter backend) is skipped for the rest of the session;
 * any other failure is the request's own and is thrown.
 */
export const TASK_SOURCES = ['user_accessible_tasks_with_project', 'tasks_with_project', 'tasks'] as const
export type TaskSource = (typeof TASK_SOURCES)[number]

const TASK_COLUMNS =
  'id, user_id, title, notes, due_date, due_time, priority, tags, list, location, reminders, recurrence, is_completed, completed_at, is_starred, is_deleted, sort_order, importance, urgency, parent_id, project_id, assigned_to, team_id, created_at, updated_at, board_column, duration_minutes'
const PROJECT_COLUMNS = 'project_name, project_color, project_icon_name, project_icon_weight'

/** The columns each source is read with. */
export const SOURCE_COLUMNS: Record<TaskSource, string> = {
  user_accessible_tasks_with_project: `${TASK_COLUMNS}, ${PROJECT_COLUMNS}, is_owner, user_role`,
  tasks_with_project: `${TASK_COLUMNS}, ${PROJECT_COLUMNS}`,
  tasks: TASK_COLUMNS,
}

/**
 * Whether a failure means "this source is not there for you": relation or
 * column unknown (PostgREST PGRST205/PGRST204, PostgreSQL 42P01/42703) or
 * refused (42501, HTTP 401/403/404 from a gateway). Network failures and
 * everything else are real errors of the read.
 */
export function isMissingSource(error: unknown): boolean {
  const e = toRequestError(error)
  if (e.code && ['PGRST205', 'PGRST204', 'PGRST200', '42P01', '42703', '42501'].includes(e.code)) return true
  return e.status === 404 || e.status === 403
}

let preferred = 0

/** Forgets which source answered (tests). */
export function resetTaskSource(): void {
  preferred = 0
}

/**
 * Runs read against the first source that exists, starting from the one
 * that answered last time. read gets the source's name and its columns.
 */
export async function readTasks<T>(read: (source: TaskSource, columns: string) => Promise<T>): Promise<T> {
  let last: unknown = new RequestError('No task source answered')
  for (let i = preferred; i < TASK_SOURCES.length; i++) {
    const source = TASK_SOURCES[i] as TaskSource
    try {
      const result = await read(source, SOURCE_COLUMNS[source])
      preferred = i
      return result
    } catch (e) {
      if (!isMissingSource(e)) throw e
      last = e
    }
  }
  throw last
}

export type TaskRowLike = { [K in keyof Task]?: Task[K] | null }

/** A row of any source as a Task: what the source lacks is null (or the column's default). */
export function toTask(row: TaskRowLike): Task {
  return asTask({
    id: row.id,
    user_id: row.user_id,
    title: row.title,
    notes: row.notes ?? null,
    due_date: row.due_date ?? null,
    due_time: row.due_time ?? null,
    priority: row.priority,
    tags: row.tags ?? null,
    list: row.list ?? null,
    location: row.location ?? null,
    reminders: row.reminders,
    recurrence: row.recurrence ?? null,
    is_completed: row.is_completed,
    completed_at: row.completed_at ?? null,
    is_starred: row.is_starred,
    is_deleted: row.is_deleted,
    sort_order: row.sort_order,
    importance: row.importance,
    urgency: row.urgency,
    parent_id: row.parent_id ?? null,
    project_id: row.project_id ?? null,
    assigned_to: row.assigned_to ?? null,
    team_id: row.team_id ?? null,
    created_at: row.created_at,
    updated_at: row.updated_at,
    board_column: row.board_column ?? null,
    duration_minutes: row.duration_minutes ?? null,
    project_name: row.project_name,
    project_color: row.project_color ?? null,
    project_icon_name: row.project_icon_name ?? null,
    project_icon_weight: row.project_icon_weight ?? null,
    is_owner: row.is_owner ?? null,
    user_role: row.user_role ?? null,
  })
}

/**
 * toTask without the copy, for a row just parsed from a read of the full
 * source (user_accessible_tasks_with_project: every column of Task is
 * there, so only its nulls need defaults). The row itself becomes the task:
 * a list of 2,000 allocates and copies no second 2,000 objects between the
 * data's arrival and the rows on screen. The one place of the defaults of
 * Task's never-null columns (toTask fills through it too).
 */
export function asTask(row: TaskRowLike): Task {
  row.id ??= ''
  row.user_id ??= ''
  row.title ??= ''
  row.priority ??= 0
  row.reminders ??= []
  row.is_completed ??= false
  row.is_starred ??= false
  row.is_deleted ??= false
  row.sort_order ??= 0
  row.importance ??= 0
  row.urgency ??= 0
  row.created_at ??= ''
  row.updated_at ??= ''
  row.project_name ??= row.list ?? null
  return row as Task
}

/** A query builder on one source, typed loosely enough for the three shapes. */
export function fromSource(source: TaskSource) {
  // The three relations share the task columns; the cast picks the widest
  // row type so one builder chain serves all (rows go through toTask).
  return supabase.from(source as 'user_accessible_tasks_with_project')
}
