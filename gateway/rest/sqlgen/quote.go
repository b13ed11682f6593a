package sqlgen

import "strings"

// Literal quotes a string constant the way PostgREST's pgFmtLit does: an
// E” string with backslashes doubled when there are any, so it reads the
// same whatever standard_conforming_strings says. Only names (JSON keys of
// a select path, column names of the schema cache) are rendered this way;
// request values are always bind parameters.
func Literal(s string) string {
	q := strings.ReplaceAll(s, "'", "''")
	if strings.Contains(q, `\`) {
		return `E'` + strings.ReplaceAll(q, `\`, `\\`) + `'`
	}
	return "'" + q + "'"
}

// ArrayLiteral renders values as a PostgreSQL array literal, each element
// double-quoted with '"' and '\' escaped (PostgREST's pgBuildArrayLiteral):
// {"a","b,c"}. It is sent as a parameter, never spliced into SQL.
func ArrayLiteral(values []string) string {
	var b strings.Builder
	b.WriteByte('{')
	for i, v := range values {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('"')
		for _, r := range v {
			if r == '"' || r == '\\' {
				b.WriteByte('\\')
			}
			b.WriteRune(r)
		}
		b.WriteByte('"')
	}
	b.WriteByte('}')
	return b.String()
}
