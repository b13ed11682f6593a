-- The credential a security key's registration made, on its factor.
UPDATE auth.mfa_factors
   SET web_authn_credential = $2, web_authn_aaguid = $3, updated_at = now()
 WHERE id = $1
