-- Users and identities (tables in schema/migrations/0002_auth.sql).

-- name: userColumns
-- The column list scanUser reads, in its order. Identities and factors are
-- built as json, not jsonb: Go decodes them either way, and json skips
-- building, key-sorting and printing a jsonb value on every token answer.
u.id, u.aud, u.role, coalesce(u.email, ''), u.email_confirmed_at, coalesce(u.phone, ''), u.phone_confirmed_at,
u.confirmation_sent_at, u.confirmed_at, u.recovery_sent_at, coalesce(u.email_change, ''), u.email_change_sent_at,
u.reauthentication_sent_at, u.invited_at, u.last_sign_in_at, u.raw_app_meta_data, u.raw_user_meta_data,
u.banned_until, u.is_anonymous, u.deleted_at, u.created_at, u.updated_at,
coalesce(u.encrypted_password, '') <> '', u.email_change_confirm_status::int,
coalesce((SELECT json_agg(json_build_object(
           'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id, 'identity_data', i.identity_data,
           'provider', i.provider, 'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
           'updated_at', i.updated_at, 'email', coalesce(i.email, '')) ORDER BY i.created_at)
            FROM auth.identities i WHERE i.user_id = u.id), '[]'),
coalesce((SELECT json_agg(json_build_object(
           'id', f.id, 'friendly_name', coalesce(f.friendly_name, ''), 'factor_type', f.factor_type,
           'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
           'last_challenged_at', f.last_challenged_at, 'phone', coalesce(f.phone, '')) ORDER BY f.created_at)
            FROM auth.mfa_factors f WHERE f.user_id = u.id), '[]')

-- name: UserByID
SELECT {{userColumns}} FROM auth.users u WHERE u.id = $1 AND u.deleted_at IS NULL

-- name: CallerExists
-- Whether a token's user and session still exist (GoTrue answers
-- user_not_found and session_not_found). A session ended by refresh-token
-- reuse detection or its timebox keeps its row with not_after in the past:
-- its access tokens are refused at once, as after sign-out (issue 17).
SELECT EXISTS (SELECT 1 FROM auth.users WHERE id = $1 AND deleted_at IS NULL),
       EXISTS (SELECT 1 FROM auth.sessions
                WHERE id = $2 AND user_id = $1 AND (not_after IS NULL OR not_after > now()))

-- name: UserIDByEmail
SELECT id FROM auth.users WHERE lower(email) = $1 AND deleted_at IS NULL

-- name: UserForSignIn
SELECT id, coalesce(encrypted_password, ''), email_confirmed_at IS NOT NULL, coalesce(banned_until > now(), false)
  FROM auth.users
 WHERE lower(email) = $1 AND deleted_at IS NULL

-- name: UserBanned
SELECT coalesce(banned_until > now(), false) FROM auth.users WHERE id = $1

-- name: PasswordHash
SELECT coalesce(encrypted_password, '') FROM auth.users WHERE id = $1

-- name: InsertUser
-- GoTrue stores the nil instance id; confirmed users get
-- email_confirmed_at now.
INSERT INTO auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
                        raw_app_meta_data, raw_user_meta_data, is_anonymous, invited_at)
VALUES ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', $9, nullif($2, ''), nullif($3, ''),
        CASE WHEN $4::boolean THEN now() END, $5, $6, $7,
        CASE WHEN $8::boolean THEN now() END)

-- name: InsertIdentity
INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at)
VALUES ($1, $2, $3, $4, NULL)

-- name: EnsureEmailIdentity
-- A user who sets a first password (OAuth or OTP users) gains an email
-- identity, so the password sign-in shows in identities.
INSERT INTO auth.identities (provider_id, user_id, identity_data, provider)
SELECT $1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', true,
       'phone_verified', false), 'email'
ON CONFLICT (provider_id, provider) DO NOTHING

-- name: ConfirmEmail
-- Confirming an address sets email_verified in the user's metadata and
-- the email identity, as GoTrue's Confirm does.
WITH i AS (
  UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}', updated_at = now()
   WHERE user_id = $1 AND provider = 'email'
)
UPDATE auth.users
   SET email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}',
       updated_at = now()
 WHERE id = $1

-- name: UpdateSignInTimes
WITH i AS (
  UPDATE auth.identities SET last_sign_in_at = now() WHERE user_id = $1 AND provider = $2
)
UPDATE auth.users SET last_sign_in_at = now() WHERE id = $1

-- name: SetPassword
UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1

-- name: MergeUserMetadata
-- Keys of $2 replace the stored ones; a null value removes its key.
UPDATE auth.users
   SET raw_user_meta_data = (raw_user_meta_data || $2::jsonb)
         - ARRAY(SELECT e.key FROM jsonb_each($2::jsonb) e WHERE e.value = 'null'::jsonb),
       updated_at = now()
 WHERE id = $1

-- name: MergeAppMetadata
UPDATE auth.users
   SET raw_app_meta_data = (raw_app_meta_data || $2::jsonb)
         - ARRAY(SELECT e.key FROM jsonb_each($2::jsonb) e WHERE e.value = 'null'::jsonb),
       updated_at = now()
 WHERE id = $1

-- name: SetEmailChange
UPDATE auth.users
   SET email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now()
 WHERE id = $1

-- name: EmailChangeState
SELECT coalesce(email_change, ''), email_change_confirm_status::int FROM auth.users WHERE id = $1

-- name: CountEmailChangeTokens
SELECT count(*) FROM auth.one_time_tokens
 WHERE user_id = $1 AND token_type IN ('email_change_token_new', 'email_change_token_current')

-- name: SetEmailChangeStep
UPDATE auth.users SET email_change_confirm_status = $2, updated_at = now() WHERE id = $1

-- name: ApplyEmailChange
WITH i AS (
  UPDATE auth.identities
     SET identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now()
   WHERE user_id = $1 AND provider = 'email'
)
UPDATE auth.users
   SET email = $2, email_change = NULL, email_change_sent_at = NULL, email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false, updated_at = now()
 WHERE id = $1

-- name: InsertAudit
INSERT INTO auth.audit_log_entries (payload, ip_address) VALUES ($1, $2)

