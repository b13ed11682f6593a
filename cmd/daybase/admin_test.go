package main

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// TestAdminCommand runs `daybase admin` in-process against a migrated
// database given as DAYBASE_DATABASE_URL, as an operator would.
func TestAdminCommand(t *testing.T) {
	db := pgtest.New(t)
	t.Setenv("DAYBASE_DATA_DIR", t.TempDir())
	t.Setenv("DAYBASE_DATABASE_URL", db.URL)
	t.Setenv("DAYBASE_LOG_LEVEL", "warn")
	ctx := context.Background()
	var ada string
	if err := db.Pool.QueryRow(ctx, `INSERT INTO auth.users (email) VALUES ('ada@example.test') RETURNING id::text`).Scan(&ada); err != nil {
		t.Fatal(err)
	}
	daybase := func(args ...string) (code int, stdout, stderr string) {
		var out, errOut bytes.Buffer
		code = run(args, nil, &out, &errOut)
		return code, out.String(), errOut.String()
	}
	appMetadata := func() string {
		var s string
		db.Pool.QueryRow(ctx, `SELECT raw_app_meta_data::text FROM auth.users WHERE id = $1`, ada).Scan(&s)
		return s
	}

	if code, out, _ := daybase("admin", "list"); code != 0 || !strings.Contains(out, "No admins yet") {
		t.Errorf("empty list: %d %q", code, out)
	}
	code, _, stderr := daybase("admin", "grant", "nobody@example.test")
	if code != 1 || !strings.Contains(stderr, "no account has the e-mail nobody@example.test: the person signs up first") {
		t.Errorf("grant to a missing account: %d %q", code, stderr)
	}
	code, out, stderr := daybase("admin", "grant", "Ada@Example.test")
	if code != 0 || !strings.Contains(out, "ada@example.test is an admin (user "+ada+")") || !strings.Contains(out, "/app/admin/sql") {
		t.Fatalf("grant: %d %q %q", code, out, stderr)
	}
	if got := appMetadata(); got != `{"daybase_admin": true}` {
		t.Errorf("app_metadata after grant = %s", got)
	}
	code, out, _ = daybase("admin", "list")
	if code != 0 || !strings.Contains(out, "ada@example.test") || !strings.Contains(out, "never") {
		t.Errorf("list: %d %q", code, out)
	}
	code, out, _ = daybase("admin", "list", "--json")
	var list []map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list) != 1 || list[0]["id"] != ada || list[0]["last_sign_in_at"] != nil {
		t.Errorf("list --json: %d %q", code, out)
	}
	// Flags may come before the e-mail.
	code, out, _ = daybase("admin", "revoke", "-log-level", "error", "ada@example.test")
	if code != 0 || !strings.Contains(out, "no longer an admin") {
		t.Errorf("revoke: %d %q", code, out)
	}
	if got := appMetadata(); got != `{}` {
		t.Errorf("app_metadata after revoke = %s", got)
	}
	if code, out, _ := daybase("admin", "revoke", "ada@example.test"); code != 0 || !strings.Contains(out, "was not an admin") {
		t.Errorf("second revoke: %d %q", code, out)
	}

	for _, args := range [][]string{{"admin"}, {"admin", "promote", "x@example.test"}, {"admin", "grant"}, {"admin", "list", "extra"}} {
		if code, _, stderr := daybase(args...); code != 2 || !strings.Contains(stderr, "daybase admin") {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
}
