UPDATE auth.webauthn_credentials
   SET friendly_name = nullif($3, ''), updated_at = now()
 WHERE id = $1 AND user_id = $2
RETURNING id::text, coalesce(friendly_name, ''), created_at, last_used_at
