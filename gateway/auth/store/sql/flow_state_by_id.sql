SELECT provider_type, code_challenge, redirect_to, created_at, coalesce(linking_target_id::text, '')
  FROM auth.flow_state
 WHERE id = $1 AND authentication_method = 'oauth' AND user_id IS NULL
