INSERT INTO public.tasks (title, notes, location, tags, priority, due_date, due_time,
                          is_completed, completed_at, reminders, recurrence, duration_minutes, project_id)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $12 THEN NULL ELSE $11 END, $13, $14::uuid) RETURNING id::text
