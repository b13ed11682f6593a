SELECT EXISTS (SELECT FROM public.team_subscriptions WHERE subscription_id = $1)
