INSERT INTO public.user_subscriptions (user_id, status, plan_id, price_id, customer_id, subscription_id,
  current_period_start, current_period_end, cancel_at_period_end)
VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7, $8, $9)
ON CONFLICT (subscription_id) DO UPDATE SET status = EXCLUDED.status, plan_id = EXCLUDED.plan_id,
  price_id = EXCLUDED.price_id, customer_id = coalesce(EXCLUDED.customer_id, user_subscriptions.customer_id),
  current_period_start = coalesce(EXCLUDED.current_period_start, user_subscriptions.current_period_start),
  current_period_end = coalesce(EXCLUDED.current_period_end, user_subscriptions.current_period_end),
  cancel_at_period_end = EXCLUDED.cancel_at_period_end
