package schema_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"

	"daybase/internal/pgtest"
	"daybase/schema"
)

// TestHostedDefaults: SQL written for the hosted backend calls pgcrypto,
// uuid-ossp and pg_trgm without a schema (migration 0760). A new session
// on a migrated database — what `daybase sql` opens — finds them.
func TestHostedDefaults(t *testing.T) {
	ctx := context.Background()
	check := func(t *testing.T, conn *pgx.Conn) {
		t.Helper()
		var path string
		if err := conn.QueryRow(ctx, "SHOW search_path").Scan(&path); err != nil {
			t.Fatal(err)
		}
		if want := `"$user", public, extensions`; path != want {
			t.Errorf("search_path = %q, want %q", path, want)
		}
		var matches, isUUID bool
		var sim float32
		err := conn.QueryRow(ctx, `SELECT crypt('password123', h) = h, uuid_generate_v4()::text ~ '^[0-9a-f-]{36}$',
			similarity('daybase', 'daybase!')
			FROM (SELECT crypt('password123', gen_salt('bf')) AS h) s`).Scan(&matches, &isUUID, &sim)
		if err != nil {
			t.Fatalf("hosted-style SQL without schema names: %v", err)
		}
		if !matches || !isUUID || sim <= 0.5 {
			t.Errorf("crypt matches %v, uuid %v, similarity %v", matches, isUUID, sim)
		}
		// The trigram operator class resolves too, for indexes a seed makes.
		if _, err := conn.Exec(ctx, "CREATE TEMP TABLE seed_t (body text); CREATE INDEX ON seed_t USING gin (body gin_trgm_ops)"); err != nil {
			t.Errorf("gin_trgm_ops: %v", err)
		}
	}

	t.Run("migrated", func(t *testing.T) {
		dbURL := emptyDB(t)
		conn := connect(t, dbURL)
		if _, err := schema.Migrate(ctx, conn, quiet, nil); err != nil {
			t.Fatal(err)
		}
		check(t, connect(t, dbURL))
	})
	// The test harness's clones carry the database's settings, so every
	// package's tests see what production sees.
	t.Run("test clone", func(t *testing.T) {
		check(t, connect(t, pgtest.New(t).URL))
	})
}
