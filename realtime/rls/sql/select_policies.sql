-- The policies that decide what role $2 may SELECT from table $1, with
-- their USING expressions.
SELECT p.polpermissive, pg_catalog.pg_get_expr(p.polqual, p.polrelid)
FROM pg_catalog.pg_policy p
WHERE p.polrelid = $1 AND p.polcmd IN ('r', '*')
  AND EXISTS (SELECT FROM unnest(p.polroles) r WHERE r = 0 OR pg_catalog.pg_has_role($2, r, 'USAGE'))
ORDER BY p.polname
