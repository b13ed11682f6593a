SELECT a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
  CASE WHEN a.attnotnull THEN 'not null' ELSE '' END AS nullable,
  coalesce(pg_get_expr(d.adbin, d.adrelid), '') AS default
FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
WHERE a.attrelid = to_regclass(%s) AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum
