-- The relations of the exposed schemas ($1): tables, views, materialized
-- views, foreign and partitioned tables. Partitions are left out; clients
-- address their parent.
--
-- pg_relation_is_updatable returns a bitmask of 1 << CMD_x: 4 is UPDATE,
-- 8 INSERT, 16 DELETE. It honours auto-updatable views, INSTEAD OF
-- triggers and rules.
SELECT
  c.oid,
  n.nspname,
  c.relname,
  c.relkind::text,
  coalesce(d.description, ''),
  c.relkind IN ('r', 'p') OR (c.relkind IN ('v', 'f') AND pg_relation_is_updatable(c.oid::regclass, true) & 8 = 8),
  c.relkind IN ('r', 'p') OR (c.relkind IN ('v', 'f') AND pg_relation_is_updatable(c.oid::regclass, true) & 4 = 4),
  c.relkind IN ('r', 'p') OR (c.relkind IN ('v', 'f') AND pg_relation_is_updatable(c.oid::regclass, true) & 16 = 16)
FROM pg_class c
JOIN pg_namespace n ON n.oid = c.relnamespace
LEFT JOIN pg_description d
  ON d.objoid = c.oid AND d.classoid = 'pg_class'::regclass AND d.objsubid = 0
WHERE c.relkind IN ('r', 'v', 'm', 'f', 'p')
  AND n.nspname = ANY ($1::text[])
  AND NOT c.relispartition
ORDER BY n.nspname, c.relname
