package cluster

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

var (
	spilledPayloadSQL = query("spilled_payload")
	pruneSpillSQL     = query("prune_spill")
	notifySQL         = query("notify")
	tryLockSQL        = query("try_lock")
)
