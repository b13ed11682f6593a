SELECT title, coalesce(to_char(due_date, 'YYYY-MM-DD'), ''), priority, coalesce(tags, '')
FROM public.tasks WHERE id = $1 AND NOT is_deleted
