-- remove: the named objects the caller may delete, returned as rows.
DELETE FROM storage.objects
WHERE bucket_id = $1 AND name = ANY ($2::text[])
RETURNING id::text, bucket_id, name, owner::text, owner_id, metadata, user_metadata, version,
          created_at, updated_at, last_accessed_at
