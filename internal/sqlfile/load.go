package sqlfile

import (
	"fmt"
	"io/fs"
	"reflect"
	"strings"
	"unicode"
)

// Load returns a T whose string fields each hold a statement of fsys:
// field TableOid reads sql/table_oid.sql, UserByID sql/user_by_id.sql,
// and a field tagged `sql:"name"` reads sql/name.sql (for a word such as
// WebAuthn that snake case would split). A statement may paste another
// file, trimmed, where it says {{name}} (a shared column list or filter).
// A missing file panics, so a package that keeps
//
//	var stmt = sqlfile.Load[statements](sqlFiles)
//
// fails as it initialises, in every test, not on the request that needs it.
func Load[T any](fsys fs.FS) *T {
	var t T
	v := reflect.ValueOf(&t).Elem()
	read := reader(fsys)
	for i := range v.NumField() {
		f := v.Type().Field(i)
		name := f.Tag.Get("sql")
		if name == "" {
			name = snake(f.Name)
		}
		v.Field(i).SetString(paste(read, read(name)))
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

// snake turns a field name into its file name: TableOid → table_oid,
// UserIDByEmail → user_id_by_email (a run of capitals is one word).
func snake(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, r := range rs {
		if unicode.IsUpper(r) {
			prevLower := i > 0 && !unicode.IsUpper(rs[i-1])
			endsRun := i > 0 && i+1 < len(rs) && unicode.IsUpper(rs[i-1]) && unicode.IsLower(rs[i+1])
			if prevLower || endsRun {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
