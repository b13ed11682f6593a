-- createSignedUrls: which of the names the caller can see.
SELECT name FROM storage.objects WHERE bucket_id = $1 AND name = ANY ($2::text[])
