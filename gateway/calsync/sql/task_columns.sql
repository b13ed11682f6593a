t.id::text, t.title, coalesce(t.notes, ''), t.due_date, t.due_time, t.priority,
coalesce(t.tags, ''), coalesce(t.list, ''), coalesce(t.location, ''), t.reminders,
coalesce(t.recurrence, ''), t.is_completed, t.completed_at, t.created_at, t.updated_at, t.duration_minutes
