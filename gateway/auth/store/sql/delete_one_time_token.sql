DELETE FROM auth.one_time_tokens WHERE user_id = $1 AND token_type = $2
