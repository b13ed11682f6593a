-- The rewritten query of every view and materialized view in the exposed
-- schemas and the extra search path ($1). Its target list says which
-- table column each view column comes from (resorigtbl, resorigcol); the
-- loader follows views of views down to tables to give views the keys and
-- relationships of their base tables.
SELECT c.oid, n.nspname, c.relname, r.ev_action::text
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_rewrite r ON r.ev_class = c.oid AND r.rulename = '_RETURN'
WHERE c.relkind IN ('v', 'm')
  AND n.nspname = ANY ($1::text[])
