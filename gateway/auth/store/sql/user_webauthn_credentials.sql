-- Every credential the user's security keys and passkeys registered, so a
-- new registration can exclude them.
SELECT web_authn_credential FROM auth.mfa_factors
 WHERE user_id = $1 AND factor_type = 'webauthn' AND web_authn_credential IS NOT NULL
UNION ALL
SELECT credential FROM auth.webauthn_credentials WHERE user_id = $1
