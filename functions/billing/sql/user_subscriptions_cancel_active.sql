UPDATE public.user_subscriptions SET status = 'canceled'
WHERE user_id = $1 AND status IN ('active', 'trialing', 'past_due')
