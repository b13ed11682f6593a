INSERT INTO auth.one_time_tokens (user_id, token_type, token_hash, relates_to)
VALUES ($1, $2, $3, $4)
ON CONFLICT (user_id, token_type)
DO UPDATE SET token_hash = excluded.token_hash, relates_to = excluded.relates_to, created_at = now(),
              failed_attempts = 0
