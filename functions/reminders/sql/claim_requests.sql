SELECT task_id::text FROM jobs.reminder_requests ORDER BY requested_at LIMIT 200 FOR UPDATE SKIP LOCKED
