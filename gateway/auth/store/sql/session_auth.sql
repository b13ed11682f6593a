-- A session's level and methods, newest first, for the access token
-- (auth.sessions.amr, kept by a trigger on auth.mfa_amr_claims, 0787).
SELECT s.aal, s.amr FROM auth.sessions s WHERE s.id = $1
