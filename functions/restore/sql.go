package restore

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// countLiveRowsSQL is a template: %s is a table of ownedKinds, quoted by
// pgident.
var (
	insertProjectSQL       = query("insert_project")
	insertNamedProjectSQL  = query("insert_named_project")
	insertNoteFolderSQL    = query("insert_note_folder")
	insertJournalFolderSQL = query("insert_journal_folder")
	insertTaskSQL          = query("insert_task")
	insertNoteSQL          = query("insert_note")
	insertJournalEntrySQL  = query("insert_journal_entry")
	countLiveRowsSQL       = query("count_live_rows")
)
