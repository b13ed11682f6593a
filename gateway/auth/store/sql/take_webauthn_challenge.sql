-- Deletes the challenge as it reads it: a challenge is answered once.
DELETE FROM auth.webauthn_challenges
 WHERE id = $1 AND kind = $2
RETURNING coalesce(user_id::text, ''), session_data, expires_at < now()
