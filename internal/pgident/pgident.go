// Package pgident quotes PostgreSQL identifiers. It is the one place SQL
// text built in Go turns a name into an identifier, so every service
// quotes the same way.
package pgident

import "strings"

// Quote returns name as a quoted identifier: "name" with embedded quotes
// doubled, so any name (mixed case, spaces, keywords, quotes) is taken
// literally.
func Quote(name string) string {
	return `"` + strings.ReplaceAll(name, `"`, `""`) + `"`
}

// Qual quotes schema.name.
func Qual(schema, name string) string { return Quote(schema) + "." + Quote(name) }
