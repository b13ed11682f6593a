-- The columns of the relations relations.sql returns, in position order.
--
-- data_type follows PostgREST: built-in types lose their modifiers, a
-- domain over a built-in type is reported as that type, everything else
-- keeps its declared (schema-qualified, as search_path is empty) name.
WITH RECURSIVE
-- every domain with the types beneath it; the row whose base is not a
-- domain gives the domain's ultimate base type
domain_base (oid, base) AS (
  SELECT oid, typbasetype FROM pg_type WHERE typtype = 'd'
  UNION ALL
  SELECT d.oid, t.typbasetype
  FROM domain_base d
  JOIN pg_type t ON t.oid = d.base AND t.typtype = 'd'
),
base_types AS (
  SELECT d.oid, b.oid AS base, b.typnamespace AS base_namespace
  FROM domain_base d
  JOIN pg_type b ON b.oid = d.base AND b.typtype <> 'd'
)
SELECT
  a.attrelid,
  a.attnum::int,
  a.attname::text,
  coalesce(d.description, ''),
  NOT (a.attnotnull OR (t.typtype = 'd' AND t.typnotnull)),
  CASE
    WHEN t.typtype = 'd' AND bt.base_namespace = 'pg_catalog'::regnamespace THEN format_type(bt.base, NULL)
    WHEN t.typtype <> 'd' AND t.typnamespace = 'pg_catalog'::regnamespace THEN format_type(a.atttypid, NULL)
    ELSE format_type(a.atttypid, a.atttypmod)
  END,
  format_type(a.atttypid, a.atttypmod),
  -- information_schema._pg_char_max_length(_pg_truetypid, _pg_truetypmod),
  -- inlined: those take whole rows and cost more than the rest together
  CASE
    WHEN (CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END) = -1 THEN 0
    WHEN (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END) IN ('bpchar'::regtype, 'varchar'::regtype)
      THEN (CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END) - 4
    WHEN (CASE WHEN t.typtype = 'd' THEN t.typbasetype ELSE a.atttypid END) IN ('bit'::regtype, 'varbit'::regtype)
      THEN (CASE WHEN t.typtype = 'd' THEN t.typtypmod ELSE a.atttypmod END)
    ELSE 0
  END,
  coalesce(CASE
    WHEN a.attgenerated = 's' THEN NULL
    -- the identity's sequence through pg_depend: resolving it by name
    -- would need USAGE on the schema, which the authenticator lacks
    WHEN a.attidentity = 'd' THEN (
      SELECT format('nextval(%L)', dep.objid::regclass)
      FROM pg_depend dep
      WHERE dep.classid = 'pg_class'::regclass AND dep.refclassid = 'pg_class'::regclass
        AND dep.refobjid = a.attrelid AND dep.refobjsubid = a.attnum AND dep.deptype = 'i'
      LIMIT 1
    )
    WHEN ad.adbin IS NOT NULL THEN pg_get_expr(ad.adbin, ad.adrelid)
    WHEN t.typtype = 'd' THEN pg_get_expr(t.typdefaultbin, 0)
  END, ''),
  coalesce(
    (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder)
     FROM pg_enum e WHERE e.enumtypid = coalesce(bt.base, a.atttypid)),
    '{}'
  ),
  a.attgenerated = 's',
  CASE a.attidentity WHEN 'a' THEN 'always' WHEN 'd' THEN 'by default' ELSE '' END
FROM pg_attribute a
JOIN pg_class c ON c.oid = a.attrelid
JOIN pg_namespace n ON n.oid = c.relnamespace
JOIN pg_type t ON t.oid = a.atttypid
LEFT JOIN base_types bt ON bt.oid = t.oid
LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
LEFT JOIN pg_description d
  ON d.objoid = a.attrelid AND d.classoid = 'pg_class'::regclass AND d.objsubid = a.attnum
WHERE a.attnum > 0
  AND NOT a.attisdropped
  AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
  AND NOT c.relispartition
  AND n.nspname = ANY ($1::text[])
ORDER BY a.attrelid, a.attnum
