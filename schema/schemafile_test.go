package schema_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"daybase/internal/pgcluster"
	"daybase/internal/pgtest"
)

var update = flag.Bool("update", false, "rewrite schema.sql from the migrated database (go tool task gen:schema)")

// schemaFile is the current schema, so that the body of a function or view
// is one file to read rather than its last migration to find.
const schemaFile = "schema.sql"

// TestSchemaFileIsCurrent dumps the migrated database (schema only) and
// compares it with schema.sql; -update rewrites the file instead.
func TestSchemaFileIsCurrent(t *testing.T) {
	db := pgtest.New(t)
	got := dumpSchema(t, db.URL)
	if *update {
		if err := os.WriteFile(schemaFile, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(schemaFile)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("schema/%s is stale (the migrations changed it): run 'go tool task gen:schema' and commit it.\n%s",
			schemaFile, firstDifference(want, got))
	}
}

// volatile are the lines of pg_dump's output that change from run to run
// or machine to machine: version banners and the \restrict key.
var volatile = regexp.MustCompile(`(?m)^(-- Dumped (from database|by pg_dump) version .*|\\(un)?restrict .*)\n`)

// dumpSchema runs the pg_dump that sits beside the server binaries (its
// version matches the server's) with options that leave out what depends on
// the cluster rather than the migrations: owners and tablespaces.
func dumpSchema(t *testing.T, url string) []byte {
	t.Helper()
	bins, err := pgcluster.FindBinaries()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(context.Background(), filepath.Join(filepath.Dir(bins.Initdb), "pg_dump"),
		"--schema-only", "--no-owner", "--no-tablespaces", "--no-subscriptions", "--dbname", url)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("pg_dump: %v\n%s", err, stderr.String())
	}
	return append([]byte(header), volatile.ReplaceAll(out, nil)...)
}

const header = `-- The current schema, generated from schema/migrations by
-- 'go tool task gen:schema' (pg_dump --schema-only of the migrated
-- database). Do not edit: write a migration, then regenerate. The Go tests
-- (schema.TestSchemaFileIsCurrent) fail when this file is stale.
`

// firstDifference shows the first differing line of want and got, with
// its number, so a stale file says where to look.
func firstDifference(want, got []byte) string {
	wl, gl := bytes.Split(want, []byte("\n")), bytes.Split(got, []byte("\n"))
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g []byte
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if !bytes.Equal(w, g) {
			return "first difference at line " + strconv.Itoa(i+1) + ":\n- " + string(w) + "\n+ " + string(g)
		}
	}
	return ""
}
