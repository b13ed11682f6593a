CREATE SCHEMA IF NOT EXISTS daybase;
CREATE TABLE IF NOT EXISTS daybase.schema_migrations (
    version    text PRIMARY KEY,
    checksum   text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
)
