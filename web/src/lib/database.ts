/**
 * The database the app talks to: the generated types of
 * `./database.types.ts` (`go tool task gen:types`, never edited by hand,
 * checked by `go tool task types:check`) with narrow adjustments:
 *
 * - tasks.sort_order is NOT NULL without a default, so the generator makes
 *   it required on insert, yet the BEFORE INSERT trigger of 0105_tasks.sql
 *   fills it (`private.next_task_sort_order`). It is optional here, and so
 *   is projects.sort_order for the same reason.
 * - The list views of 0674 (notes_with_preview,
 *   journal_entries_with_preview) read every column of their table, whose
 *   NOT NULLs the generator cannot see through a view; their rows carry
 *   the tables' nullability here.
 *
 * Everything the app reads or writes is typed from here.
 */
import type { Database as Generated, Json } from './database.types'

export type { Json }

type GeneratedPublic = Generated['public']

type GeneratedTables = GeneratedPublic['Tables']
type GeneratedViews = GeneratedPublic['Views']

type TasksTable = Omit<GeneratedTables['tasks'], 'Insert'> & {
  Insert: Omit<GeneratedTables['tasks']['Insert'], 'sort_order'> & { sort_order?: number }
}

// projects.sort_order likewise (0104's BEFORE INSERT trigger, private.next_project_sort_order).
type ProjectsTable = Omit<GeneratedTables['projects'], 'Insert'> & {
  Insert: Omit<GeneratedTables['projects']['Insert'], 'sort_order'> & { sort_order?: number }
}

type Tables = Omit<GeneratedTables, 'tasks' | 'projects'> & { tasks: TasksTable; projects: ProjectsTable }

/** A list view's row: the table's row without content, plus the first 300 characters as preview. */
type PreviewView<T extends 'notes' | 'journal_entries', V extends keyof GeneratedViews> = Omit<GeneratedViews[V], 'Row'> & {
  Row: Omit<GeneratedTables[T]['Row'], 'content'> & { preview: string }
}

type Views = Omit<GeneratedViews, 'notes_with_preview' | 'journal_entries_with_preview'> & {
  notes_with_preview: PreviewView<'notes', 'notes_with_preview'>
  journal_entries_with_preview: PreviewView<'journal_entries', 'journal_entries_with_preview'>
}

export type Database = Omit<Generated, 'public'> & {
  public: Omit<GeneratedPublic, 'Tables' | 'Views'> & { Tables: Tables; Views: Views }
}

export type TableRow<T extends keyof Tables> = Tables[T]['Row']
export type ViewRow<V extends keyof Views> = Views[V]['Row']

/** The channels of user_notification_preferences (CHECK in 0102_profiles_and_preferences.sql). */
export type NotificationChannel = 'in_app' | 'browser' | 'email'
