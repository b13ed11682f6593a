INSERT INTO public.support_requests (user_id, email, message, topic)
VALUES ($1, $2, $3, $4) RETURNING id::text, created_at
