SELECT created_at FROM auth.sessions WHERE id = $1
