INSERT INTO public.caldav_objects (task_id, name, uid, extra) VALUES ($1, $2, $3, $4)
ON CONFLICT (task_id, user_id) DO UPDATE SET name = excluded.name, uid = excluded.uid, extra = excluded.extra
