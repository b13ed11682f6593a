-- Computed relationships: functions taking one row of a relation and
-- returning a relation's rows, f(t) RETURNS [SETOF] u, embed as f(...) in
-- a select on t. Such a function returns one row unless it is SETOF with a
-- ROWS estimate other than 1.
SELECT
  pn.nspname,
  p.proname::text,
  an.nspname,
  ar.relname,
  rn.nspname,
  rr.relname,
  NOT p.proretset OR p.prorows = 1
FROM pg_proc p
JOIN pg_namespace pn ON pn.oid = p.pronamespace
JOIN pg_type at ON at.oid = p.proargtypes[0]
JOIN pg_class ar ON ar.oid = at.typrelid AND ar.relkind IN ('r', 'v', 'm', 'f', 'p')
JOIN pg_namespace an ON an.oid = ar.relnamespace
JOIN pg_type rt ON rt.oid = p.prorettype
JOIN pg_class rr ON rr.oid = rt.typrelid AND rr.relkind IN ('r', 'v', 'm', 'f', 'p')
JOIN pg_namespace rn ON rn.oid = rr.relnamespace
WHERE p.pronargs = 1
  AND pn.nspname NOT IN ('pg_catalog', 'information_schema')
ORDER BY pn.nspname, p.proname
