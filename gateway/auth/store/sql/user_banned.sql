SELECT coalesce(banned_until > now(), false) FROM auth.users WHERE id = $1
