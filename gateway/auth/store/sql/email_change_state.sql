SELECT coalesce(email_change, ''), email_change_confirm_status::int FROM auth.users WHERE id = $1
