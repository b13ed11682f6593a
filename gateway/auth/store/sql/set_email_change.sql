UPDATE auth.users
   SET email_change = $2, email_change_sent_at = now(), email_change_confirm_status = 0, updated_at = now()
 WHERE id = $1
