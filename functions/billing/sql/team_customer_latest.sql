SELECT customer_id FROM public.team_subscriptions
WHERE team_id = $1 AND customer_id IS NOT NULL ORDER BY created_at DESC LIMIT 1
