-- Sessions raised with the factor drop to aal1 and lose its amr entries.
WITH s AS (
  UPDATE auth.sessions SET aal = 'aal1', factor_id = NULL, updated_at = now()
   WHERE factor_id = $1
  RETURNING id
)
DELETE FROM auth.mfa_amr_claims c USING s
 WHERE c.session_id = s.id AND c.authentication_method IN ('totp', 'recovery', 'mfa/webauthn')
