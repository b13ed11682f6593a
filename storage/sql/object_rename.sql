-- move: the same row under a new bucket and name, as the caller (UPDATE
-- policies see both the old and the new row). $5 is the new version when
-- the bytes were copied to another bucket's keys, NULL when they stay.
UPDATE storage.objects
SET bucket_id = $3, name = $4, version = coalesce($5, version), last_accessed_at = now()
WHERE bucket_id = $1 AND name = $2
RETURNING id::text, version
