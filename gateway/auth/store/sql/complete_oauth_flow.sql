-- A PKCE OAuth flow gets its user and provider tokens; the browser gets
-- the auth code to exchange.
UPDATE auth.flow_state
   SET user_id = $2, provider_access_token = nullif($3, ''), provider_refresh_token = nullif($4, ''),
       auth_code_issued_at = now(), updated_at = now()
 WHERE id = $1
RETURNING auth_code
