package sqlfile

import (
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"unicode"
)

// Load returns a T whose string fields each hold a statement of fsys:
// field TableOid reads sql/table_oid.sql. A statement may paste another
// file, trimmed, where it says {{name}} (a shared column list or filter).
// A missing file panics, so a package that keeps
//
//	var stmt = sqlfile.Load[statements](sqlFiles)
//
// fails as it initialises, in every test, not on the request that needs it.
func Load[T any](fsys fs.FS) *T {
	var t T
	v := reflect.ValueOf(&t).Elem()
	read := Loader(fsys)
	for i := range v.NumField() {
		v.Field(i).SetString(paste(read, read(snake(v.Type().Field(i).Name))))
	}
	return &t
}

// paste replaces each {{name}} in sql with sql/<name>.sql, trimmed.
func paste(read func(string) string, sql string) string {
	for {
		a := strings.Index(sql, "{{")
		if a < 0 {
			return sql
		}
		b := a + strings.Index(sql[a:], "}}")
		if b < a {
			panic(fmt.Sprintf("sqlfile: unclosed {{ in %q", sql))
		}
		sql = sql[:a] + strings.TrimSpace(paste(read, read(sql[a+2:b]))) + sql[b+2:]
	}
}

// snake turns a field name into its file name: TableOid → table_oid.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
