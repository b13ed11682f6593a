DELETE FROM auth.sessions WHERE user_id = $1 AND id <> $2 AND aal = 'aal1'
