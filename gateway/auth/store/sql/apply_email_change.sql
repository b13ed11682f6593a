WITH i AS (
  UPDATE auth.identities
     SET identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
         updated_at = now()
   WHERE user_id = $1 AND provider = 'email'
)
UPDATE auth.users
   SET email = $2, email_change = NULL, email_change_sent_at = NULL, email_change_confirm_status = 0,
       email_confirmed_at = coalesce(email_confirmed_at, now()), is_anonymous = false, updated_at = now()
 WHERE id = $1
