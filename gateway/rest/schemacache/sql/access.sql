-- The relations and functions of schema $1 the current role may use, for
-- the OpenAPI document (PostgREST's openapi-mode follow-privileges). It
-- runs inside the request's transaction, after SET ROLE.
SELECT 'r', c.oid
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p')
  AND n.nspname = $1
  AND NOT c.relispartition
  AND (
    pg_has_role(c.relowner, 'USAGE')
    OR has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
    OR has_any_column_privilege(c.oid, 'SELECT, INSERT, UPDATE, REFERENCES')
  )
UNION ALL
SELECT 'f', p.oid
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
WHERE n.nspname = $1
  AND p.prokind = 'f'
  AND has_function_privilege(p.oid, 'EXECUTE')
