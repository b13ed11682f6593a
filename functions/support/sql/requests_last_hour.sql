SELECT count(*), min(created_at) FROM public.support_requests
WHERE user_id = $1 AND created_at > now() - interval '1 hour'
