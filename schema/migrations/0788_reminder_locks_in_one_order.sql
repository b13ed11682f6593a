-- One lock order for a task's reminder rows (found by a browser journey:
-- schedule-task-notifications failed with "deadlock detected").
--
-- Three paths touch a task's jobs.reminder_requests row and its pending
-- jobs.task_reminders rows in one transaction: the scheduler (claims the
-- request FOR UPDATE SKIP LOCKED, then replaces the reminders),
-- schedule-task-notifications (functions/reminders.Replace) and this
-- trigger when a task is completed or deleted. The scheduler cannot help
-- taking the request first, so the others now do too: request, then
-- reminders. Before, the trigger and Replace deleted the reminders first,
-- and either could wait for the scheduler while it waited for them.
CREATE OR REPLACE FUNCTION jobs.tasks_reminders_changed() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = '' AS $$
BEGIN
  IF NEW.is_completed OR NEW.is_deleted THEN
    DELETE FROM jobs.reminder_requests WHERE task_id = NEW.id;
    DELETE FROM jobs.task_reminders WHERE task_id = NEW.id AND status = 'pending';
  ELSIF NEW.due_date IS NOT NULL OR NEW.due_time IS NOT NULL
        OR (TG_OP = 'UPDATE' AND (OLD.due_date IS NOT NULL OR OLD.due_time IS NOT NULL)) THEN
    INSERT INTO jobs.reminder_requests (task_id) VALUES (NEW.id)
    ON CONFLICT (task_id) DO UPDATE SET requested_at = now();
  END IF;
  RETURN NULL;
END
$$;
REVOKE ALL ON FUNCTION jobs.tasks_reminders_changed() FROM PUBLIC;
