UPDATE public.user_subscriptions SET status = 'canceled', updated_at = now()
WHERE user_id = $1 AND status IN ('active', 'trialing', 'past_due')
