SELECT id::text, user_id::text, factor_type, status, coalesce(secret, ''), created_at,
       web_authn_credential
  FROM auth.mfa_factors
 WHERE id = $1 AND user_id = $2
