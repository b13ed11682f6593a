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
