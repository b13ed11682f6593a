UPDATE public.team_subscriptions SET status = 'canceled'
WHERE team_id = $1 AND status IN ('active', 'trialing', 'past_due')
