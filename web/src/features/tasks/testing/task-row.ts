import type { Task } from '../types'

/**
 * A task row for unit tests: an open, unstarred task of user 'u' with every
 * field of Task set (no project, no dates, no tags), overridden by `over`.
 */
export function taskRow(over: Partial<Task>): Task {
  return {
    id: 'x',
    user_id: 'u',
    title: 'Write the report',
    notes: null,
    due_date: null,
    due_time: null,
    priority: 0,
    tags: null,
    list: null,
    location: null,
    reminders: [],
    recurrence: null,
    is_completed: false,
    completed_at: null,
    is_starred: false,
    is_deleted: false,
    sort_order: 0,
    importance: 0,
    urgency: 0,
    parent_id: null,
    project_id: null,
    assigned_to: null,
    team_id: null,
    board_column: null,
    duration_minutes: null,
    created_at: '2026-11-20T10:00:00Z',
    updated_at: '2026-11-20T10:00:00Z',
    project_name: null,
    project_color: null,
    project_icon_name: null,
    project_icon_weight: null,
    is_owner: true,
    user_role: null,
    ...over,
  }
}
