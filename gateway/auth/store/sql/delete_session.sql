DELETE FROM auth.sessions WHERE id = $1
