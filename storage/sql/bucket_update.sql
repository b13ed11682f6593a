-- updateBucket, as the caller. $2 public (NULL keeps it); $3 whether to set
-- the size limit to $4; $5 whether to set the MIME list to $6.
UPDATE storage.buckets
SET public             = coalesce($2, public),
    file_size_limit    = CASE WHEN $3 THEN $4 ELSE file_size_limit END,
    allowed_mime_types = CASE WHEN $5 THEN $6 ELSE allowed_mime_types END
WHERE id = $1
RETURNING id
