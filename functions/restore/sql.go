package restore

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	InsertProject, InsertNamedProject, InsertNoteFolder string
	InsertJournalFolder, InsertTask, InsertNote         string
	InsertJournalEntry, CountLiveRows                   string
}

var stmt = sqlfile.Load[statements](sqlFiles)
