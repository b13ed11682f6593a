INSERT INTO jobs.billing_sessions (id, kind, user_id, team_id, price, seats, success_url, cancel_url)
VALUES ($1, 'checkout', $2::uuid, nullif($3, '')::uuid, $4, $5, $6, $7)
