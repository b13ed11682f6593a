-- Marks the account with e-mail $1 as an admin. Only this program (as the
-- database owner) writes raw_app_meta_data: /auth/v1/user refuses
-- app_metadata from users, and no API role may write auth.users.
UPDATE auth.users
   SET raw_app_meta_data = raw_app_meta_data || '{"daybase_admin": true}',
       updated_at = now()
 WHERE lower(email) = lower($1) AND deleted_at IS NULL
RETURNING id::text, email, last_sign_in_at
