package wal

import (
	"embed"
	"strings"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field SlotState is sql/slot_state.sql.
// The replication connection speaks the simple query protocol, without
// parameters: these are templates whose %s the callers fill with a slot
// name checked against slotName or a value escaped as a literal.
// CreateSlot and StartReplication are replication commands, whose
// grammar takes no comments; they are trimmed of their final newline.
type statements struct {
	SlotState, CreateSlot, CurrentLSN, DropSlot, StartReplication string
}

var stmt = func() *statements {
	s := sqlfile.Load[statements](sqlFiles)
	s.CreateSlot = strings.TrimSpace(s.CreateSlot)
	s.StartReplication = strings.TrimSpace(s.StartReplication)
	return s
}()
