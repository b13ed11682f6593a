package sqlconsole

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
// The console's backslash commands. Describe* are templates: the console
// speaks the simple protocol, without binds, and fills %s with the
// relation's name as a quoted literal.
type statements struct {
	ListTables, ListRelations, DescribeColumns, DescribePolicies string
}

var stmt = sqlfile.Load[statements](sqlFiles)
