-- OAuth sign-in: flow states and provider identities.

-- name: FlowStateByID
SELECT provider_type, code_challenge, redirect_to, created_at, coalesce(linking_target_id::text, '')
  FROM auth.flow_state
 WHERE id = $1 AND authentication_method = 'oauth' AND user_id IS NULL

-- name: CompleteOAuthFlow
-- A PKCE OAuth flow gets its user and provider tokens; the browser gets
-- the auth code to exchange.
UPDATE auth.flow_state
   SET user_id = $2, provider_access_token = nullif($3, ''), provider_refresh_token = nullif($4, ''),
       auth_code_issued_at = now(), updated_at = now()
 WHERE id = $1
RETURNING auth_code

-- name: DeleteStaleFlowStates
-- Flows nobody finished; e-mail flows live as long as their links.
DELETE FROM auth.flow_state WHERE created_at < now() - $1::interval

-- name: IdentityByProvider
SELECT i.user_id::text
  FROM auth.identities i JOIN auth.users u ON u.id = i.user_id
 WHERE i.provider = $1 AND i.provider_id = $2 AND u.deleted_at IS NULL

-- name: UpdateIdentityData
UPDATE auth.identities SET identity_data = $3, updated_at = now() WHERE provider = $1 AND provider_id = $2

-- name: AddProvider
-- Adds a provider to app_metadata.providers (kept sorted and unique).
UPDATE auth.users u
   SET raw_app_meta_data = jsonb_build_object('provider', $2::text) || u.raw_app_meta_data
         || jsonb_build_object('providers', (
              SELECT jsonb_agg(DISTINCT x.p) FROM (
                SELECT jsonb_array_elements_text(coalesce(u.raw_app_meta_data -> 'providers', '[]')) AS p
                UNION SELECT $2::text) x)),
       updated_at = now()
 WHERE u.id = $1

-- name: SetFlowLinkingTarget
UPDATE auth.flow_state SET linking_target_id = $2 WHERE id = $1

-- name: UserIdentityByID
-- The user's identity's provider (NULL when not theirs) and how many they have.
SELECT (SELECT provider FROM auth.identities WHERE id = $1 AND user_id = $2),
       (SELECT count(*) FROM auth.identities WHERE user_id = $2)

-- name: DeleteIdentity
-- Removes the identity and drops its provider from app_metadata.providers
-- (and app_metadata.provider, when it named it) unless another identity
-- of the user has the same provider.
WITH gone AS (
  DELETE FROM auth.identities WHERE id = $1 AND user_id = $2 RETURNING provider
), left_over AS (
  SELECT DISTINCT provider FROM auth.identities WHERE user_id = $2 AND id <> $1
)
UPDATE auth.users u
   SET raw_app_meta_data = u.raw_app_meta_data
         || jsonb_build_object('providers', coalesce((SELECT jsonb_agg(provider ORDER BY provider) FROM left_over), '[]'))
         || CASE WHEN u.raw_app_meta_data->>'provider' IN (SELECT provider FROM gone)
                  AND u.raw_app_meta_data->>'provider' NOT IN (SELECT provider FROM left_over)
                 THEN jsonb_build_object('provider', (SELECT min(provider) FROM left_over))
                 ELSE '{}'::jsonb END,
       updated_at = now()
 WHERE u.id = $2 AND EXISTS (SELECT 1 FROM gone)

-- name: MakePermanent
-- An anonymous user who links an identity becomes a permanent one.
UPDATE auth.users SET is_anonymous = false, updated_at = now() WHERE id = $1 AND is_anonymous

-- name: SetEmailFromIdentity
-- A user without an address takes the linked identity's verified one.
UPDATE auth.users SET email = $2, email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now()
 WHERE id = $1 AND coalesce(email, '') = ''
