package reminders

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field LoadTask is sql/load_task.sql.
type statements struct {
	// LoadTask reads what planning needs, the recipient (the assignee, else
	// the owner) and the recipient's time zone; tx must bypass row-level
	// security. DeletePending, DeleteRequests and InsertReminders replace
	// a task's pending reminders.
	LoadTask, DeletePending, DeleteRequests, InsertReminders string
	// TimezoneSave and TaskVisible run as the caller: their own preference
	// row, and the task under row-level security.
	TimezoneSave, TaskVisible string
	// Claim takes up to $2 pending reminders due by $1. A row another
	// instance holds is skipped, not waited for. superseded: a later
	// reminder of the same task is also due already (only acted on for
	// late rows).
	Claim string
	// InsertNotifications writes one notifications row per reminder (the
	// table of spec 002 §3; realtime carries inserts to the app).
	InsertNotifications, Mark                string
	NotificationsExist, ClaimRequests, Prune string
}

var stmt = sqlfile.Load[statements](sqlFiles)
