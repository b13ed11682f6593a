WITH i AS (
  UPDATE auth.identities SET last_sign_in_at = now() WHERE user_id = $1 AND provider = $2
)
UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1
