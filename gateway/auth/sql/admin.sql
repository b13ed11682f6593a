-- The admin API (service_role only).

-- name: AdminCountUsers
SELECT count(*) FROM auth.users u
 WHERE u.deleted_at IS NULL AND (coalesce(u.email, '') ILIKE $1 OR u.raw_user_meta_data ->> 'full_name' ILIKE $1)

-- name: AdminListUsers
SELECT {{userColumns}}
  FROM auth.users u
 WHERE u.deleted_at IS NULL AND (coalesce(u.email, '') ILIKE $1 OR u.raw_user_meta_data ->> 'full_name' ILIKE $1)
 ORDER BY u.created_at DESC, u.id
 LIMIT $2 OFFSET $3

-- name: AdminSetBan
UPDATE auth.users SET banned_until = $2, updated_at = now() WHERE id = $1

-- name: AdminSetRole
UPDATE auth.users SET role = $2, updated_at = now() WHERE id = $1

-- name: AdminDeleteUser
DELETE FROM auth.users WHERE id = $1

-- name: AdminSoftDeleteUser
-- The row stays for references; sign-in methods, sessions and factors go,
-- and the address is free for a new account.
WITH i AS (DELETE FROM auth.identities WHERE user_id = $1),
     s AS (DELETE FROM auth.sessions WHERE user_id = $1),
     f AS (DELETE FROM auth.mfa_factors WHERE user_id = $1)
UPDATE auth.users SET deleted_at = now(), encrypted_password = NULL, updated_at = now() WHERE id = $1

-- name: PruneAnonymousUsers
-- Anonymous users created before $1 whose sessions were all last used
-- before it; their rows in public tables go with them (ON DELETE CASCADE),
-- as with an admin delete. At most $2 per statement.
WITH gone AS (
  SELECT u.id FROM auth.users u
   WHERE u.is_anonymous AND u.created_at < $1
     AND NOT EXISTS (SELECT 1 FROM auth.sessions s
                      WHERE s.user_id = u.id AND greatest(s.created_at, s.refreshed_at, s.updated_at) >= $1)
   LIMIT $2
   FOR UPDATE SKIP LOCKED
)
DELETE FROM auth.users u USING gone WHERE u.id = gone.id
