INSERT INTO public.tasks (id, user_id, parent_id, project_id, title, notes, due_date, due_time,
  priority, tags, location, reminders, recurrence, is_completed, completed_at, is_starred, importance, urgency, sort_order, created_at)
SELECT $1::uuid, $2::uuid, $4::uuid, $5::uuid, r.title, r.notes, r.due_date, r.due_time, coalesce(r.priority, 0), r.tags, r.location,
       coalesce(r.reminders, '{}'), r.recurrence, coalesce(r.is_completed, false), r.completed_at, coalesce(r.is_starred, false),
       coalesce(r.importance, 0), coalesce(r.urgency, 0), r.sort_order, coalesce(r.created_at, now())
FROM jsonb_populate_record(NULL::public.tasks, $3::jsonb) r
