UPDATE public.team_subscriptions SET status = $2, cancel_at_period_end = $3,
  current_period_start = coalesce($4, current_period_start), current_period_end = coalesce($5, current_period_end)
WHERE subscription_id = $1
