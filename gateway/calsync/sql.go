package calsync

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
// A statement pastes the column lists and the collection filter it shares
// with others where it says {{name}}.
type statements struct {
	DatedTasks, Objects, ObjectsLocked, NamedObjects     string
	NamedObjectsLocked, Projects, KeepObject, InsertTask string
	UpdateTask, TrashTask                                string
}

var stmt = sqlfile.Load[statements](sqlFiles)
