SELECT id::text FROM auth.users WHERE lower(email) = lower($1) AND deleted_at IS NULL
