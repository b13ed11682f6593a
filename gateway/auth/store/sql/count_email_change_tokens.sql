SELECT count(*) FROM auth.one_time_tokens
 WHERE user_id = $1 AND token_type IN ('email_change_token_new', 'email_change_token_current')
