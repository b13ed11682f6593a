SELECT customer_id FROM public.team_subscriptions
WHERE team_id = $1 AND customer_id IS NOT NULL AND ($2 = '' OR customer_id = $2)
ORDER BY created_at DESC LIMIT 1
