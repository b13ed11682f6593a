package schema_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/url"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/pgtest"
	"daybase/schema"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// emptyDB creates a database without any migration and returns its URL.
func emptyDB(t *testing.T) string {
	t.Helper()
	db := pgtest.New(t)
	name := db.Name + "_empty"
	if _, err := db.Pool.Exec(context.Background(), "CREATE DATABASE "+name+" TEMPLATE template0"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		db.Pool.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)")
	})
	u, _ := url.Parse(db.URL)
	u.Path = "/" + name
	return u.String()
}

func connect(t *testing.T, dbURL string) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(context.Background(), dbURL)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

func set(t *testing.T, files map[string]string) []schema.Migration {
	t.Helper()
	fsys := fstest.MapFS{}
	for name, sql := range files {
		fsys["m/"+name] = &fstest.MapFile{Data: []byte(sql)}
	}
	ms, err := schema.Load(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestEmbeddedMigrationsApplyOnce(t *testing.T) {
	ctx := context.Background()
	conn := connect(t, emptyDB(t))
	ms, err := schema.Migrations()
	if err != nil {
		t.Fatal(err)
	}
	var progress []string
	n, err := schema.Migrate(ctx, conn, quiet, func(done, total int, m schema.Migration, _ time.Duration) {
		progress = append(progress, m.Version)
	})
	if err != nil {
		t.Fatal(err)
	}
	if n != len(ms) || len(progress) != len(ms) {
		t.Fatalf("applied %d with %d progress calls, want %d", n, len(progress), len(ms))
	}
	if again, err := schema.Migrate(ctx, conn, quiet, nil); err != nil || again != 0 {
		t.Fatalf("second run applied %d (err %v), want 0", again, err)
	}
}

func TestChangedMigrationIsRefused(t *testing.T) {
	ctx := context.Background()
	conn := connect(t, emptyDB(t))
	if _, err := schema.Apply(ctx, conn, set(t, map[string]string{"0001_a.sql": "CREATE TABLE a (id int);"}), quiet, nil); err != nil {
		t.Fatal(err)
	}
	_, err := schema.Apply(ctx, conn, set(t, map[string]string{"0001_a.sql": "CREATE TABLE a (id bigint);"}), quiet, nil)
	if !errors.Is(err, schema.ErrChecksum) {
		t.Fatalf("err = %v, want ErrChecksum", err)
	}
}

func TestFailedMigrationRollsBackAndStops(t *testing.T) {
	ctx := context.Background()
	conn := connect(t, emptyDB(t))
	ms := set(t, map[string]string{
		"0001_ok.sql":     "CREATE TABLE ok (id int);",
		"0002_broken.sql": "CREATE TABLE half (id int); SELECT no_such_function();",
		"0003_later.sql":  "CREATE TABLE later (id int);",
	})
	n, err := schema.Apply(ctx, conn, ms, quiet, nil)
	if err == nil || n != 1 {
		t.Fatalf("applied %d, err %v; want 1 and an error", n, err)
	}
	var half, later bool
	conn.QueryRow(ctx, "SELECT to_regclass('half') IS NOT NULL, to_regclass('later') IS NOT NULL").Scan(&half, &later)
	if half || later {
		t.Fatalf("partial migration left behind: half=%v later=%v", half, later)
	}
}

func TestConcurrentMigratorsApplyEachFileOnce(t *testing.T) {
	ctx := context.Background()
	dbURL := emptyDB(t)
	// A non-idempotent migration: a second application would fail.
	ms := set(t, map[string]string{"0001_t.sql": "CREATE TABLE t (id int); INSERT INTO t VALUES (1);"})
	var wg sync.WaitGroup
	results := make([]int, 4)
	errs := make([]error, 4)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, err := pgx.Connect(ctx, dbURL)
			if err != nil {
				errs[i] = err
				return
			}
			defer c.Close(ctx)
			results[i], errs[i] = schema.Apply(ctx, c, ms, quiet, nil)
		}()
	}
	wg.Wait()
	total := 0
	for i := range results {
		if errs[i] != nil {
			t.Fatalf("migrator %d: %v", i, errs[i])
		}
		total += results[i]
	}
	if total != 1 {
		t.Fatalf("file applied %d times, want 1", total)
	}
}
