-- The functions of the exposed schemas ($1), one row per function;
-- function_params.sql has their parameters. Procedures, aggregates and
-- window functions (prokind <> 'f') and trigger functions cannot be called
-- through /rpc.
WITH RECURSIVE
domain_base (oid, base) AS (
  SELECT oid, typbasetype FROM pg_type WHERE typtype = 'd'
  UNION ALL
  SELECT d.oid, t.typbasetype
  FROM domain_base d
  JOIN pg_type t ON t.oid = d.base AND t.typtype = 'd'
),
base_types AS (
  SELECT d.oid, b.oid AS base
  FROM domain_base d
  JOIN pg_type b ON b.oid = d.base AND b.typtype <> 'd'
)
SELECT
  p.oid,
  n.nspname,
  p.proname::text,
  coalesce(d.description, ''),
  rn.nspname,
  coalesce(comp.relname, rt.typname)::text,
  p.proretset,
  rt.typtype = 'c' OR coalesce(p.proargmodes::text[] && '{t,b,o}', false),
  t.typtype = 'd' AND rt.typtype = 'c',
  p.provolatile::text,
  p.provariadic <> 0,
  coalesce(p.proconfig, '{}'),
  -- the attributes of a named row type
  array(
    SELECT a.attname::text FROM pg_attribute a
    WHERE a.attrelid = rt.typrelid AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attnum
  ),
  array(
    SELECT format_type(a.atttypid, a.atttypmod) FROM pg_attribute a
    WHERE a.attrelid = rt.typrelid AND a.attnum > 0 AND NOT a.attisdropped
    ORDER BY a.attnum
  )
FROM pg_proc p
JOIN pg_namespace n ON n.oid = p.pronamespace
JOIN pg_type t ON t.oid = p.prorettype
LEFT JOIN base_types bt ON bt.oid = t.oid
JOIN pg_type rt ON rt.oid = coalesce(bt.base, t.oid)
JOIN pg_namespace rn ON rn.oid = rt.typnamespace
LEFT JOIN pg_class comp ON comp.oid = rt.typrelid
LEFT JOIN pg_description d
  ON d.objoid = p.oid AND d.classoid = 'pg_proc'::regclass AND d.objsubid = 0
WHERE n.nspname = ANY ($1::text[])
  AND p.prokind = 'f'
  AND p.prorettype NOT IN ('trigger'::regtype, 'event_trigger'::regtype)
ORDER BY n.nspname, p.proname, p.oid
