-- Sessions, their authentication methods and refresh tokens.

-- name: InsertSession
INSERT INTO auth.sessions (user_id, aal, not_after, user_agent, ip)
VALUES ($1, 'aal1', $2, nullif($3, ''), $4::inet)
RETURNING id

-- name: InsertAMR
INSERT INTO auth.mfa_amr_claims (session_id, authentication_method) VALUES ($1, $2)
ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = now()

-- name: InsertRefreshToken
INSERT INTO auth.refresh_tokens (token, user_id, session_id, parent) VALUES ($1, $2, $3, $4)

-- name: SessionAuth
-- A session's level and methods, newest first, for the access token.
SELECT s.aal,
       coalesce((SELECT jsonb_agg(jsonb_build_object('method', c.authentication_method,
                   'timestamp', floor(extract(epoch FROM c.updated_at))::bigint) ORDER BY c.updated_at DESC)
                   FROM auth.mfa_amr_claims c WHERE c.session_id = s.id), '[]')
  FROM auth.sessions s
 WHERE s.id = $1

-- name: SessionCreatedAt
SELECT created_at FROM auth.sessions WHERE id = $1

-- name: RefreshGrant
-- The grant and the user in one statement: one round trip per refresh.
-- The user columns are NULL unless a token was issued.
WITH g AS MATERIALIZED (
  SELECT * FROM auth.refresh_token_grant($1, $2, $3)
)
SELECT g.outcome, g.issued_token, g.session_id::text, g.user_id::text, g.aal, g.amr, {{userColumns}}
  FROM g
  LEFT JOIN auth.users u ON u.id = g.user_id AND u.deleted_at IS NULL
                        AND g.outcome IN ('issued', 'reused_active')

-- name: DeleteSession
DELETE FROM auth.sessions WHERE id = $1

-- name: DeleteUserSessions
DELETE FROM auth.sessions WHERE user_id = $1

-- name: DeleteOtherSessions
-- Every session of the user but $2 (all of them when $2 is null).
DELETE FROM auth.sessions WHERE user_id = $1 AND id IS DISTINCT FROM $2::uuid
