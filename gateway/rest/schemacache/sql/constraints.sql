-- Primary key, unique and foreign key constraints of every user schema,
-- not only the exposed ones: a view in an exposed schema may select from a
-- table elsewhere and inherit its keys. Key columns come in key order.
--
-- Foreign keys copied onto partitions (conparentid <> 0) are left out; the
-- partitioned table's own key stands for them.
SELECT
  con.conname::text,
  con.contype::text,
  con.conrelid,
  n.nspname,
  r.relname,
  r.relkind::text,
  con.conkey::int[],
  array(
    SELECT a.attname::text
    FROM unnest(con.conkey) WITH ORDINALITY AS k (attnum, ord)
    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum
    ORDER BY k.ord
  ),
  con.confrelid,
  coalesce(fn.nspname, ''),
  coalesce(f.relname, ''),
  coalesce(f.relkind::text, ''),
  coalesce(con.confkey::int[], '{}'),
  array(
    SELECT a.attname::text
    FROM unnest(con.confkey) WITH ORDINALITY AS k (attnum, ord)
    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum
    ORDER BY k.ord
  )
FROM pg_constraint con
JOIN pg_class r ON r.oid = con.conrelid
JOIN pg_namespace n ON n.oid = r.relnamespace
LEFT JOIN pg_class f ON f.oid = con.confrelid
LEFT JOIN pg_namespace fn ON fn.oid = f.relnamespace
WHERE con.contype IN ('p', 'u', 'f')
  AND n.nspname NOT IN ('pg_catalog', 'information_schema')
  AND NOT (con.contype = 'f' AND con.conparentid <> 0)
ORDER BY con.conrelid, con.conname
