package functions

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field AssertDataAccess is
// sql/assert_data_access.sql.
type statements struct{ AssertDataAccess string }

var stmt = sqlfile.Load[statements](sqlFiles)
