package export

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
// CountRows and ListRows are templates: the table, quoted by pgident
// (and ListRows' ORDER BY list, from parts).
type statements struct {
	CountRows, ListRows, Profile, TaskRows string
}

var stmt = sqlfile.Load[statements](sqlFiles)
