-- $3 = '' when verifying a link's hash; otherwise the address the code was
-- sent to must match too.
SELECT user_id::text, token_type, relates_to, created_at
  FROM auth.one_time_tokens
 WHERE token_hash = $1 AND token_type = ANY($2::text[]) AND ($3 = '' OR relates_to = $3)
 ORDER BY created_at DESC
 LIMIT 1
 FOR UPDATE
