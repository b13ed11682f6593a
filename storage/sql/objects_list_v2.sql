-- listV2: one page of the objects of bucket $1 whose names start with $2
-- (any string, not only a folder) that the caller can see.
--
-- With $3 (with_delimiter) a name that has a '/' after the prefix counts
-- once, as its folder: the name up to that '/' (without it), a NULL id and
-- metadata, and as times the earliest created_at of its objects — what
-- the hosted API's search_v2 and search_by_timestamp return.
--
-- $4 sort column (name, created_at or updated_at; checked by the server),
-- $5 ascending, $6 the page size plus one (to tell whether there is a
-- next page). The cursor is the last row of the previous page: $7 its name
-- ('' on the first page), $8 its sort time (times sort at millisecond
-- precision, which is what the cursor carries; NULL sorts as the epoch).
WITH matched AS (
  SELECT o.id, o.name, o.updated_at, o.created_at, o.last_accessed_at, o.metadata,
         CASE WHEN $3 THEN strpos(substr(o.name, length($2) + 1), '/') ELSE 0 END AS slash
  FROM storage.objects o
  WHERE o.bucket_id = $1
    AND o.name LIKE replace(replace(replace($2, '\', '\\'), '%', '\%'), '_', '\_') || '%'
), entries AS (
  SELECT left(name, length($2) + slash - 1) COLLATE "C" AS name, NULL::uuid AS id,
         min(created_at) AS updated_at, min(created_at) AS created_at,
         NULL::timestamptz AS last_accessed_at, NULL::jsonb AS metadata, true AS folder
  FROM matched WHERE slash > 0
  GROUP BY 1
  UNION ALL
  SELECT name, id, updated_at, created_at, last_accessed_at, metadata, false
  FROM matched WHERE slash = 0
), keyed AS (
  SELECT e.*, coalesce(date_trunc('milliseconds', CASE $4 WHEN 'created_at' THEN e.created_at
                                                          WHEN 'updated_at' THEN e.updated_at END),
                       'epoch'::timestamptz) AS sort_time
  FROM entries e
)
SELECT name, id::text, updated_at, created_at, last_accessed_at, metadata, folder, sort_time
FROM keyed
WHERE $7 = ''
   OR ($4 = 'name' AND $5 AND name > $7)
   OR ($4 = 'name' AND NOT $5 AND name < $7)
   OR ($4 <> 'name' AND $5 AND (sort_time, name) > (coalesce($8::timestamptz, 'epoch'), $7::text COLLATE "C"))
   OR ($4 <> 'name' AND NOT $5 AND (sort_time, name) < (coalesce($8::timestamptz, 'epoch'), $7::text COLLATE "C"))
ORDER BY
  CASE WHEN $5 THEN sort_time END ASC,
  CASE WHEN NOT $5 THEN sort_time END DESC,
  CASE WHEN $5 THEN name END ASC,
  CASE WHEN NOT $5 THEN name END DESC
LIMIT $6
