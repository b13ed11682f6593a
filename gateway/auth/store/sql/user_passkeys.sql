SELECT id::text, credential, coalesce(friendly_name, ''), created_at, last_used_at
  FROM auth.webauthn_credentials
 WHERE user_id = $1
 ORDER BY created_at, id
