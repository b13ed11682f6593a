-- A bucket by id. Runs as the caller (getBucket: RLS decides) or as the
-- server (uploads and downloads look their bucket up regardless of RLS,
-- as the hosted API does).
SELECT id, name, owner::text, public, file_size_limit, allowed_mime_types, type, created_at, updated_at
FROM storage.buckets
WHERE id = $1
