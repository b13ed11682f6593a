SELECT id::text, user_id::text, code_challenge, code_challenge_method, provider_type, authentication_method,
       provider_access_token, provider_refresh_token, auth_code_issued_at
  FROM auth.flow_state
 WHERE auth_code = $1
   FOR UPDATE
