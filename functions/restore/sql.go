package restore

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
// CountLiveRows is a template: %s is a table of ownedKinds, quoted by
// pgident.
type statements struct {
	InsertProject, InsertNamedProject, InsertNoteFolder string
	InsertJournalFolder, InsertTask, InsertNote         string
	InsertJournalEntry, CountLiveRows                   string
}

var stmt = sqlfile.Load[statements](sqlFiles)
