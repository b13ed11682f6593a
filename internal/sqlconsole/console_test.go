package sqlconsole_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"daybase/internal/pgtest"
	"daybase/internal/sqlconsole"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestComplete(t *testing.T) {
	tests := []struct {
		sql  string
		want bool
	}{
		{"select 1;", true},
		{"select 1", false},
		{"select 1; ", true},
		{"select ';'", false},
		{"select ';';", true},
		{"select 1 -- done;", false},
		{"select 1; -- trailing comment", true},
		{"create function f() returns int as $$ select 1; $$", false},
		{"create function f() returns int as $$ select 1; $$ language sql;", true},
		{"create function f() returns int as $body$ select 1; $body$ language sql;", true},
		{"select $1;", true},
		{"/* ; */ select 1", false},
		{`select "a;b"`, false},
	}
	for _, tt := range tests {
		if got := sqlconsole.Complete(tt.sql); got != tt.want {
			t.Errorf("Complete(%q) = %v, want %v", tt.sql, got, tt.want)
		}
	}
}

func console(t *testing.T) (*sqlconsole.Console, *bytes.Buffer, *bytes.Buffer) {
	db := pgtest.New(t)
	conn, err := pgconn.Connect(context.Background(), db.URL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close(context.Background()) })
	var out, errOut bytes.Buffer
	return sqlconsole.New(conn, &out, &errOut), &out, &errOut
}

func TestScriptPrintsAlignedTables(t *testing.T) {
	c, out, _ := console(t)
	err := c.Script(context.Background(), "CREATE TABLE t (id int, name text); INSERT INTO t VALUES (1, 'a'), (22, NULL); SELECT * FROM t ORDER BY id;")
	if err != nil {
		t.Fatal(err)
	}
	want := "CREATE TABLE\nINSERT 0 2\n id | name\n----+------\n 1  | a\n 22 | NULL\n(2 rows)\n"
	if out.String() != want {
		t.Fatalf("got:\n%s\nwant:\n%s", out, want)
	}
}

func TestErrorsCarrySQLSTATE(t *testing.T) {
	c, _, errOut := console(t)
	if err := c.Script(context.Background(), "SELECT * FROM nope;"); err == nil {
		t.Fatal("no error")
	}
	if !strings.Contains(errOut.String(), `relation "nope" does not exist (SQLSTATE 42P01)`) {
		t.Fatalf("stderr: %s", errOut)
	}
}

func TestInteractiveMultiLineAndMetaCommands(t *testing.T) {
	c, out, _ := console(t)
	// console_scratch: a name no migration uses (the app's schema has a
	// notes table of its own since spec 002).
	in := strings.NewReader("CREATE TABLE console_scratch (id int PRIMARY KEY,\n  body text);\n\\d console_scratch\n\\dt\nSELECT 1\n + 1 AS two;\n\\q\n")
	if err := c.Interactive(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"CREATE TABLE", `Table "console_scratch"`, " body   | text", "| console_scratch ", " two\n-----\n 2\n(1 row)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}
