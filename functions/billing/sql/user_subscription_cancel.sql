UPDATE public.user_subscriptions SET status = 'canceled' WHERE subscription_id = $1 AND user_id = $2::uuid
