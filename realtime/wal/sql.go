package wal

import (
	"embed"
	"strings"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// The replication connection speaks the simple query protocol, without
// parameters: these are templates whose %s the callers fill with a slot
// name checked against slotName or a value escaped as a literal.
// create_slot and start_replication are replication commands, whose
// grammar takes no comments; they are trimmed of their final newline.
var (
	slotStateSQL        = query("slot_state")
	createSlotSQL       = strings.TrimSpace(query("create_slot"))
	currentLSNSQL       = query("current_lsn")
	dropSlotSQL         = query("drop_slot")
	startReplicationSQL = strings.TrimSpace(query("start_replication"))
)
