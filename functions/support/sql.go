package support

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	RequestLock, RequestsLastHour, SecondsUntilSlot, RequestInsert string
	AccountEmail, RequestMailed                                    string
}

var stmt = sqlfile.Load[statements](sqlFiles)
