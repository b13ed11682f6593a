SELECT id::text, email, last_sign_in_at
  FROM auth.users
 WHERE raw_app_meta_data -> 'daybase_admin' = 'true'::jsonb AND deleted_at IS NULL
 ORDER BY lower(email)
