package main

import (
	"embed"

	"daybase/internal/sqlfile"
)

//go:embed sql/*.sql
var sqlFiles embed.FS

// statements are the files of sql/, one field each (sqlfile.Load).
type statements struct {
	SetAuthenticatorPassword string
	WalLevel                 string
}

var stmt = sqlfile.Load[statements](sqlFiles)
