-- Create or replace an object, as the caller: INSERT policies for a new
-- name; SELECT and UPDATE policies for an existing one. $9 is the version
-- the server saw under the name (NULL for none); when another writer
-- replaced it in the meantime no row is written (0 rows affected) and the
-- server looks again, so the bytes it deletes afterwards are always the
-- ones this statement replaced.
INSERT INTO storage.objects AS o (id, bucket_id, name, owner, owner_id, metadata, user_metadata, version)
VALUES ($1::uuid, $2, $3, $4::uuid, $5, $6, $7, $8)
ON CONFLICT (bucket_id, name) DO UPDATE
SET owner            = excluded.owner,
    owner_id         = excluded.owner_id,
    metadata         = excluded.metadata,
    user_metadata    = excluded.user_metadata,
    version          = excluded.version,
    last_accessed_at = now()
WHERE o.version IS NOT DISTINCT FROM $9
