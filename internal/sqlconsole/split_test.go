package sqlconsole_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"

	"daybase/internal/sqlconsole"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name string
		sql  string
		want []sqlconsole.Statement
	}{
		{"one without semicolon", "select 1", []sqlconsole.Statement{{"select 1", 0}}},
		{"two, white space kept out", "  select 1;\n\tselect 2 ;  ", []sqlconsole.Statement{{"select 1", 2}, {"select 2", 13}}},
		{"empty pieces dropped", ";; select 1;;", []sqlconsole.Statement{{"select 1", 3}}},
		{"comment-only pieces dropped", "select 1; -- done\n/* nothing */;", []sqlconsole.Statement{{"select 1", 0}}},
		{"leading comment kept", "-- count\nselect 1", []sqlconsole.Statement{{"-- count\nselect 1", 0}}},
		{"semicolon in a literal", "select ';' ; select 'it''s;'", []sqlconsole.Statement{{"select ';'", 0}, {"select 'it''s;'", 13}}},
		{"E'' escapes", `select E'a\';b'; select 2`, []sqlconsole.Statement{{`select E'a\';b'`, 0}, {"select 2", 17}}},
		{"backslash in a standard literal", `select 'a\'; select 2`, []sqlconsole.Statement{{`select 'a\'`, 0}, {"select 2", 13}}},
		{"quoted identifier", `select 1 as "a;b"; select 2`, []sqlconsole.Statement{{`select 1 as "a;b"`, 0}, {"select 2", 19}}},
		{"nested block comment", "select /* a /* ; */ ; */ 1; select 2", []sqlconsole.Statement{{"select /* a /* ; */ ; */ 1", 0}, {"select 2", 28}}},
		{"dollar-quoted body", "create function f() returns int as $$ select 1; $$ language sql; select f()",
			[]sqlconsole.Statement{{"create function f() returns int as $$ select 1; $$ language sql", 0}, {"select f()", 65}}},
		{"tagged dollar quote with $$ inside", "do $b$ begin perform $$;$$; end $b$; select 2",
			[]sqlconsole.Statement{{"do $b$ begin perform $$;$$; end $b$", 0}, {"select 2", 37}}},
		{"parameter is not a quote", "select $1; select 2", []sqlconsole.Statement{{"select $1", 0}, {"select 2", 11}}},
		{"dollar inside an identifier", "select a$b$c; select 2", []sqlconsole.Statement{{"select a$b$c", 0}, {"select 2", 14}}},
		{"unterminated literal is one piece", "select 'abc; select 2", []sqlconsole.Statement{{"select 'abc; select 2", 0}}},
		{"multibyte text", "select 'é;ü'; select 'ß'", []sqlconsole.Statement{{"select 'é;ü'", 0}, {"select 'ß'", 16}}},
		{"nothing", "  -- just a comment\n", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := sqlconsole.Split(tt.sql)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Split(%q) mismatch (-want +got):\n%s", tt.sql, diff)
			}
		})
	}
}

// FuzzSplit: never panics, every piece is where it says, in order, and
// non-empty; pieces never overlap.
func FuzzSplit(f *testing.F) {
	for _, seed := range []string{
		// quotes and escapes
		"select 'a''b'; select E'\\'';", `select "x""y";`, "select U&'d\\0061t';",
		// comments, nested and unterminated
		"/* /* */ */ select 1;", "select 1 /* ;", "-- ;\nselect 1",
		// dollar quotes: tags, parameters, identifiers, unterminated
		"$$;$$;", "$a$ $b$ ; $a$;", "select $1, $2;", "select x$y;", "$tag$ never closed",
		// multibyte and odd bytes
		"select 'ü';\xff;", ";;;", "",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		last := 0
		for _, s := range sqlconsole.Split(sql) {
			if s.Text == "" || s.Offset < last || s.Offset+len(s.Text) > len(sql) || sql[s.Offset:s.Offset+len(s.Text)] != s.Text {
				t.Fatalf("Split(%q): bad piece %+v after %d", sql, s, last)
			}
			if strings.Trim(s.Text, " \t\n\r\f\v") != s.Text {
				t.Fatalf("Split(%q): untrimmed piece %q", sql, s.Text)
			}
			last = s.Offset + len(s.Text)
		}
		_ = sqlconsole.Complete(sql)
		_ = utf8.ValidString(sql)
	})
}
