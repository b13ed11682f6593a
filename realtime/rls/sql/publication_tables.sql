SELECT schemaname, tablename FROM pg_catalog.pg_publication_tables WHERE pubname = $1
