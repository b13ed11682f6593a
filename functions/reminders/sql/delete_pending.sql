DELETE FROM jobs.task_reminders
WHERE task_id = $1 AND status = 'pending' AND (fire_at > $2 OR $3::timestamptz IS NULL OR task_due_at <> $3)
