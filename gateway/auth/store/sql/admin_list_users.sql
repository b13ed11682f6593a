SELECT {{user_columns}}
  FROM auth.users u
 WHERE u.deleted_at IS NULL AND (coalesce(u.email, '') ILIKE $1 OR u.raw_user_meta_data ->> 'full_name' ILIKE $1)
 ORDER BY u.created_at DESC, u.id
 LIMIT $2 OFFSET $3
