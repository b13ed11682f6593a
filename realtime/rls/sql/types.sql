SELECT oid, typname, typtype::text, typcategory::text, typelem, typbasetype, typdelim::text
FROM pg_catalog.pg_type WHERE oid = ANY ($1)
