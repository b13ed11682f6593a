UPDATE auth.users SET encrypted_password = $2, updated_at = now() WHERE id = $1
