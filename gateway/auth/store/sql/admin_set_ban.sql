UPDATE auth.users SET banned_until = $2, updated_at = now() WHERE id = $1
