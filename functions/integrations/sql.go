package integrations

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// The statements of the integration functions.
var (
	connectionConfigSQL  = query("connection_config")
	connectionSecretsSQL = query("connection_secrets")
	auditInsertSQL       = query("audit_insert")
	taskForIssueSQL      = query("task_for_issue")
)
