SELECT t.id::text, coalesce(to_char(t.due_date, 'YYYY-MM-DD'), ''), t.due_time, t.reminders,
       t.is_completed, t.is_deleted, coalesce(t.assigned_to, t.user_id)::text,
       jobs.user_time_zone(coalesce(t.assigned_to, t.user_id))
FROM public.tasks t WHERE t.id = $1
