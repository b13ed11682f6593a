-- Counts a user's recent uploads for the rate limits (002 §5), after
-- dropping rows older than a day. The caller holds the user's advisory lock
-- (upload_lock.sql) so two uploads cannot both see one below a limit.
-- Returns the uploads in the last minute and hour, the bytes in the last
-- day, and the seconds until the oldest upload of each window leaves it.
WITH pruned AS (
  DELETE FROM storage.upload_events WHERE user_id = $1 AND created_at <= now() - interval '24 hours'
), recent AS (
  SELECT created_at, bytes FROM storage.upload_events
  WHERE user_id = $1 AND created_at > now() - interval '24 hours'
)
SELECT count(*) FILTER (WHERE created_at > now() - interval '1 minute'),
       count(*) FILTER (WHERE created_at > now() - interval '1 hour'),
       coalesce(sum(bytes), 0),
       coalesce(ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 minute')
                                        + interval '1 minute' - now())), 0)::int,
       coalesce(ceil(extract(epoch FROM min(created_at) FILTER (WHERE created_at > now() - interval '1 hour')
                                        + interval '1 hour' - now())), 0)::int,
       coalesce(ceil(extract(epoch FROM min(created_at) + interval '24 hours' - now())), 0)::int
FROM recent
