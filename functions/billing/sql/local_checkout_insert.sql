INSERT INTO jobs.billing_sessions
  (id, kind, user_id, team_id, price, seats, customer_email, success_url, cancel_url)
VALUES ($1, 'checkout', $2, nullif($3, '')::uuid, $4, $5, nullif($6, ''), $7, $8)
