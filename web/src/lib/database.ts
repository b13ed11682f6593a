/**
 * The database the app talks to: the generated types of
 * `./database.types.ts` (`go tool task gen:types`, never edited by hand,
 * checked by `go tool task types:check`) with one narrow adjustment:
 * tasks.sort_order is NOT NULL without a default, so the generator makes it
 * required on insert, yet the BEFORE INSERT trigger of 0105_tasks.sql fills
 * it (`private.next_task_sort_order`). It is optional here, and so is
 * projects.sort_order for the same reason. Everything the
 * app reads or writes is typed from here.
 */
import type { Database as Generated, Json } from './database.types'

export type { Json }

type GeneratedPublic = Generated['public']

type GeneratedTables = GeneratedPublic['Tables']

type TasksTable = Omit<GeneratedTables['tasks'], 'Insert'> & {
  Insert: Omit<GeneratedTables['tasks']['Insert'], 'sort_order'> & { sort_order?: number }
}

// projects.sort_order likewise (0104's BEFORE INSERT trigger, private.next_project_sort_order).
type ProjectsTable = Omit<GeneratedTables['projects'], 'Insert'> & {
  Insert: Omit<GeneratedTables['projects']['Insert'], 'sort_order'> & { sort_order?: number }
}

type Tables = Omit<GeneratedTables, 'tasks' | 'projects'> & { tasks: TasksTable; projects: ProjectsTable }

export type Database = Omit<Generated, 'public'> & {
  public: Omit<GeneratedPublic, 'Tables'> & { Tables: Tables }
}

export type TableRow<T extends keyof Tables> = Tables[T]['Row']

/** The channels of user_notification_preferences (CHECK in 0102_profiles_and_preferences.sql). */
export type NotificationChannel = 'in_app' | 'browser' | 'email'
