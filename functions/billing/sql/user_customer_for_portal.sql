SELECT customer_id FROM public.user_subscriptions
WHERE user_id = $1 AND customer_id IS NOT NULL AND ($2 = '' OR customer_id = $2)
ORDER BY created_at DESC LIMIT 1
