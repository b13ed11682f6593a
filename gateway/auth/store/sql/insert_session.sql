INSERT INTO auth.sessions (user_id, aal, not_after, user_agent, ip)
VALUES ($1, 'aal1', $2, nullif($3, ''), $4::inet)
RETURNING id
