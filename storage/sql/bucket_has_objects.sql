-- Whether any object is left in a bucket (as the server, so a caller who
-- sees none of them still learns the bucket is not empty).
SELECT EXISTS (SELECT 1 FROM storage.objects WHERE bucket_id = $1)
