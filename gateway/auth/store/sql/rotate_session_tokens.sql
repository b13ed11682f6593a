-- The session's aal1 refresh tokens go away, so none of them can mint an
-- aal2 access token.
DELETE FROM auth.refresh_tokens WHERE session_id = $1
