INSERT INTO daybase.schema_migrations (version, checksum) VALUES ($1, $2)
