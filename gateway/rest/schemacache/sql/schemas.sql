-- The exposed schemas that exist, with their comments (the OpenAPI
-- document's title and description).
SELECT n.nspname, coalesce(obj_description(n.oid, 'pg_namespace'), '')
FROM pg_namespace n
WHERE n.nspname = ANY ($1::text[])
