INSERT INTO jobs.billing_sessions (id, kind, user_id, team_id, success_url, expires_at)
VALUES ($1, 'portal', $2, nullif($3, '')::uuid, $4, now() + interval '1 hour')
