package metrics

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field DBState is sql/db_state.sql.
type statements struct{ DBState string }

var stmt = sqlfile.Load[statements](sqlFiles)
