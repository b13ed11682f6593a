SELECT coalesce((SELECT email FROM auth.users WHERE id = $1), '')
