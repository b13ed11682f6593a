-- Stores the new sign count only if it moved forward (or the key keeps
-- none), so one assertion cannot raise two sessions.
UPDATE auth.mfa_factors
   SET web_authn_credential = $2, updated_at = now()
 WHERE id = $1
   AND (coalesce((web_authn_credential->'authenticator'->>'signCount')::bigint, 0) < $3 OR $3 = 0)
