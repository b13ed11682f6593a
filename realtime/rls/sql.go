package rls

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the package's SQL: field TableOid is sql/table_oid.sql.
type statements struct {
	TableOid, SetRole, Table, Columns, Types, PublicationTables string
	RoleExists, Privileges, SelectPolicies, InsertPolicies      string
}

var stmt = sqlfile.Load[statements](sqlFiles)
