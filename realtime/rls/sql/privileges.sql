SELECT pg_catalog.has_table_privilege($1, c.oid, $3),
       ARRAY(SELECT pg_catalog.has_column_privilege($1, c.oid, a.attnum, 'SELECT')
             FROM pg_catalog.pg_attribute a
             WHERE a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum),
       NOT c.relrowsecurity
       OR (SELECT r.rolsuper OR r.rolbypassrls FROM pg_catalog.pg_roles r WHERE r.rolname = $1)
       OR (NOT c.relforcerowsecurity AND pg_catalog.pg_has_role($1, c.relowner, 'USAGE'))
FROM pg_catalog.pg_class c WHERE c.oid = $2
