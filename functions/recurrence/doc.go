// Package recurrence holds the tests of server-side task recurrence.
//
// Completing a recurring task creates its next occurrence inside the
// completing transaction, in the database (jobs.tasks_recur and
// jobs.next_occurrence, schema/migrations/0530_task_recurrence.sql), so
// every client and every write path gets it exactly once; the new task's
// reminders are then scheduled by the reminders scheduler through the
// jobs.reminder_requests queue. The recurrence JSON daybase reads is
// documented in that migration and in docs/decisions.md.
package recurrence
