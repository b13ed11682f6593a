package schema

import (
	"embed"

	"daybase/internal/sqlfile"
)

// sqlFiles are the migrator's own statements (the migrations are files).
//
//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	Lock, Unlock, MigrationsTable, Applied, Record string
}

var stmt = sqlfile.Load[statements](sqlFiles)
