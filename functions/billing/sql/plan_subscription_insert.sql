INSERT INTO public.user_subscriptions (user_id, status, plan_id, subscription_id, current_period_start)
VALUES ($1, 'active', $2, 'operator_' || extensions.gen_random_uuid(), now())
