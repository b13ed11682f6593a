-- deleteBucket, as the caller. The objects' foreign key refuses a bucket
-- that still holds objects (23503), which the server reports as not empty.
DELETE FROM storage.buckets WHERE id = $1 RETURNING id
