SELECT name FROM pg_catalog.pg_timezone_names
