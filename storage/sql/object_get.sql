-- One object row, as the caller (RLS decides) or as the server.
SELECT id::text, bucket_id, name, owner::text, owner_id, metadata, user_metadata, version,
       created_at, updated_at, last_accessed_at
FROM storage.objects
WHERE bucket_id = $1 AND name = $2
