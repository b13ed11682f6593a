package calsync

import (
	"embed"
	"strings"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// statement reads sql/<name>.sql and pastes in the files it names as
// {{name}}: the column lists Task and object scan, in their order, and the
// collection filter, which several statements share.
func statement(name string) string {
	sql := strings.TrimSpace(query(name))
	for {
		a := strings.Index(sql, "{{")
		if a < 0 {
			return sql
		}
		b := a + strings.Index(sql[a:], "}}")
		sql = sql[:a] + statement(sql[a+2:b]) + sql[b+2:]
	}
}

var (
	datedTasksSQL         = statement("dated_tasks")
	objectsSQL            = statement("objects")
	objectsLockedSQL      = statement("objects_locked")
	namedObjectsSQL       = statement("named_objects")
	namedObjectsLockedSQL = statement("named_objects_locked")
	projectsSQL           = statement("projects")
	keepObjectSQL         = statement("keep_object")
	insertTaskSQL         = statement("insert_task")
	updateTaskSQL         = statement("update_task")
	trashTaskSQL          = statement("trash_task")
)
