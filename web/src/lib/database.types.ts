export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      activity_logs: {
        Row: {
          id: string
          user_id: string
          task_id: string | null
          project_id: string | null
          activity_type: string
          activity_description: string
          entity_name: string | null
          metadata: Json
          is_deleted: boolean
          created_at: string
          task_owner_id: string | null
        }
        Insert: {
          id?: string
          user_id?: string
          task_id?: string | null
          project_id?: string | null
          activity_type: string
          activity_description?: string
          entity_name?: string | null
          metadata?: Json
          is_deleted?: boolean
          created_at?: string
          task_owner_id?: string | null
        }
        Update: {
          id?: string
          user_id?: string
          task_id?: string | null
          project_id?: string | null
          activity_type?: string
          activity_description?: string
          entity_name?: string | null
          metadata?: Json
          is_deleted?: boolean
          created_at?: string
          task_owner_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "activity_logs_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_logs_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "activity_logs_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      admin_sql_audit: {
        Row: {
          id: number
          run_id: string
          statement_index: number
          user_id: string
          email: string
          statement: string
          read_only: boolean
          status: string
          committed: boolean
          command: string | null
          row_count: number | null
          error_code: string | null
          error_message: string | null
          started_at: string
          duration_ms: number | null
        }
        Insert: {
          id?: number
          run_id: string
          statement_index: number
          user_id: string
          email: string
          statement: string
          read_only: boolean
          status?: string
          committed?: boolean
          command?: string | null
          row_count?: number | null
          error_code?: string | null
          error_message?: string | null
          started_at?: string
          duration_ms?: number | null
        }
        Update: {
          id?: number
          run_id?: string
          statement_index?: number
          user_id?: string
          email?: string
          statement?: string
          read_only?: boolean
          status?: string
          committed?: boolean
          command?: string | null
          row_count?: number | null
          error_code?: string | null
          error_message?: string | null
          started_at?: string
          duration_ms?: number | null
        }
        Relationships: []
      }
      app_passwords: {
        Row: {
          id: string
          user_id: string
          name: string
          password_hash: string
          created_at: string
          last_used_at: string | null
        }
        Insert: {
          id?: string
          user_id?: string
          name: string
          password_hash: string
          created_at?: string
          last_used_at?: string | null
        }
        Update: {
          id?: string
          user_id?: string
          name?: string
          password_hash?: string
          created_at?: string
          last_used_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "app_passwords_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      caldav_objects: {
        Row: {
          task_id: string
          user_id: string
          name: string
          uid: string
          extra: Json
          updated_at: string
        }
        Insert: {
          task_id: string
          user_id?: string
          name: string
          uid: string
          extra?: Json
          updated_at?: string
        }
        Update: {
          task_id?: string
          user_id?: string
          name?: string
          uid?: string
          extra?: Json
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "caldav_objects_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "caldav_objects_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      calendar_feeds: {
        Row: {
          user_id: string
          token: string
          created_at: string
        }
        Insert: {
          user_id?: string
          token: string
          created_at?: string
        }
        Update: {
          user_id?: string
          token?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "calendar_feeds_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      global_tags: {
        Row: {
          id: string
          name: string
          color: string | null
          user_id: string
          usage_count: number
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          name: string
          color?: string | null
          user_id?: string
          usage_count?: number
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          name?: string
          color?: string | null
          user_id?: string
          usage_count?: number
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "global_tags_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      import_batch_items: {
        Row: {
          batch_id: string
          row_key: string
          kind: string
          target_id: string
          created: boolean
        }
        Insert: {
          batch_id: string
          row_key: string
          kind: string
          target_id: string
          created?: boolean
        }
        Update: {
          batch_id?: string
          row_key?: string
          kind?: string
          target_id?: string
          created?: boolean
        }
        Relationships: [
          {
            foreignKeyName: "import_batch_items_batch_id_fkey"
            columns: ["batch_id"]
            isOneToOne: false
            referencedRelation: "import_batches"
            referencedColumns: ["id"]
          },
        ]
      }
      import_batches: {
        Row: {
          id: string
          user_id: string
          source: string
          file_name: string
          total_rows: number
          status: string
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          source: string
          file_name: string
          total_rows: number
          status?: string
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          source?: string
          file_name?: string
          total_rows?: number
          status?: string
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "import_batches_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      integration_audit_logs: {
        Row: {
          id: string
          user_id: string
          provider_key: string
          action: string
          target_type: string | null
          target_id: string | null
          metadata: Json
          request_id: string | null
          created_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          provider_key: string
          action: string
          target_type?: string | null
          target_id?: string | null
          metadata?: Json
          request_id?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          provider_key?: string
          action?: string
          target_type?: string | null
          target_id?: string | null
          metadata?: Json
          request_id?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "integration_audit_logs_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      integration_connections: {
        Row: {
          id: string
          user_id: string
          provider_key: string
          status: string
          config: Json
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          provider_key: string
          status?: string
          config?: Json
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          provider_key?: string
          status?: string
          config?: Json
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "integration_connections_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      journal_entries: {
        Row: {
          id: string
          user_id: string
          title: string
          content: string
          date: string
          mood: number | null
          folder: string | null
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          title?: string
          content?: string
          date?: string
          mood?: number | null
          folder?: string | null
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          title?: string
          content?: string
          date?: string
          mood?: number | null
          folder?: string | null
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "journal_entries_folder_fkey"
            columns: ["folder"]
            isOneToOne: false
            referencedRelation: "journal_folders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "journal_entries_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      journal_folders: {
        Row: {
          id: string
          user_id: string
          name: string
          color: string
          sort_order: number
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          name: string
          color?: string
          sort_order?: number
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          name?: string
          color?: string
          sort_order?: number
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "journal_folders_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      journal_images: {
        Row: {
          id: string
          journal_entry_id: string
          user_id: string
          image_url: string
          image_order: number
          created_at: string
        }
        Insert: {
          id?: string
          journal_entry_id: string
          user_id?: string
          image_url: string
          image_order?: number
          created_at?: string
        }
        Update: {
          id?: string
          journal_entry_id?: string
          user_id?: string
          image_url?: string
          image_order?: number
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "journal_images_journal_entry_id_fkey"
            columns: ["journal_entry_id"]
            isOneToOne: false
            referencedRelation: "journal_entries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "journal_images_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      note_folders: {
        Row: {
          id: string
          user_id: string
          name: string
          color: string
          sort_order: number
          is_shared: boolean
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          name: string
          color?: string
          sort_order?: number
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          name?: string
          color?: string
          sort_order?: number
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_folders_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      note_share_recipients: {
        Row: {
          share_id: string
          user_id: string
          created_at: string
        }
        Insert: {
          share_id: string
          user_id: string
          created_at?: string
        }
        Update: {
          share_id?: string
          user_id?: string
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_share_recipients_share_id_fkey"
            columns: ["share_id"]
            isOneToOne: false
            referencedRelation: "note_shares"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_share_recipients_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      note_shares: {
        Row: {
          id: string
          user_id: string
          note_id: string | null
          folder_id: string | null
          content_type: string | null
          permission: string
          token: string
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          note_id?: string | null
          folder_id?: string | null
          content_type?: never
          permission?: string
          token?: string
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          note_id?: string | null
          folder_id?: string | null
          content_type?: never
          permission?: string
          token?: string
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "note_shares_folder_id_fkey"
            columns: ["folder_id"]
            isOneToOne: true
            referencedRelation: "note_folders"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_shares_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: true
            referencedRelation: "notes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "note_shares_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      notes: {
        Row: {
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
        }
        Insert: {
          id?: string
          user_id?: string
          title?: string
          content?: string
          folder?: string | null
          pinned?: boolean
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          title?: string
          content?: string
          folder?: string | null
          pinned?: boolean
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "notes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      notifications: {
        Row: {
          id: string
          to_user_id: string
          from_user_id: string | null
          type: string
          title: string
          message: string
          entity_id: string | null
          entity_type: string | null
          is_read: boolean
          read_at: string | null
          metadata: Json
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          to_user_id: string
          from_user_id?: string | null
          type: string
          title: string
          message?: string
          entity_id?: string | null
          entity_type?: string | null
          is_read?: boolean
          read_at?: string | null
          metadata?: Json
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          to_user_id?: string
          from_user_id?: string | null
          type?: string
          title?: string
          message?: string
          entity_id?: string | null
          entity_type?: string | null
          is_read?: boolean
          read_at?: string | null
          metadata?: Json
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "notifications_from_user_id_fkey"
            columns: ["from_user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "notifications_to_user_id_fkey"
            columns: ["to_user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      pomodoro_sessions: {
        Row: {
          id: string
          user_id: string
          type: string
          task_id: string | null
          started_at: string
          ended_at: string | null
          duration_minutes: number
          status: string
          paused_duration_seconds: number
          paused_at: string | null
          device_id: string | null
          completed_cycles: number
          is_deleted: boolean
          notes: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          type?: string
          task_id?: string | null
          started_at?: string
          ended_at?: string | null
          duration_minutes?: number
          status?: string
          paused_duration_seconds?: number
          paused_at?: string | null
          device_id?: string | null
          completed_cycles?: number
          is_deleted?: boolean
          notes?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          type?: string
          task_id?: string | null
          started_at?: string
          ended_at?: string | null
          duration_minutes?: number
          status?: string
          paused_duration_seconds?: number
          paused_at?: string | null
          device_id?: string | null
          completed_cycles?: number
          is_deleted?: boolean
          notes?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pomodoro_sessions_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "pomodoro_sessions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      pomodoro_settings: {
        Row: {
          user_id: string
          device_id: string
          work_duration: number
          short_break_duration: number
          long_break_duration: number
          sessions_until_long_break: number
          auto_start_breaks: boolean
          auto_start_work: boolean
          show_timer_in_title: boolean
          daily_goal: number
          enable_browser_notifications: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          user_id?: string
          device_id?: string
          work_duration?: number
          short_break_duration?: number
          long_break_duration?: number
          sessions_until_long_break?: number
          auto_start_breaks?: boolean
          auto_start_work?: boolean
          show_timer_in_title?: boolean
          daily_goal?: number
          enable_browser_notifications?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          user_id?: string
          device_id?: string
          work_duration?: number
          short_break_duration?: number
          long_break_duration?: number
          sessions_until_long_break?: number
          auto_start_breaks?: boolean
          auto_start_work?: boolean
          show_timer_in_title?: boolean
          daily_goal?: number
          enable_browser_notifications?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pomodoro_settings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      pomodoro_stats: {
        Row: {
          id: string
          user_id: string
          date: string
          completed_sessions: number
          total_sessions: number
          total_focus_minutes: number
          total_break_minutes: number
          current_streak: number
          longest_streak: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          date: string
          completed_sessions?: number
          total_sessions?: number
          total_focus_minutes?: number
          total_break_minutes?: number
          current_streak?: number
          longest_streak?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          date?: string
          completed_sessions?: number
          total_sessions?: number
          total_focus_minutes?: number
          total_break_minutes?: number
          current_streak?: number
          longest_streak?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "pomodoro_stats_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      profiles: {
        Row: {
          id: string
          main_focus: string
          notifications_enabled: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          main_focus?: string
          notifications_enabled?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          main_focus?: string
          notifications_enabled?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "profiles_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      project_invites: {
        Row: {
          id: string
          project_id: string
          email: string | null
          invited_at: string
          invited_by: string
          expires_at: string
          accepted_at: string | null
          accepted_by: string | null
          is_link: boolean
          token: string
        }
        Insert: {
          id?: string
          project_id: string
          email?: string | null
          invited_at?: string
          invited_by: string
          expires_at?: string
          accepted_at?: string | null
          accepted_by?: string | null
          is_link?: boolean
          token?: string
        }
        Update: {
          id?: string
          project_id?: string
          email?: string | null
          invited_at?: string
          invited_by?: string
          expires_at?: string
          accepted_at?: string | null
          accepted_by?: string | null
          is_link?: boolean
          token?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_invites_accepted_by_fkey"
            columns: ["accepted_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_invites_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_invites_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
        ]
      }
      project_members: {
        Row: {
          id: string
          project_id: string
          user_id: string
          role: string
          user_email: string | null
          user_name: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          project_id: string
          user_id: string
          role?: string
          user_email?: string | null
          user_name?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          project_id?: string
          user_id?: string
          role?: string
          user_email?: string | null
          user_name?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "project_members_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: true
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "project_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      projects: {
        Row: {
          id: string
          user_id: string
          owner_id: string | null
          name: string
          overview: string | null
          color: string
          icon_name: string
          icon_color: string | null
          icon_weight: string
          sort_order: number
          is_favorite: boolean
          is_shared: boolean
          is_deleted: boolean
          created_at: string
          updated_at: string
          is_archived: boolean
          archived_at: string | null
          board_columns: Json
        }
        Insert: {
          id?: string
          user_id?: string
          owner_id?: string | null
          name: string
          overview?: string | null
          color?: string
          icon_name?: string
          icon_color?: string | null
          icon_weight?: string
          sort_order: number
          is_favorite?: boolean
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
          is_archived?: boolean
          archived_at?: string | null
          board_columns?: Json
        }
        Update: {
          id?: string
          user_id?: string
          owner_id?: string | null
          name?: string
          overview?: string | null
          color?: string
          icon_name?: string
          icon_color?: string | null
          icon_weight?: string
          sort_order?: number
          is_favorite?: boolean
          is_shared?: boolean
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
          is_archived?: boolean
          archived_at?: string | null
          board_columns?: Json
        }
        Relationships: [
          {
            foreignKeyName: "projects_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      smart_lists: {
        Row: {
          id: string
          user_id: string
          name: string
          name_normalized: string
          description: string | null
          filters_data: string
          color: string
          icon_name: string
          sort_option: string
          sort_order: number
          is_enabled: boolean
          is_deleted: boolean
          hide_when_empty: boolean
          system_key: string | null
          device_id: string | null
          last_synced_at: string | null
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          name: string
          name_normalized: string
          description?: string | null
          filters_data: string
          color?: string
          icon_name?: string
          sort_option?: string
          sort_order?: number
          is_enabled?: boolean
          is_deleted?: boolean
          hide_when_empty?: boolean
          system_key?: string | null
          device_id?: string | null
          last_synced_at?: string | null
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          name?: string
          name_normalized?: string
          description?: string | null
          filters_data?: string
          color?: string
          icon_name?: string
          sort_option?: string
          sort_order?: number
          is_enabled?: boolean
          is_deleted?: boolean
          hide_when_empty?: boolean
          system_key?: string | null
          device_id?: string | null
          last_synced_at?: string | null
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "smart_lists_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      support_requests: {
        Row: {
          id: string
          user_id: string | null
          email: string
          message: string
          topic: string
          status: string
          mailed_at: string | null
          created_at: string
        }
        Insert: {
          id?: string
          user_id?: string | null
          email: string
          message: string
          topic?: string
          status?: string
          mailed_at?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string | null
          email?: string
          message?: string
          topic?: string
          status?: string
          mailed_at?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "support_requests_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      task_assignments: {
        Row: {
          id: string
          task_id: string
          assigned_to: string
          assigned_by: string | null
          team_id: string | null
          created_at: string
        }
        Insert: {
          id?: string
          task_id: string
          assigned_to: string
          assigned_by?: string | null
          team_id?: string | null
          created_at?: string
        }
        Update: {
          id?: string
          task_id?: string
          assigned_to?: string
          assigned_by?: string | null
          team_id?: string | null
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "task_assignments_assigned_by_fkey"
            columns: ["assigned_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_assignments_assigned_to_fkey"
            columns: ["assigned_to"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_assignments_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_assignments_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      task_attachments: {
        Row: {
          id: string
          task_id: string
          user_id: string
          filename: string
          file_size: number
          mime_type: string
          remote_path: string | null
          local_path: string | null
          is_uploaded: boolean
          uploaded_at: string | null
          change_id: number
          needs_sync: boolean
          is_locally_deleted: boolean
          is_marked_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          task_id: string
          user_id?: string
          filename: string
          file_size: number
          mime_type: string
          remote_path?: string | null
          local_path?: string | null
          is_uploaded?: boolean
          uploaded_at?: string | null
          change_id?: number
          needs_sync?: boolean
          is_locally_deleted?: boolean
          is_marked_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          task_id?: string
          user_id?: string
          filename?: string
          file_size?: number
          mime_type?: string
          remote_path?: string | null
          local_path?: string | null
          is_uploaded?: boolean
          uploaded_at?: string | null
          change_id?: number
          needs_sync?: boolean
          is_locally_deleted?: boolean
          is_marked_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "task_attachments_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_attachments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      task_comments: {
        Row: {
          id: string
          task_id: string
          user_id: string
          content: string
          mentions: string[]
          team_id: string | null
          is_deleted: boolean
          is_marked_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          task_id: string
          user_id?: string
          content: string
          mentions?: string[]
          team_id?: string | null
          is_deleted?: boolean
          is_marked_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          task_id?: string
          user_id?: string
          content?: string
          mentions?: string[]
          team_id?: string | null
          is_deleted?: boolean
          is_marked_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "task_comments_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_comments_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_comments_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      task_journal_links: {
        Row: {
          id: string
          task_id: string
          journal_id: string
          linked_by: string | null
          linked_at: string
        }
        Insert: {
          id?: string
          task_id: string
          journal_id: string
          linked_by?: string | null
          linked_at?: string
        }
        Update: {
          id?: string
          task_id?: string
          journal_id?: string
          linked_by?: string | null
          linked_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "task_journal_links_journal_id_fkey"
            columns: ["journal_id"]
            isOneToOne: false
            referencedRelation: "journal_entries"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_journal_links_linked_by_fkey"
            columns: ["linked_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_journal_links_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
        ]
      }
      task_note_links: {
        Row: {
          id: string
          task_id: string
          note_id: string
          linked_by: string | null
          linked_at: string
        }
        Insert: {
          id?: string
          task_id: string
          note_id: string
          linked_by?: string | null
          linked_at?: string
        }
        Update: {
          id?: string
          task_id?: string
          note_id?: string
          linked_by?: string | null
          linked_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "task_note_links_linked_by_fkey"
            columns: ["linked_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_note_links_note_id_fkey"
            columns: ["note_id"]
            isOneToOne: false
            referencedRelation: "notes"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "task_note_links_task_id_fkey"
            columns: ["task_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
        ]
      }
      tasks: {
        Row: {
          id: string
          user_id: string
          title: string
          notes: string | null
          due_date: string | null
          due_time: string | null
          priority: number
          tags: string | null
          list: string | null
          location: string | null
          reminders: number[]
          recurrence: string | null
          is_completed: boolean
          completed_at: string | null
          is_starred: boolean
          is_deleted: boolean
          sort_order: number
          importance: number
          urgency: number
          parent_id: string | null
          project_id: string | null
          assigned_to: string | null
          team_id: string | null
          created_at: string
          updated_at: string
          board_column: string | null
          duration_minutes: number | null
        }
        Insert: {
          id?: string
          user_id?: string
          title: string
          notes?: string | null
          due_date?: string | null
          due_time?: string | null
          priority?: number
          tags?: string | null
          list?: string | null
          location?: string | null
          reminders?: number[]
          recurrence?: string | null
          is_completed?: boolean
          completed_at?: string | null
          is_starred?: boolean
          is_deleted?: boolean
          sort_order: number
          importance?: number
          urgency?: number
          parent_id?: string | null
          project_id?: string | null
          assigned_to?: string | null
          team_id?: string | null
          created_at?: string
          updated_at?: string
          board_column?: string | null
          duration_minutes?: number | null
        }
        Update: {
          id?: string
          user_id?: string
          title?: string
          notes?: string | null
          due_date?: string | null
          due_time?: string | null
          priority?: number
          tags?: string | null
          list?: string | null
          location?: string | null
          reminders?: number[]
          recurrence?: string | null
          is_completed?: boolean
          completed_at?: string | null
          is_starred?: boolean
          is_deleted?: boolean
          sort_order?: number
          importance?: number
          urgency?: number
          parent_id?: string | null
          project_id?: string | null
          assigned_to?: string | null
          team_id?: string | null
          created_at?: string
          updated_at?: string
          board_column?: string | null
          duration_minutes?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "tasks_assigned_to_fkey"
            columns: ["assigned_to"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_parent_id_fkey"
            columns: ["parent_id"]
            isOneToOne: false
            referencedRelation: "tasks"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_project_id_fkey"
            columns: ["project_id"]
            isOneToOne: false
            referencedRelation: "projects"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "tasks_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      team_activity_log: {
        Row: {
          id: string
          team_id: string
          user_id: string | null
          action: string
          entity_type: string | null
          entity_id: string | null
          metadata: Json
          created_at: string
        }
        Insert: {
          id?: string
          team_id: string
          user_id?: string | null
          action: string
          entity_type?: string | null
          entity_id?: string | null
          metadata?: Json
          created_at?: string
        }
        Update: {
          id?: string
          team_id?: string
          user_id?: string | null
          action?: string
          entity_type?: string | null
          entity_id?: string | null
          metadata?: Json
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_activity_log_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_activity_log_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      team_invitations: {
        Row: {
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
          joined_at: string | null
        }
        Insert: {
          id?: string
          team_id: string
          email: string
          role?: string
          invited_by?: string | null
          token?: string
          expires_at?: string
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          updated_at?: string
          joined_at?: string | null
        }
        Update: {
          id?: string
          team_id?: string
          email?: string
          role?: string
          invited_by?: string | null
          token?: string
          expires_at?: string
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          updated_at?: string
          joined_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "team_invitations_accepted_by_fkey"
            columns: ["accepted_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_invitations_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_invitations_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
        ]
      }
      team_members: {
        Row: {
          id: string
          team_id: string
          user_id: string
          role: string
          status: string
          invited_by: string | null
          email: string | null
          full_name: string | null
          avatar_url: string | null
          joined_at: string
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          team_id: string
          user_id: string
          role?: string
          status?: string
          invited_by?: string | null
          email?: string | null
          full_name?: string | null
          avatar_url?: string | null
          joined_at?: string
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          team_id?: string
          user_id?: string
          role?: string
          status?: string
          invited_by?: string | null
          email?: string | null
          full_name?: string | null
          avatar_url?: string | null
          joined_at?: string
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "team_members_invited_by_fkey"
            columns: ["invited_by"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_members_team_id_fkey"
            columns: ["team_id"]
            isOneToOne: false
            referencedRelation: "teams"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "team_members_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      team_subscriptions: {
        Row: {
          id: string
          team_id: string
          status: string
          plan_id: string
          price_id: string | null
          customer_id: string | null
          subscription_id: string | null
          seats: number
          current_period_start: string | null
          current_period_end: string | null
          cancel_at_period_end: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          team_id: string
          status: string
          plan_id: string
          price_id?: string | null
          customer_id?: string | null
          subscription_id?: string | null
          seats?: number
          current_period_start?: string | null
          current_period_end?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          team_id?: string
          status?: string
          plan_id?: string
          price_id?: string | null
          customer_id?: string | null
          subscription_id?: string | null
          seats?: number
          current_period_start?: string | null
          current_period_end?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: []
      }
      teams: {
        Row: {
          id: string
          name: string
          description: string | null
          owner_id: string
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          name: string
          description?: string | null
          owner_id?: string
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          name?: string
          description?: string | null
          owner_id?: string
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "teams_owner_id_fkey"
            columns: ["owner_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_2fa_backup_codes: {
        Row: {
          id: string
          user_id: string
          used_at: string | null
          is_deleted: boolean
          needs_sync: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id: string
          used_at?: string | null
          is_deleted?: boolean
          needs_sync?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          used_at?: string | null
          is_deleted?: boolean
          needs_sync?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_2fa_backup_codes_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_2fa_events: {
        Row: {
          id: string
          user_id: string
          event_type: string
          factor_id: string | null
          challenge_id: string | null
          success: boolean | null
          metadata: Json
          created_at: string
        }
        Insert: {
          id?: string
          user_id: string
          event_type: string
          factor_id?: string | null
          challenge_id?: string | null
          success?: boolean | null
          metadata?: Json
          created_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          event_type?: string
          factor_id?: string | null
          challenge_id?: string | null
          success?: boolean | null
          metadata?: Json
          created_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_2fa_events_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_2fa_settings: {
        Row: {
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
        Insert: {
          user_id: string
          is_enabled?: boolean
          backup_codes_generated?: boolean
          trusted_devices_enabled?: boolean
          recovery_email?: string | null
          is_deleted?: boolean
          needs_sync?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          user_id?: string
          is_enabled?: boolean
          backup_codes_generated?: boolean
          trusted_devices_enabled?: boolean
          recovery_email?: string | null
          is_deleted?: boolean
          needs_sync?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_2fa_settings_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_notification_preferences: {
        Row: {
          id: string
          user_id: string
          channel_type: string
          enabled: boolean
          priority_threshold: number
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          channel_type: string
          enabled?: boolean
          priority_threshold?: number
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          channel_type?: string
          enabled?: boolean
          priority_threshold?: number
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_notification_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_preferences: {
        Row: {
          id: string
          user_id: string
          preference_key: string
          preference_value: string | null
          is_deleted: boolean
          created_at: string
          updated_at: string
        }
        Insert: {
          id?: string
          user_id?: string
          preference_key: string
          preference_value?: string | null
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          preference_key?: string
          preference_value?: string | null
          is_deleted?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_preferences_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_profiles: {
        Row: {
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
        Insert: {
          id?: string
          email?: string | null
          full_name?: string | null
          avatar_url?: string | null
          avatar_color?: string | null
          created_at?: string
          updated_at?: string
          push_notifications?: boolean
          email_notifications?: boolean
          task_reminders?: boolean
          compact_mode?: boolean
          data_sharing?: boolean
          auto_sync?: boolean
          storage_used?: number
          storage_limit?: number
        }
        Update: {
          id?: string
          email?: string | null
          full_name?: string | null
          avatar_url?: string | null
          avatar_color?: string | null
          created_at?: string
          updated_at?: string
          push_notifications?: boolean
          email_notifications?: boolean
          task_reminders?: boolean
          compact_mode?: boolean
          data_sharing?: boolean
          auto_sync?: boolean
          storage_used?: number
          storage_limit?: number
        }
        Relationships: [
          {
            foreignKeyName: "user_profiles_id_fkey"
            columns: ["id"]
            isOneToOne: true
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
      user_subscriptions: {
        Row: {
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
        Insert: {
          id?: string
          user_id: string
          status: string
          plan_id: string
          price_id?: string | null
          customer_id?: string | null
          subscription_id?: string | null
          current_period_start?: string | null
          current_period_end?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          updated_at?: string
        }
        Update: {
          id?: string
          user_id?: string
          status?: string
          plan_id?: string
          price_id?: string | null
          customer_id?: string | null
          subscription_id?: string | null
          current_period_start?: string | null
          current_period_end?: string | null
          cancel_at_period_end?: boolean
          created_at?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "user_subscriptions_user_id_fkey"
            columns: ["user_id"]
            isOneToOne: false
            referencedRelation: "users"
            referencedColumns: ["id"]
          },
        ]
      }
    }
    Views: {
      journal_entries_with_preview: {
        Row: {
          id: string | null
          user_id: string | null
          title: string | null
          preview: string | null
          date: string | null
          mood: number | null
          folder: string | null
          is_deleted: boolean | null
          created_at: string | null
          updated_at: string | null
        }
        Insert: {
          id?: string | null
          user_id?: string | null
          title?: string | null
          preview?: string | null
          date?: string | null
          mood?: number | null
          folder?: string | null
          is_deleted?: boolean | null
          created_at?: string | null
          updated_at?: string | null
        }
        Update: {
          id?: string | null
          user_id?: string | null
          title?: string | null
          preview?: string | null
          date?: string | null
          mood?: number | null
          folder?: string | null
          is_deleted?: boolean | null
          created_at?: string | null
          updated_at?: string | null
        }
        Relationships: []
      }
      notes_with_preview: {
        Row: {
          id: string | null
          user_id: string | null
          title: string | null
          preview: string | null
          folder: string | null
          pinned: boolean | null
          is_shared: boolean | null
          is_deleted: boolean | null
          created_at: string | null
          updated_at: string | null
        }
        Insert: {
          id?: string | null
          user_id?: string | null
          title?: string | null
          preview?: string | null
          folder?: string | null
          pinned?: boolean | null
          is_shared?: boolean | null
          is_deleted?: boolean | null
          created_at?: string | null
          updated_at?: string | null
        }
        Update: {
          id?: string | null
          user_id?: string | null
          title?: string | null
          preview?: string | null
          folder?: string | null
          pinned?: boolean | null
          is_shared?: boolean | null
          is_deleted?: boolean | null
          created_at?: string | null
          updated_at?: string | null
        }
        Relationships: []
      }
      task_attachments_v: {
        Row: {
          id: string | null
          task_id: string | null
          content_id: string | null
          content_type: string | null
          title: string | null
          content_markdown: string | null
          updated_at: string | null
          author_id: string | null
          linked_at: string | null
          linked_by: string | null
        }
        Relationships: []
      }
      tasks_with_project: {
        Row: {
          id: string | null
          user_id: string | null
          title: string | null
          notes: string | null
          due_date: string | null
          due_time: string | null
          priority: number | null
          tags: string | null
          list: string | null
          location: string | null
          reminders: number[] | null
          recurrence: string | null
          is_completed: boolean | null
          completed_at: string | null
          is_starred: boolean | null
          is_deleted: boolean | null
          sort_order: number | null
          importance: number | null
          urgency: number | null
          parent_id: string | null
          project_id: string | null
          assigned_to: string | null
          team_id: string | null
          created_at: string | null
          updated_at: string | null
          project_name: string | null
          project_color: string | null
          project_icon_name: string | null
          project_icon_color: string | null
          project_icon_weight: string | null
          project_is_shared: boolean | null
          project_owner_id: string | null
          board_column: string | null
          duration_minutes: number | null
        }
        Relationships: []
      }
      user_accessible_projects: {
        Row: {
          id: string | null
          user_id: string | null
          owner_id: string | null
          name: string | null
          overview: string | null
          color: string | null
          icon_name: string | null
          icon_color: string | null
          icon_weight: string | null
          sort_order: number | null
          is_favorite: boolean | null
          is_shared: boolean | null
          is_deleted: boolean | null
          created_at: string | null
          updated_at: string | null
          is_owner: boolean | null
          user_role: string | null
          is_archived: boolean | null
          archived_at: string | null
          board_columns: Json | null
        }
        Relationships: []
      }
      user_accessible_tasks_with_project: {
        Row: {
          id: string | null
          user_id: string | null
          title: string | null
          notes: string | null
          due_date: string | null
          due_time: string | null
          priority: number | null
          tags: string | null
          list: string | null
          location: string | null
          reminders: number[] | null
          recurrence: string | null
          is_completed: boolean | null
          completed_at: string | null
          is_starred: boolean | null
          is_deleted: boolean | null
          sort_order: number | null
          importance: number | null
          urgency: number | null
          parent_id: string | null
          project_id: string | null
          assigned_to: string | null
          team_id: string | null
          created_at: string | null
          updated_at: string | null
          project_name: string | null
          project_color: string | null
          project_icon_name: string | null
          project_icon_color: string | null
          project_icon_weight: string | null
          project_is_shared: boolean | null
          project_owner_id: string | null
          is_owner: boolean | null
          user_role: string | null
          board_column: string | null
          duration_minutes: number | null
        }
        Relationships: []
      }
    }
    Functions: {
      accept_project_invite: {
        Args: { p_invite_token: string; }
        Returns: Json
      }
      bulk_update_tasks: {
        Args: { p_changes: Json; }
        Returns: Database["public"]["Tables"]["tasks"]["Row"][]
      }
      cancel_project_invite: {
        Args: { p_invite_id: string; }
        Returns: undefined
      }
      create_app_password: {
        Args: { p_name: string; }
        Returns: { id: string; name: string; password: string; created_at: string }[]
      }
      create_project_invite: {
        Args: { p_email: string; p_invited_by: string; p_project_id: string; }
        Returns: Database["public"]["Tables"]["project_invites"]["Row"]
      }
      create_project_invite_link: {
        Args: { p_invited_by: string; p_project_id: string; }
        Returns: string
      }
      create_task_journal_link: {
        Args: { p_journal_id: string; p_task_id: string; }
        Returns: Database["public"]["Tables"]["task_journal_links"]["Row"]
      }
      create_task_note_link: {
        Args: { p_note_id: string; p_task_id: string; }
        Returns: Database["public"]["Tables"]["task_note_links"]["Row"]
      }
      disable_2fa: {
        Args: { p_password?: string; }
        Returns: undefined
      }
      duplicate_project: {
        Args: { p_project_id: string; }
        Returns: Database["public"]["Tables"]["projects"]["Row"]
      }
      duplicate_task: {
        Args: { p_task_id: string; }
        Returns: Database["public"]["Tables"]["tasks"]["Row"]
      }
      ensure_default_smart_lists: {
        Args: { p_user_id: string; }
        Returns: number
      }
      generate_backup_codes: {
        Args: { p_user_id: string; }
        Returns: string[]
      }
      get_activity_logs: {
        Args: { p_activity_types?: string[]; p_limit?: number; p_offset?: number; p_project_id?: string; p_user_id?: string; }
        Returns: { id: string; user_id: string; task_id: string; project_id: string; activity_type: string; activity_description: string; entity_name: string; metadata: Json; created_at: string; actor_name: string; actor_avatar_url: string; project_name: string; member_avatars: Json; total_count: number }[]
      }
      get_all_project_members_with_invites: {
        Args: { p_project_id: string; }
        Returns: { id: string; project_id: string; user_id: string; user_email: string; user_name: string; avatar_url: string; role: string; status: string; invited_by: string; invited_at: string; expires_at: string; joined_at: string }[]
      }
      get_journal_statistics: {
        Args: { p_today?: string; p_user_id?: string; }
        Returns: { entries_this_month: number; total_entries: number; total_words: number; average_mood: number; current_streak: number; longest_streak: number }[]
      }
      get_note_people: {
        Args: { p_note_id: string; }
        Returns: { user_id: string; full_name: string; email: string; avatar_url: string; permission: string }[]
      }
      get_project_invite: {
        Args: { p_invite_token: string; }
        Returns: Json
      }
      get_project_invites_with_inviter: {
        Args: { p_project_id: string; }
        Returns: { id: string; project_id: string; email: string; invited_at: string; invited_by: string; expires_at: string; accepted_at: string; is_link: boolean; token: string; inviter_email: string; inviter_name: string }[]
      }
      get_recent_content: {
        Args: { p_limit?: number; }
        Returns: { id: string; content_type: string; title: string; content: string; updated_at: string }[]
      }
      get_share_recipients: {
        Args: { p_share_id: string; }
        Returns: { user_id: string; full_name: string; email: string; avatar_url: string; opened_at: string }[]
      }
      get_shared_with_me: {
        Args: never
        Returns: { share_id: string; content_type: string; content_id: string; title: string; permission: string; owner_id: string; owner_name: string; shared_at: string; token: string }[]
      }
      get_task_people: {
        Args: { p_task_id: string; }
        Returns: { user_id: string; full_name: string; email: string; avatar_url: string }[]
      }
      import_chunk: {
        Args: { p_batch_id: string; p_rows: Json; }
        Returns: Json
      }
      log_2fa_event: {
        Args: { challenge_id?: string; event_type: string; factor_id?: string; metadata?: Json; success?: boolean; }
        Returns: undefined
      }
      move_board_task: {
        Args: { p_fields?: Json; p_order?: string[]; p_task_id: string; }
        Returns: Database["public"]["Tables"]["tasks"]["Row"][]
      }
      open_share_link: {
        Args: { p_token: string; }
        Returns: { share_id: string; content_type: string; content_id: string; permission: string; owner_id: string }[]
      }
      regenerate_calendar_feed: {
        Args: never
        Returns: Database["public"]["Tables"]["calendar_feeds"]["Row"]
      }
      reorder_projects: {
        Args: { p_project_ids: string[]; }
        Returns: undefined
      }
      revoke_calendar_feed: {
        Args: never
        Returns: undefined
      }
      search_user_content: {
        Args: { p_content_type?: string; p_limit?: number; p_search_term: string; }
        Returns: { id: string; content_type: string; title: string; snippet: string; metadata: Json; created_at: string; updated_at: string; rank: number }[]
      }
      undo_import: {
        Args: { p_batch_id: string; }
        Returns: Json
      }
      validate_backup_code: {
        Args: { p_backup_code: string; }
        Returns: boolean
      }
    }
    Enums: {
      [_ in never]: never
    }
    CompositeTypes: {
      [_ in never]: never
    }
  }
}

type PublicSchema = Database[Extract<keyof Database, "public">]

export type Tables<
  TableName extends keyof (PublicSchema["Tables"] & PublicSchema["Views"]),
> = (PublicSchema["Tables"] & PublicSchema["Views"])[TableName] extends {
  Row: infer R
}
  ? R
  : never

export type TablesInsert<TableName extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][TableName] extends { Insert: infer I } ? I : never

export type TablesUpdate<TableName extends keyof PublicSchema["Tables"]> =
  PublicSchema["Tables"][TableName] extends { Update: infer U } ? U : never

export type Enums<EnumName extends keyof PublicSchema["Enums"]> =
  PublicSchema["Enums"][EnumName]

export type CompositeTypes<
  TypeName extends keyof PublicSchema["CompositeTypes"],
> = PublicSchema["CompositeTypes"][TypeName]
