SELECT id::text, title, coalesce(notes, ''), coalesce(due_date::text, ''),
  coalesce(to_char(due_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ''), priority::text, coalesce(tags, ''),
  coalesce(list, ''), coalesce(location, ''), array_to_string(reminders, ' '), coalesce(recurrence, ''),
  is_completed::text, coalesce(to_char(completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), ''),
  is_starred::text, importance::text, urgency::text, coalesce(parent_id::text, ''),
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
FROM public.tasks WHERE user_id = auth.uid() AND NOT is_deleted ORDER BY sort_order, created_at
