SELECT r.id, r.task_id::text, r.user_id::text, r.kind, r.offset_minutes, r.task_due_at, r.fire_at,
       t.title, t.priority, coalesce(to_char(t.due_date, 'YYYY-MM-DD'), ''), t.due_time, t.is_completed, t.is_deleted,
       EXISTS (SELECT FROM jobs.task_reminders l
               WHERE l.task_id = r.task_id AND l.user_id = r.user_id AND l.status = 'pending'
                 AND l.fire_at > r.fire_at AND l.fire_at <= $1),
       coalesce(pin.enabled, true), coalesce(pbr.enabled, true), coalesce(pem.enabled, false),
       coalesce(pin.priority_threshold, 1), coalesce(pbr.priority_threshold, 1), coalesce(pem.priority_threshold, 1),
       coalesce(pr.notifications_enabled, true), coalesce(up.task_reminders, true), coalesce(u.email, '')
FROM jobs.task_reminders r
JOIN public.tasks t ON t.id = r.task_id
JOIN auth.users u ON u.id = r.user_id
LEFT JOIN public.user_notification_preferences pin ON pin.user_id = r.user_id AND pin.channel_type = 'in_app'
LEFT JOIN public.user_notification_preferences pbr ON pbr.user_id = r.user_id AND pbr.channel_type = 'browser'
LEFT JOIN public.user_notification_preferences pem ON pem.user_id = r.user_id AND pem.channel_type = 'email'
LEFT JOIN public.profiles pr ON pr.id = r.user_id
LEFT JOIN public.user_profiles up ON up.id = r.user_id
WHERE r.status = 'pending' AND r.fire_at <= $1
ORDER BY r.fire_at
LIMIT $2
FOR UPDATE OF r SKIP LOCKED
