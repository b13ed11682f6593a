package sqlconsole

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

// The console's backslash commands. describe_* are templates: the console
// speaks the simple protocol, without binds, and fills %s with the
// relation's name as a quoted literal.
var (
	listTablesSQL       = query("list_tables")
	listRelationsSQL    = query("list_relations")
	describeColumnsSQL  = query("describe_columns")
	describePoliciesSQL = query("describe_policies")
)
