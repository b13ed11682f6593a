UPDATE public.team_subscriptions SET status = 'canceled' WHERE subscription_id = $1 AND team_id = $2::uuid
