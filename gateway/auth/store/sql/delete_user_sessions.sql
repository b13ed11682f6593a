DELETE FROM auth.sessions WHERE user_id = $1
