/**
 * The tables and functions the app reaches through supabase-js, in the shape
 * `daybase gen types --lang typescript` produces
 * (`Database['public']['Tables'][t]['Row']`). Kept by hand, column for column
 * with the generated file, because the schema does not yet hold every table
 * the app names (notes, journal_entries and the team tables of spec 002) and
 * the generator makes tasks.sort_order required although a trigger fills it.
 * Only the relations the app uses are listed.
 */
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

type Table<Row, Required extends keyof Row = never> = {
  Row: Row
  Insert: Partial<Row> & Pick<Row, Required>
  Update: Partial<Row>
  Relationships: []
}

export type NotificationChannel = 'in_app' | 'browser' | 'email'

export type ProfileRow = {
  id: string
  main_focus: string
  notifications_enabled: boolean
  created_at: string
  updated_at: string
}

export type NotificationPreferenceRow = {
  id: string
  user_id: string
  channel_type: NotificationChannel
  enabled: boolean
  priority_threshold: number
  updated_at: string
}

export type UserProfileRow = {
  id: string
  email: string | null
  full_name: string | null
  avatar_url: string | null
  avatar_color: string | null
  created_at: string
  updated_at: string
  push_notifications: boolean
  email_notifications: boolean
  task_reminders: boolean
  compact_mode: boolean
  data_sharing: boolean
  auto_sync: boolean
  storage_used: number
  storage_limit: number
}

export type TwoFactorSettingsRow = {
  user_id: string
  is_enabled: boolean
  backup_codes_generated: boolean
  trusted_devices_enabled: boolean
  recovery_email: string | null
  is_deleted: boolean
  needs_sync: boolean
  created_at: string
  updated_at: string
}

export type UserPreferenceRow = {
  id: string
  user_id: string
  preference_key: string
  /** JSON text. */
  preference_value: string | null
  is_deleted: boolean
  created_at: string
  updated_at: string
}

export type SubscriptionRow = {
  id: string
  user_id: string
  status: string
  plan_id: string
  price_id: string | null
  customer_id: string | null
  subscription_id: string | null
  current_period_start: string | null
  current_period_end: string | null
  cancel_at_period_end: boolean
  created_at: string
  updated_at: string
}

export type TeamSubscriptionRow = {
  id: string
  team_id: string
  status: string
  plan_id: string
  seats: number
}

export type TaskRow = {
  id: string
  user_id: string
  title: string
  notes: string | null
  due_date: string | null
  due_time: string | null
  priority: number
  tags: string | null
  list: string | null
  is_completed: boolean
  completed_at: string | null
  is_starred: boolean
  is_deleted: boolean
  sort_order: number | null
  created_at: string
  updated_at: string
}

export type NoteRow = {
  id: string
  user_id: string
  title: string
  content: string | null
  folder: string | null
  pinned: boolean
  is_deleted: boolean
  updated_at: string
}

export type JournalEntryRow = {
  id: string
  user_id: string
  title: string | null
  content: string | null
  date: string
  mood: number | null
  folder: string | null
  is_deleted: boolean
  updated_at: string
}

export type TeamRow = {
  id: string
  name: string
  description: string | null
  owner_id: string
}

export type TeamMemberRow = {
  id: string
  team_id: string
  user_id: string
  role: string
  status: 'active' | 'inactive'
  invited_by: string | null
}

export type TeamInvitationRow = {
  id: string
  team_id: string
  email: string
  role: string
  invited_by: string | null
  token: string
  expires_at: string
  accepted_at: string | null
}

export type Database = {
  public: {
    Tables: {
      profiles: Table<ProfileRow, 'id'>
      user_notification_preferences: Table<NotificationPreferenceRow, 'user_id' | 'channel_type'>
      user_profiles: Table<UserProfileRow, 'id'>
      user_2fa_settings: Table<TwoFactorSettingsRow, 'user_id'>
      user_preferences: Table<UserPreferenceRow, 'user_id' | 'preference_key' | 'preference_value'>
      user_subscriptions: Table<SubscriptionRow, 'user_id'>
      team_subscriptions: Table<TeamSubscriptionRow, 'team_id'>
      tasks: Table<TaskRow, 'user_id' | 'title'>
      notes: Table<NoteRow, 'user_id' | 'title'>
      journal_entries: Table<JournalEntryRow, 'user_id' | 'date'>
      teams: Table<TeamRow, 'name' | 'owner_id'>
      team_members: Table<TeamMemberRow, 'team_id' | 'user_id' | 'role'>
      team_invitations: Table<TeamInvitationRow, 'team_id' | 'email' | 'role'>
    }
    Views: { [_ in never]: never }
    Functions: {
      generate_backup_codes: { Args: { p_user_id: string }; Returns: string[] }
      validate_backup_code: { Args: { p_backup_code: string }; Returns: boolean }
      disable_2fa: { Args: { p_password?: string }; Returns: undefined }
      log_2fa_event: {
        Args: {
          event_type: string
          factor_id?: string | null
          challenge_id?: string | null
          success?: boolean
          metadata?: Json
        }
        Returns: undefined
      }
    }
    Enums: { [_ in never]: never }
    CompositeTypes: { [_ in never]: never }
  }
}
