DELETE FROM auth.users WHERE id = $1
