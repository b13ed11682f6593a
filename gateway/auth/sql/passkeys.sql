-- Passkeys: WebAuthn credentials and their single-use challenges.

-- name: InsertWebAuthnChallenge
-- Also prunes every expired challenge, so the table stays small.
WITH pruned AS (
  DELETE FROM auth.webauthn_challenges WHERE expires_at < now()
)
INSERT INTO auth.webauthn_challenges (user_id, kind, session_data, expires_at)
VALUES ($1, $2, $3, now() + $4::interval)
RETURNING id::text, expires_at

-- name: TakeWebAuthnChallenge
-- Deletes the challenge as it reads it: a challenge is answered once.
DELETE FROM auth.webauthn_challenges
 WHERE id = $1 AND kind = $2
RETURNING coalesce(user_id::text, ''), session_data, expires_at < now()

-- name: UserPasskeys
SELECT id::text, credential, coalesce(friendly_name, ''), created_at, last_used_at
  FROM auth.webauthn_credentials
 WHERE user_id = $1
 ORDER BY created_at, id

-- name: InsertPasskey
INSERT INTO auth.webauthn_credentials (user_id, credential_id, credential, friendly_name)
VALUES ($1, $2, $3, nullif($4, ''))
RETURNING id::text, created_at

-- name: PasskeyOwner
SELECT user_id::text FROM auth.webauthn_credentials WHERE credential_id = $1

-- name: UsePasskey
-- Stores the new sign count only if it moved forward (or the authenticator
-- keeps none), so two racing uses of one assertion cannot both win.
UPDATE auth.webauthn_credentials
   SET credential = $2, last_used_at = now(), updated_at = now()
 WHERE credential_id = $1
   AND (coalesce((credential->'authenticator'->>'signCount')::bigint, 0) < $3 OR $3 = 0)

-- name: RenamePasskey
UPDATE auth.webauthn_credentials
   SET friendly_name = nullif($3, ''), updated_at = now()
 WHERE id = $1 AND user_id = $2
RETURNING id::text, coalesce(friendly_name, ''), created_at, last_used_at

-- name: DeletePasskey
DELETE FROM auth.webauthn_credentials WHERE id = $1 AND user_id = $2
