-- The id and version now stored under a name, read by the server before an
-- upsert: the id is the answer's when the row is replaced, and the
-- version's bytes are deleted once the new ones are committed.
SELECT id::text, version FROM storage.objects WHERE bucket_id = $1 AND name = $2
