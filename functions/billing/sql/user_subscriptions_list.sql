SELECT subscription_id, plan_id, status, 1, current_period_end FROM public.user_subscriptions
WHERE user_id = $1::uuid AND status IN ('active', 'trialing', 'past_due') ORDER BY created_at DESC
