package export

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// count_rows and list_rows are templates: the table, quoted by pgident
// (and list_rows' ORDER BY list, from parts).
var (
	countRowsSQL = query("count_rows")
	listRowsSQL  = query("list_rows")
	profileSQL   = query("profile")
	taskRowsSQL  = query("task_rows")
)
