SELECT user_id::text FROM auth.webauthn_credentials WHERE credential_id = $1
