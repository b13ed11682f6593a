-- emptyBucket: deletes up to $2 objects of bucket $1 the caller may delete,
-- returning their versions so the server can remove the bytes.
DELETE FROM storage.objects
WHERE id IN (SELECT id FROM storage.objects WHERE bucket_id = $1 LIMIT $2)
RETURNING version
