-- One-time tokens of e-mail links and codes, and PKCE flow states.

-- name: UpsertOneTimeToken
INSERT INTO auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
VALUES ($1, $2, $3, $4)
ON CONFLICT (user_id, token_type)
DO UPDATE SET token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(),
              failed_attempts = 0

-- name: SetSentAt
-- Stamps the *_sent_at column GoTrue shows for the token type.
UPDATE auth.users
   SET confirmation_sent_at     = CASE WHEN $2 = 'confirmation_token' THEN now() ELSE confirmation_sent_at END,
       recovery_sent_at         = CASE WHEN $2 = 'recovery_token' THEN now() ELSE recovery_sent_at END,
       email_change_sent_at     = CASE WHEN $2 LIKE 'email_change_token_%' THEN now() ELSE email_change_sent_at END,
       reauthentication_sent_at = CASE WHEN $2 = 'reauthentication_token' THEN now() ELSE reauthentication_sent_at END
 WHERE id = $1

-- name: FindOneTimeToken
-- $3 = '' when verifying a link's hash; otherwise the address the code was
-- sent to must match too.
SELECT user_id::text, token_type, relates_to, created_at
  FROM auth.one_time_tokens
 WHERE token_hash = $1 AND token_type = ANY($2::text[]) AND ($3 = '' OR relates_to = $3)
 ORDER BY created_at DESC
 LIMIT 1
 FOR UPDATE

-- name: DeleteOneTimeToken
DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2

-- name: CountWrongCode
-- A wrong code typed for address $1 (types $2): every outstanding code of
-- those types sent to the address counts the failure, and the ones that
-- reached $3 failures are deleted, so they stop working (migration 0621).
WITH bumped AS (
  UPDATE auth.one_time_tokens SET failed_attempts = failed_attempts + 1
   WHERE relates_to = $1 AND token_type = ANY($2::text[])
  RETURNING id, failed_attempts
)
SELECT count(*) FILTER (WHERE failed_attempts >= $3)::int FROM bumped

-- name: DeleteExhaustedCodes
DELETE FROM auth.one_time_tokens
 WHERE relates_to = $1 AND token_type = ANY($2::text[]) AND failed_attempts >= $3

-- name: InsertFlowState
-- A PKCE (or OAuth) flow. auth_code is what the browser gets back and
-- exchanges; for OAuth the row id doubles as the provider's state value.
INSERT INTO auth.flow_state (user_id, auth_code, code_challenge, code_challenge_method,
                             provider_type, authentication_method, redirect_to)
VALUES ($1, extensions.gen_random_uuid()::text, nullif($2, ''), nullif($3, ''), $4, $5, $6)
RETURNING id::text

-- name: IssueAuthCode
-- The newest flow of the user for the method gets its code issued.
UPDATE auth.flow_state SET auth_code_issued_at = now(), updated_at = now()
 WHERE id = (SELECT id FROM auth.flow_state
              WHERE user_id = $1 AND authentication_method = $2 AND code_challenge IS NOT NULL
              ORDER BY created_at DESC LIMIT 1)
RETURNING auth_code

-- name: FlowStateForExchange
SELECT id::text, user_id::text, code_challenge, code_challenge_method, provider_type, authentication_method,
       provider_access_token, provider_refresh_token, auth_code_issued_at
  FROM auth.flow_state
 WHERE auth_code = $1
   FOR UPDATE

-- name: DeleteFlowState
DELETE FROM auth.flow_state WHERE id = $1
