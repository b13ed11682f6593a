-- OAuth sign-in: flow states and provider identities.

-- name: FlowStateByID
SELECT provider_type, code_challenge, redirect_to, created_at
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
