DELETE FROM auth.webauthn_credentials WHERE id = $1 AND user_id = $2
