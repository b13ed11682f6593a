-- TOTP factors, challenges and used codes.

-- name: FactorsForEnroll
-- Locks the user (serialising enrolments), drops the user's factors that
-- were never verified within $2, and lists the rest.
WITH locked AS (
  SELECT id FROM auth.users WHERE id = $1 FOR UPDATE
), expired AS (
  DELETE FROM auth.mfa_factors f USING locked
   WHERE f.user_id = locked.id AND f.status = 'unverified' AND f.created_at < now() - $2::interval
  RETURNING f.id
)
SELECT coalesce(jsonb_agg(jsonb_build_object(
         'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
         'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
         'last_challenged_at', f.last_challenged_at, 'phone', coalesce(f.phone, ''))), '[]')
  FROM auth.mfa_factors f
 WHERE f.user_id = (SELECT id FROM locked) AND f.id NOT IN (SELECT id FROM expired)

-- name: InsertFactor
INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, status, secret)
VALUES ($1, nullif($2, ''), $3, 'unverified', nullif($4, ''))
RETURNING id::text

-- name: FactorByID
SELECT id::text, user_id::text, factor_type, status, coalesce(secret, ''), created_at,
       web_authn_credential
  FROM auth.mfa_factors
 WHERE id = $1 AND user_id = $2

-- name: InsertChallenge
-- Also forgets the factor's challenges older than a day.
WITH f AS (
  UPDATE auth.mfa_factors SET last_challenged_at = now() WHERE id = $1
), old AS (
  DELETE FROM auth.mfa_challenges WHERE factor_id = $1 AND created_at < now() - interval '1 day'
)
INSERT INTO auth.mfa_challenges (factor_id, ip_address, web_authn_session_data)
VALUES ($1, $2::inet, $3)
RETURNING id::text, created_at

-- name: ChallengeForVerify
SELECT coalesce(host(ip_address), ''), created_at, verified_at, web_authn_session_data
  FROM auth.mfa_challenges
 WHERE id = $1 AND factor_id = $2
   FOR UPDATE

-- name: InsertUsedCode
-- A code's time step is recorded once per factor; no row inserted means a
-- replay. Steps older than the validity window are pruned.
WITH pruned AS (
  DELETE FROM auth.mfa_used_codes WHERE factor_id = $1 AND time_step < $2::bigint - 4
)
INSERT INTO auth.mfa_used_codes (factor_id, time_step) VALUES ($1, $2)
ON CONFLICT (factor_id, time_step) DO NOTHING

-- name: MarkChallengeVerified
UPDATE auth.mfa_challenges SET verified_at = now() WHERE id = $1

-- name: VerifyFactorStatus
UPDATE auth.mfa_factors SET status = 'verified', updated_at = now() WHERE id = $1

-- name: RaiseSessionAAL
UPDATE auth.sessions SET aal = 'aal2', factor_id = $2, updated_at = now() WHERE id = $1

-- name: RotateSessionTokens
-- The session's aal1 refresh tokens go away, so none of them can mint an
-- aal2 access token.
DELETE FROM auth.refresh_tokens WHERE session_id = $1

-- name: DeleteLowAALSessions
DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2 AND aal = 'aal1'

-- name: DeleteUnverifiedOthers
DELETE FROM auth.mfa_factors WHERE user_id = $1 AND id <> $2 AND status = 'unverified' AND factor_type = $3

-- name: DeleteFactor
DELETE FROM auth.mfa_factors WHERE id = $1

-- name: DowngradeSessions
-- Sessions raised with the factor drop to aal1 and lose its amr entries.
WITH s AS (
  UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL, updated_at = now()
   WHERE factor_id = $1
  RETURNING id
)
DELETE FROM auth.mfa_amr_claims c USING s
 WHERE c.session_id = s.id AND c.authentication_method IN ('totp', 'recovery', 'mfa/webauthn')

-- name: SaveWebAuthnFactorCredential
-- The credential a security key's registration made, on its factor.
UPDATE auth.mfa_factors
   SET web_authn_credential = $2, web_authn_aaguid = $3, updated_at = now()
 WHERE id = $1

-- name: UseWebAuthnFactor
-- Stores the new sign count only if it moved forward (or the key keeps
-- none), so one assertion cannot raise two sessions.
UPDATE auth.mfa_factors
   SET web_authn_credential = $2, updated_at = now()
 WHERE id = $1
   AND (coalesce((web_authn_credential->'authenticator'->>'signCount')::bigint, 0) < $3 OR $3 = 0)

-- name: UserWebAuthnCredentials
-- Every credential the user's security keys and passkeys registered, so a
-- new registration can exclude them.
SELECT web_authn_credential FROM auth.mfa_factors
 WHERE user_id = $1 AND factor_type = 'webauthn' AND web_authn_credential IS NOT NULL
UNION ALL
SELECT credential FROM auth.webauthn_credentials WHERE user_id = $1
