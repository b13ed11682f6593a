SELECT {{user_columns}} FROM auth.users u WHERE u.id = $1 AND u.deleted_at IS NULL
