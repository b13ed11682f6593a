SELECT id, kind, user_id::text, coalesce(team_id::text, ''), coalesce(price, ''), coalesce(seats, 1),
  coalesce(customer_email, ''), coalesce(success_url, ''), coalesce(cancel_url, ''), status
FROM jobs.billing_sessions WHERE id = $1 AND kind = $2 AND expires_at > now()
