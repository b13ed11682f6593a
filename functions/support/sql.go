package support

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// The statements of a support request, in the order it runs them.
var (
	requestLockSQL      = query("request_lock")
	requestsLastHourSQL = query("requests_last_hour")
	secondsUntilSlotSQL = query("seconds_until_slot")
	requestInsertSQL    = query("request_insert")
	accountEmailSQL     = query("account_email")
	requestMailedSQL    = query("request_mailed")
)
