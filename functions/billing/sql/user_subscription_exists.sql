SELECT EXISTS (SELECT FROM public.user_subscriptions WHERE subscription_id = $1)
