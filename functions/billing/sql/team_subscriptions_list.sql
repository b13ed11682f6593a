SELECT subscription_id, plan_id, status, seats, current_period_end FROM public.team_subscriptions
WHERE team_id = $1::uuid AND status IN ('active', 'trialing', 'past_due') ORDER BY created_at DESC
