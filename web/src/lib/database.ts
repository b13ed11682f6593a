/**
 * The database the app talks to: the generated types of
 * `./database.types.ts` (`go tool task gen:types`, never edited by hand,
 * checked by `go tool task types:check`) with two narrow, documented
 * adjustments. Everything the app reads or writes is typed from here.
 *
 * 1. Pending tables: spec 002 relations (notes, journal_entries, teams,
 *    team_members, team_invitations) that the app already names but whose
 *    migrations have not landed in schema/migrations. Each entry is removed
 *    when the generated file gains the table (the generated type wins on a
 *    name clash, so a stale entry here is harmless but dead).
 * 2. tasks.sort_order is NOT NULL without a default, so the generator makes
 *    it required on insert, yet the BEFORE INSERT trigger of 0105_tasks.sql
 *    fills it (`private.next_task_sort_order`). It is optional here.
 */
import type { Database as Generated, Json } from './database.types'

export type { Json }

type GeneratedPublic = Generated['public']

type PendingTable<Row, Required extends keyof Row = never> = {
  Row: Row
  Insert: Partial<Row> & Pick<Row, Required>
  Update: Partial<Row>
  Relationships: []
}

type PendingTables = {
  notes: PendingTable<
    {
      id: string
      user_id: string
      title: string
      content: string
      folder: string | null
      pinned: boolean
      is_shared: boolean
      is_deleted: boolean
      created_at: string
      updated_at: string
    },
    'title'
  >
  journal_entries: PendingTable<
    {
      id: string
      user_id: string
      title: string | null
      content: string | null
      date: string
      mood: number | null
      folder: string | null
      is_deleted: boolean
      created_at: string
      updated_at: string
    },
    'date'
  >
  teams: PendingTable<
    { id: string; name: string; description: string | null; owner_id: string; created_at: string; updated_at: string },
    'name'
  >
  team_members: PendingTable<
    {
      id: string
      team_id: string
      user_id: string
      role: string
      status: string
      invited_by: string | null
      joined_at: string
      created_at: string
      updated_at: string
    },
    'team_id' | 'user_id'
  >
  team_invitations: PendingTable<
    {
      id: string
      team_id: string
      email: string
      role: string
      invited_by: string | null
      token: string
      expires_at: string
      accepted_at: string | null
      accepted_by: string | null
      created_at: string
      updated_at: string
    },
    'team_id' | 'email'
  >
}

type GeneratedTables = GeneratedPublic['Tables']

type TasksTable = Omit<GeneratedTables['tasks'], 'Insert'> & {
  Insert: Omit<GeneratedTables['tasks']['Insert'], 'sort_order'> & { sort_order?: number }
}

type Tables = Omit<PendingTables, keyof GeneratedTables> & Omit<GeneratedTables, 'tasks'> & { tasks: TasksTable }

export type Database = Omit<Generated, 'public'> & {
  public: Omit<GeneratedPublic, 'Tables'> & { Tables: Tables }
}

export type TableRow<T extends keyof Tables> = Tables[T]['Row']

/** The channels of user_notification_preferences (CHECK in 0102_profiles_and_preferences.sql). */
export type NotificationChannel = 'in_app' | 'browser' | 'email'
