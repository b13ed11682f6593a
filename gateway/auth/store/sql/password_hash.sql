SELECT coalesce(encrypted_password, '') FROM auth.users WHERE id = $1
