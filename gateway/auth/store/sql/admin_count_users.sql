SELECT count(*) FROM auth.users u
 WHERE u.deleted_at IS NULL AND (coalesce(u.email, '') ILIKE $1 OR u.raw_user_meta_data ->> 'full_name' ILIKE $1)
