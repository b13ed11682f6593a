-- list: the direct children of folder $2 ('' or ending in '/') in bucket $1
-- that the caller can see. A child with a '/' after the prefix is a folder,
-- listed once with NULL id, timestamps and metadata, as the hosted API does.
-- $3 is a LIKE pattern (already escaped) for a case-insensitive name prefix;
-- $4 sort column (name, updated_at, created_at, last_accessed_at), $5 asc;
-- $6 limit, $7 offset. Sorting by a time puts folders first.
WITH matched AS (
  SELECT o.id, substr(o.name, length($2) + 1) AS rest, o.updated_at, o.created_at, o.last_accessed_at, o.metadata
  FROM storage.objects o
  WHERE o.bucket_id = $1 AND o.name LIKE replace(replace(replace($2, '\', '\\'), '%', '\%'), '_', '\_') || '%'
), entries AS (
  SELECT DISTINCT split_part(rest, '/', 1) COLLATE "C" AS name, NULL::uuid AS id,
         NULL::timestamptz AS updated_at, NULL::timestamptz AS created_at,
         NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata, true AS folder
  FROM matched WHERE strpos(rest, '/') > 0
  UNION ALL
  SELECT rest, id, updated_at, created_at, last_accessed_at, metadata, false
  FROM matched WHERE strpos(rest, '/') = 0
)
SELECT name, id::text, updated_at, created_at, last_accessed_at, metadata
FROM entries
WHERE lower(name) LIKE $3
ORDER BY
  CASE WHEN $4 <> 'name' THEN folder END DESC,
  CASE WHEN $5 THEN CASE $4 WHEN 'updated_at' THEN updated_at WHEN 'created_at' THEN created_at
                             WHEN 'last_accessed_at' THEN last_accessed_at END END ASC,
  CASE WHEN NOT $5 THEN CASE $4 WHEN 'updated_at' THEN updated_at WHEN 'created_at' THEN created_at
                                WHEN 'last_accessed_at' THEN last_accessed_at END END DESC,
  CASE WHEN $5 THEN name END ASC,
  CASE WHEN NOT $5 THEN name END DESC,
  folder DESC
LIMIT $6 OFFSET $7
