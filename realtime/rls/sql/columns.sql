SELECT a.attname, a.atttypid, pg_catalog.format_type(a.atttypid, a.atttypmod),
       EXISTS (SELECT FROM pg_catalog.pg_index i
               WHERE i.indrelid = a.attrelid AND i.indisprimary AND a.attnum = ANY (i.indkey))
FROM pg_catalog.pg_attribute a
WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped
ORDER BY a.attnum
