-- Confirming an address sets email_verified in the user's metadata and
-- the email identity, as GoTrue's Confirm does.
WITH i AS (
  UPDATE auth.identities SET identity_data = identity_data || '{"email_verified": true}', updated_at = now()
   WHERE user_id = $1 AND provider = 'email'
)
UPDATE auth.users
   SET email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}',
       updated_at = now()
 WHERE id = $1
