package realtime

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the files of sql/, one field each (sqlfile.Load).
type statements struct {
	RoleAllowed string
	SlotReady   string
}

var stmt = sqlfile.Load[statements](sqlFiles)
