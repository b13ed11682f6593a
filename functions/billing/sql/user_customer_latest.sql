SELECT customer_id FROM public.user_subscriptions
WHERE user_id = $1 AND customer_id IS NOT NULL ORDER BY created_at DESC LIMIT 1
