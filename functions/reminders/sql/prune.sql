DELETE FROM jobs.task_reminders WHERE status <> 'pending' AND fire_at < $1
