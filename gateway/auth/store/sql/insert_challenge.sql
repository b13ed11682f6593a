-- Also forgets the factor's challenges older than a day.
WITH f AS (
  UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1
), old AS (
  DELETE FROM auth.mfa_challenges WHERE factor_id = $1 AND created_at < now() - interval '1 day'
)
INSERT INTO auth.mfa_challenges (factor_id, ip_address, web_authn_session_data)
VALUES ($1, $2::inet, $3)
RETURNING id::text, created_at
