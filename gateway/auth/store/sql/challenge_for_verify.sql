SELECT coalesce(host(ip_address), ''), created_at, verified_at, web_authn_session_data
  FROM auth.mfa_challenges
 WHERE id = $1 AND factor_id = $2
   FOR UPDATE
