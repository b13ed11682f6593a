UPDATE public.tasks SET title = $1, notes = $2, location = $3, tags = $4, priority = $5,
       due_date = $6, due_time = $7, is_completed = $8, completed_at = $9, reminders = $10,
       recurrence = CASE WHEN $12 THEN recurrence ELSE $11 END,
       duration_minutes = coalesce($13::integer, duration_minutes)
 WHERE id = $14::uuid RETURNING id::text
