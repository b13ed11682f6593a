import type { TableRow } from '@/lib/database'

/** A column of a project's board (projects.board_columns, 0720). */
export type BoardColumn = { id: string; name: string; wip_limit: number | null }

/**
 * A task as the task screens hold it: the tasks row plus what the views of
 * 001 §7 join in. Read from user_accessible_tasks_with_project, then
 * tasks_with_project, then tasks (api/task-source.ts); what a source lacks
 * is null.
 */
export type Task = TableRow<'tasks'> & {
  project_name: string | null
  project_color: string | null
  project_icon_name: string | null
  project_icon_weight: string | null
  /** The task is the caller's (null when the source cannot say). */
  is_owner: boolean | null
  /** The caller's role in the task's project. */
  user_role: string | null
}

/** A project as the sidebar and dialogs hold it (user_accessible_projects). */
export type Project = Omit<TableRow<'projects'>, 'is_archived' | 'archived_at' | 'board_columns'> & {
  /** The board's columns in order (0720), read through readBoardColumns. */
  board_columns: BoardColumn[]
  is_owner: boolean
  user_role: 'owner' | 'admin' | 'member'
  is_archived: boolean
  archived_at: string | null
}

/** The built-in views of 001 §2 and §3 (the system smart filters), and issue 21's "Assigned to me". */
export type ViewId = 'inbox' | 'assigned' | 'today' | 'upcoming' | 'anytime' | 'someday' | 'logbook' | 'all'

/** What a task screen shows: a built-in view, a project or a smart filter. */
export type TaskScope =
  | { kind: 'view'; view: ViewId }
  | { kind: 'project'; projectId: string }
  | { kind: 'filter'; filterId: string }
