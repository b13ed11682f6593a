UPDATE auth.users SET email_change_confirm_status = $2, updated_at = now() WHERE id = $1
