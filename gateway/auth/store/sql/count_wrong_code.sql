-- A wrong code typed for address $1 (types $2): every outstanding code of
-- those types sent to the address counts the failure, and the ones that
-- reached $3 failures are deleted, so they stop working (migration 0621).
WITH bumped AS (
  UPDATE auth.one_time_tokens SET failed_attempts = failed_attempts + 1
   WHERE relates_to = $1 AND token_type = ANY($2::text[])
  RETURNING id, failed_attempts
)
SELECT count(*) FILTER (WHERE failed_attempts >= $3)::int FROM bumped
