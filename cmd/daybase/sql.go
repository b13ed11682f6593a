package main

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// query returns the statement in sql/<name>.sql.
var query = sqlfile.Loader(sqlFiles)

var (
	setAuthenticatorPasswordSQL = query("set_authenticator_password")
	walLevelSQL                 = query("wal_level")
)
