import { supabase } from '@/lib/supabase'
import type { TableRow } from '@/lib/database'

/** The fields whose change reschedules a task's reminders (001 §7). */
export const NOTIFY_FIELDS = ['due_date', 'due_time', 'priority', 'reminders'] as const

export function touchesNotifications(patch: object): boolean {
  return NOTIFY_FIELDS.some((f) => f in patch)
}

/**
 * POST /functions/v1/schedule-task-notifications {task, userId} with the
 * user's token (001 §7), after a task is created with a due date or time
 * and after updates touching due_date, due_time, priority or reminders.
 * Failures are ignored: the server also recomputes reminders on its own
 * (0500). timeZone (a Daybase extension) is sent only while the user has
 * no time zone preference, so the server's reminders follow the browser's.
 */
export function scheduleTaskNotifications(task: TableRow<'tasks'>, userId: string, timeZone?: string): void {
  supabase.functions
    .invoke('schedule-task-notifications', { body: { task, userId, ...(timeZone ? { timeZone } : {}) } })
    .catch(() => undefined)
}
