-- One JSON document describing schema $1 for the TypeScript generator:
-- relations (tables and views with columns and foreign keys), functions
-- callable as RPCs, enums and composite types, each sorted by name.
WITH rels AS (
  SELECT c.oid, c.relname, c.relkind,
         c.relkind IN ('r', 'p') OR (c.relkind = 'v' AND pg_relation_is_updatable(c.oid::regclass, false) & 20 = 20) AS updatable
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE n.nspname = $1 AND c.relkind IN ('r', 'p', 'v', 'm')
),
cols AS (
  SELECT a.attrelid, a.attnum,
         jsonb_build_object(
           'name', a.attname,
           'type', CASE WHEN t.typcategory = 'A' THEN et.typname ELSE t.typname END,
           'schema', CASE WHEN t.typcategory = 'A' THEN etn.nspname ELSE tn.nspname END,
           'array', t.typcategory = 'A',
           'category', CASE WHEN t.typcategory = 'A' THEN et.typtype ELSE t.typtype END::text,
           'nullable', NOT a.attnotnull,
           'has_default', a.atthasdef OR a.attidentity <> '',
           'generated', a.attgenerated <> ''
         ) AS col
  FROM pg_attribute a
  JOIN pg_type t ON t.oid = a.atttypid
  JOIN pg_namespace tn ON tn.oid = t.typnamespace
  LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
  LEFT JOIN pg_namespace etn ON etn.oid = et.typnamespace
  WHERE a.attnum > 0 AND NOT a.attisdropped
),
fks AS (
  SELECT con.conrelid,
         jsonb_build_object(
           'name', con.conname,
           'columns', (SELECT jsonb_agg(a.attname ORDER BY k.ord) FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
                       JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.num),
           'one_to_one', EXISTS (SELECT FROM pg_index i WHERE i.indrelid = con.conrelid AND i.indisunique
                                   AND (SELECT array_agg(x ORDER BY x) FROM unnest(i.indkey::int2[]) x) =
                                       (SELECT array_agg(x ORDER BY x) FROM unnest(con.conkey) x)),
           'referenced_relation', fc.relname,
           'referenced_columns', (SELECT jsonb_agg(a.attname ORDER BY k.ord) FROM unnest(con.confkey) WITH ORDINALITY k(num, ord)
                                  JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.num)
         ) AS fk, con.conname
  FROM pg_constraint con JOIN pg_class fc ON fc.oid = con.confrelid
  WHERE con.contype = 'f'
),
funcs AS (
  SELECT p.proname, p.oid,
         jsonb_build_object(
           'name', p.proname,
           'args', coalesce((
             SELECT jsonb_agg(jsonb_build_object(
               'name', coalesce(p.proargnames[i], ''),
               'type', CASE WHEN t.typcategory = 'A' THEN et.typname ELSE t.typname END,
               'schema', CASE WHEN t.typcategory = 'A' THEN etn.nspname ELSE tn.nspname END,
               'array', t.typcategory = 'A',
               'category', CASE WHEN t.typcategory = 'A' THEN et.typtype ELSE t.typtype END::text,
               'has_default', i > p.pronargs - p.pronargdefaults) ORDER BY i)
             FROM generate_series(1, p.pronargs) i
             JOIN pg_type t ON t.oid = p.proargtypes[i - 1]
             JOIN pg_namespace tn ON tn.oid = t.typnamespace
             LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
             LEFT JOIN pg_namespace etn ON etn.oid = et.typnamespace
             WHERE coalesce(p.proargmodes[i], 'i') IN ('i', 'b', 'v')
           ), '[]'),
           'return_type', CASE WHEN rt.typcategory = 'A' THEN ret.typname ELSE rt.typname END,
           'return_array', rt.typcategory = 'A',
           'return_category', CASE WHEN rt.typcategory = 'A' THEN ret.typtype ELSE rt.typtype END::text,
           'returns_set', p.proretset,
           'return_relation', CASE WHEN rt.typtype = 'c' AND rtc.relkind IN ('r', 'p', 'v', 'm') AND rtn.nspname = $1 THEN rtc.relname ELSE '' END,
           'table_columns', coalesce((
             SELECT jsonb_agg(jsonb_build_object(
               'name', oa.name,
               'type', CASE WHEN t.typcategory = 'A' THEN et.typname ELSE t.typname END,
               'schema', CASE WHEN t.typcategory = 'A' THEN etn.nspname ELSE tn.nspname END,
               'array', t.typcategory = 'A',
               'category', CASE WHEN t.typcategory = 'A' THEN et.typtype ELSE t.typtype END::text) ORDER BY oa.ord)
             FROM (SELECT p.proargnames[o] AS name, p.proallargtypes[o] AS typ, o AS ord
                   FROM generate_series(1, coalesce(array_length(p.proallargtypes, 1), 0)) o
                   WHERE p.proargmodes[o] IN ('t', 'o')) oa
             JOIN pg_type t ON t.oid = oa.typ
             JOIN pg_namespace tn ON tn.oid = t.typnamespace
             LEFT JOIN pg_type et ON et.oid = t.typelem AND t.typcategory = 'A'
             LEFT JOIN pg_namespace etn ON etn.oid = et.typnamespace
           ), '[]')
         ) AS fn
  FROM pg_proc p
  JOIN pg_namespace n ON n.oid = p.pronamespace
  JOIN pg_type rt ON rt.oid = p.prorettype
  JOIN pg_namespace rtn ON rtn.oid = rt.typnamespace
  LEFT JOIN pg_type ret ON ret.oid = rt.typelem AND rt.typcategory = 'A'
  LEFT JOIN pg_class rtc ON rtc.oid = rt.typrelid
  WHERE n.nspname = $1 AND p.prokind = 'f'
    AND rt.typname NOT IN ('trigger', 'event_trigger')
    AND NOT EXISTS (SELECT FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
)
SELECT jsonb_build_object(
  'relations', coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'name', r.relname, 'kind', r.relkind::text, 'updatable', r.updatable,
      'columns', coalesce((SELECT jsonb_agg(c.col ORDER BY c.attnum) FROM cols c WHERE c.attrelid = r.oid), '[]'),
      'fks', coalesce((SELECT jsonb_agg(f.fk ORDER BY f.conname) FROM fks f WHERE f.conrelid = r.oid), '[]')
    ) ORDER BY r.relname) FROM rels r), '[]'),
  'functions', coalesce((SELECT jsonb_agg(f.fn ORDER BY f.proname, f.oid) FROM funcs f), '[]'),
  'enums', coalesce((
    SELECT jsonb_agg(jsonb_build_object('name', t.typname,
      'values', (SELECT jsonb_agg(e.enumlabel ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = t.oid)) ORDER BY t.typname)
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
    WHERE n.nspname = $1 AND t.typtype = 'e'), '[]'),
  'composites', coalesce((
    SELECT jsonb_agg(jsonb_build_object('name', t.typname,
      'columns', coalesce((SELECT jsonb_agg(c.col ORDER BY c.attnum) FROM cols c WHERE c.attrelid = t.typrelid), '[]')) ORDER BY t.typname)
    FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace JOIN pg_class c ON c.oid = t.typrelid
    WHERE n.nspname = $1 AND t.typtype = 'c' AND c.relkind = 'c'), '[]')
)
