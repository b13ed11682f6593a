-- Buckets visible to the caller. $1 search (substring of the name, '' for
-- all), $2 sort column (id, name, created_at or updated_at; checked by the
-- server), $3 ascending, $4 limit (NULL for all), $5 offset.
SELECT id, name, owner::text, public, file_size_limit, allowed_mime_types, type, created_at, updated_at
FROM storage.buckets
WHERE $1 = '' OR name ILIKE '%' || $1 || '%'
ORDER BY
  CASE WHEN $3 THEN CASE $2 WHEN 'id' THEN id WHEN 'name' THEN name END END ASC,
  CASE WHEN NOT $3 THEN CASE $2 WHEN 'id' THEN id WHEN 'name' THEN name END END DESC,
  CASE WHEN $3 THEN CASE $2 WHEN 'created_at' THEN created_at WHEN 'updated_at' THEN updated_at END END ASC,
  CASE WHEN NOT $3 THEN CASE $2 WHEN 'created_at' THEN created_at WHEN 'updated_at' THEN updated_at END END DESC,
  id
LIMIT $4 OFFSET $5
