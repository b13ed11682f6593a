-- A PKCE (or OAuth) flow. auth_code is what the browser gets back and
-- exchanges; for OAuth the row id doubles as the provider's state value.
INSERT INTO auth.flow_state (user_id, auth_code, code_challenge, code_challenge_method,
                             provider_type, authentication_method, redirect_to)
VALUES ($1, extensions.gen_random_uuid()::text, nullif($2, ''), nullif($3, ''), $4, $5, $6)
RETURNING id::text
