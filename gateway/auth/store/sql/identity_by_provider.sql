SELECT i.user_id::text
  FROM auth.identities i JOIN auth.users u ON u.id = i.user_id
 WHERE i.provider = $1 AND i.provider_id = $2 AND u.deleted_at IS NULL
