SELECT {{task_columns}} FROM public.tasks t
 WHERE NOT t.is_deleted AND (t.due_date IS NOT NULL OR t.due_time IS NOT NULL)
   AND (t.assigned_to = $1::uuid OR (t.assigned_to IS NULL AND t.user_id = $1::uuid))
 ORDER BY coalesce(t.due_time, t.due_date::timestamptz), t.id
