-- Also prunes every expired challenge, so the table stays small.
WITH pruned AS (
  DELETE FROM auth.webauthn_challenges WHERE expires_at < now()
)
INSERT INTO auth.webauthn_challenges (user_id, kind, session_data, expires_at)
VALUES ($1, $2, $3, now() + $4::interval)
RETURNING id::text, expires_at
