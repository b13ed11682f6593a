INSERT INTO auth.webauthn_credentials (user_id, credential_id, credential, friendly_name)
VALUES ($1, $2, $3, nullif($4, ''))
RETURNING id::text, created_at
