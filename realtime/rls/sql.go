package rls

import "embed"

//go:embed sql/*.sql
var queries embed.FS

// query returns the statement in sql/<name>.sql.
func query(name string) string {
	b, err := queries.ReadFile("sql/" + name + ".sql")
	if err != nil {
		panic(err) // embedded at build time
	}
	return string(b)
}
