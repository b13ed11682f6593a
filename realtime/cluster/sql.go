package cluster

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	SpilledPayload, PruneSpill, Notify, TryLock string
}

var stmt = sqlfile.Load[statements](sqlFiles)
