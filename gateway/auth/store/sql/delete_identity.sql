-- Removes the identity and drops its provider from app_metadata.providers
-- (and app_metadata.provider, when it named it) unless another identity
-- of the user has the same provider.
WITH gone AS (
  DELETE FROM auth.identities WHERE id = $1 AND user_id = $2 RETURNING provider
), left_over AS (
  SELECT DISTINCT provider FROM auth.identities WHERE user_id = $2 AND id <> $1
)
UPDATE auth.users u
   SET raw_app_meta_data = u.raw_app_meta_data
         || jsonb_build_object('providers', coalesce((SELECT jsonb_agg(provider ORDER BY provider) FROM left_over), '[]'))
         || CASE WHEN u.raw_app_meta_data->>'provider' IN (SELECT provider FROM gone)
                  AND u.raw_app_meta_data->>'provider' NOT IN (SELECT provider FROM left_over)
                 THEN jsonb_build_object('provider', (SELECT min(provider) FROM left_over))
                 ELSE '{}'::jsonb END,
       updated_at = now()
 WHERE u.id = $2 AND EXISTS (SELECT 1 FROM gone)
