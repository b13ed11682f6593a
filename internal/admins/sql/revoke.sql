-- Removes the admin mark from the account with e-mail $1. The CTE reads the
-- row before the update, so the caller learns whether it was an admin.
WITH before AS (
  SELECT id, raw_app_meta_data -> 'daybase_admin' = 'true'::jsonb AS was_admin
    FROM auth.users
   WHERE lower(email) = lower($1) AND deleted_at IS NULL
)
UPDATE auth.users u
   SET raw_app_meta_data = u.raw_app_meta_data - 'daybase_admin',
       updated_at = now()
  FROM before
 WHERE u.id = before.id
RETURNING u.id::text, u.email, u.last_sign_in_at, coalesce(before.was_admin, false)
