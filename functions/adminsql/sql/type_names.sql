-- Names of the result columns' types, as psql prints them.
SELECT oid::int8, format_type(oid, NULL) FROM pg_type WHERE oid = ANY($1::oid[])
