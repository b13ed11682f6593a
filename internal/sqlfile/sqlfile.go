// Package sqlfile reads SQL statements kept beside their package, one
// statement a file, the house style for SQL in Go packages:
//
//	//go:embed sql/*.sql
//	var sqlFiles embed.FS
//
//	type statements struct{ Claim, Release string } // sql/claim.sql, …
//
//	var stmt = sqlfile.Load[statements](sqlFiles)
package sqlfile

import (
	"fmt"
	"io/fs"
)

// reader returns a function that reads sql/<name>.sql from fsys. A
// missing file panics: the files are embedded at build time, so the
// panic happens when the package initialises, in every test.
func reader(fsys fs.FS) func(name string) string {
	return func(name string) string {
		b, err := fs.ReadFile(fsys, "sql/"+name+".sql")
		if err != nil {
			panic(fmt.Sprintf("sqlfile: %v", err))
		}
		return string(b)
	}
}
