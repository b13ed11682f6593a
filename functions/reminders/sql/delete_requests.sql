DELETE FROM jobs.reminder_requests WHERE task_id = $1
