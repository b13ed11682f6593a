DELETE FROM auth.one_time_tokens
 WHERE relates_to = $1 AND token_type = ANY($2::text[]) AND failed_attempts >= $3
