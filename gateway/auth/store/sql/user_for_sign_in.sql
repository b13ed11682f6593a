SELECT id, coalesce(encrypted_password, ''), email_confirmed_at IS NOT NULL, coalesce(banned_until > now(), false)
  FROM auth.users
 WHERE lower(email) = $1 AND deleted_at IS NULL
