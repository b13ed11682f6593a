INSERT INTO jobs.task_reminders (task_id, user_id, kind, offset_minutes, task_due_at, fire_at)
SELECT $1, $2, k, o, d, f FROM unnest($3::text[], $4::int[], $5::timestamptz[], $6::timestamptz[]) AS u(k, o, d, f)
ON CONFLICT ON CONSTRAINT task_reminders_once DO NOTHING
