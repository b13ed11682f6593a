package schema

import (
	"embed"

	"daybase/internal/sqlfile"
)

// sqlFiles are the migrator's own statements (the migrations are files).
//
//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

var (
	lockSQL            = query("lock")
	unlockSQL          = query("unlock")
	migrationsTableSQL = query("migrations_table")
	appliedSQL         = query("applied")
	recordSQL          = query("record")
)
