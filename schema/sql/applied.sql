SELECT version, checksum FROM daybase.schema_migrations
