// Package pgtest gives each test its own migrated PostgreSQL database,
// cloned from a template in tens of milliseconds.
//
// One cluster serves the whole test run. When DAYBASE_TEST_PGURL is set
// (the Taskfile starts a cluster with cmd/withpg and sets it), every test
// binary shares that cluster; otherwise the first test of a binary starts a
// private cluster from the system's binaries in a temporary directory.
// The template database is named after a hash of the migrations and built
// once per cluster under an advisory lock, so packages running in parallel
// never migrate twice.
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
//	func TestSomething(t *testing.T) {
//		db := pgtest.New(t)
//		db.Pool.Exec(ctx, "...")
//	}
//
// A failed test keeps its database and logs how to connect to it.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"io"
	"log/slog"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgcluster"
	"daybase/internal/pgident"
	"daybase/schema"
)

// EnvURL names the variable with the shared cluster's superuser URL.
const EnvURL = "DAYBASE_TEST_PGURL"

// AuthenticatorPassword is the password the harness gives the
// authenticator role, so tests can log in the way the gateway does.
const AuthenticatorPassword = "daybase-test-authenticator"

var (
	once     sync.Once
	adminURL string // superuser URL of the maintenance database
	template string
	setupErr error
	private  *privateCluster
)

type privateCluster struct {
	cluster *pgcluster.Cluster
	dir     string
}

// Main runs the tests and stops a private cluster afterwards.
func Main(m *testing.M) {
	code := m.Run()
	if private != nil {
		private.cluster.Stop()
		os.RemoveAll(private.dir)
	}
	os.Exit(code)
}

// StartCluster starts a throw-away cluster in dir and returns its superuser
// URL; cmd/withpg and Main use it.
func StartCluster(ctx context.Context, dir string, log *slog.Logger) (*pgcluster.Cluster, error) {
	c, err := pgcluster.Open(pgcluster.Options{
		Dir:         dir + "/pg",
		ExtraConfig: []string{"max_connections = 400", "log_min_messages = fatal"},
	}, log)
	if err != nil {
		return nil, err
	}
	if err := c.Start(ctx); err != nil {
		return nil, err
	}
	return c, nil
}

func setup() {
	ctx := context.Background()
	adminURL = os.Getenv(EnvURL)
	if adminURL == "" {
		dir, err := os.MkdirTemp("", "daybase-pgtest-")
		if err != nil {
			setupErr = err
			return
		}
		c, err := StartCluster(ctx, dir, slog.New(slog.NewTextHandler(io.Discard, nil)))
		if err != nil {
			setupErr = fmt.Errorf("start test cluster: %w", err)
			return
		}
		private = &privateCluster{cluster: c, dir: dir}
		adminURL = c.URL(pgcluster.Superuser, "postgres")
	}
	template, setupErr = ensureTemplate(ctx)
}

// ensureTemplate builds the migrated template database once per cluster.
func ensureTemplate(ctx context.Context) (string, error) {
	fp, err := schema.Fingerprint()
	if err != nil {
		return "", err
	}
	name := "daybase_tpl_" + fp
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		return "", fmt.Errorf("connect to test cluster: %w", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock(7432002)"); err != nil {
		return "", err
	}
	defer conn.Exec(ctx, "SELECT pg_advisory_unlock(7432002)")
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_database WHERE datname = $1)", name).Scan(&exists); err != nil {
		return "", err
	}
	if exists {
		return name, nil
	}
	building := name + "_building"
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+building+" WITH (FORCE)"); err != nil {
		return "", err
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+building); err != nil {
		return "", err
	}
	tconn, err := pgx.Connect(ctx, withDatabase(adminURL, building))
	if err != nil {
		return "", err
	}
	_, err = schema.Migrate(ctx, tconn, slog.New(slog.NewTextHandler(io.Discard, nil)), nil)
	if err == nil {
		_, err = tconn.Exec(ctx, "ALTER ROLE authenticator PASSWORD '"+AuthenticatorPassword+"'")
	}
	tconn.Close(ctx)
	if err != nil {
		return "", fmt.Errorf("migrate template: %w", err)
	}
	// Rename only when complete, so a crash never leaves a half-built template.
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+building+" RENAME TO "+name); err != nil {
		return "", err
	}
	_, err = conn.Exec(ctx, "ALTER DATABASE "+name+" IS_TEMPLATE true")
	return name, err
}

// DB is one test's database.
type DB struct {
	Name string
	// URL connects as the superuser.
	URL string
	// Pool is a superuser pool on the database, closed at cleanup.
	Pool *pgxpool.Pool
}

// URLAs returns a URL that logs in as role with password (empty for none).
func (db *DB) URLAs(role, password string) string {
	u, _ := url.Parse(db.URL)
	if password == "" {
		u.User = url.User(role)
	} else {
		u.User = url.UserPassword(role, password)
	}
	return u.String()
}

// AuthenticatorURL logs in as the gateway's role.
func (db *DB) AuthenticatorURL() string { return db.URLAs("authenticator", AuthenticatorPassword) }

// AuthenticatorPool is a pool that logs in as the gateway's role (what API
// requests use), closed at t's cleanup, before the database is dropped.
func (db *DB) AuthenticatorPool(t TB) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(context.Background(), db.AuthenticatorURL())
	if err != nil {
		t.Fatalf("pgtest: authenticator pool: %v", err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// TB is the part of testing.TB the harness uses.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
	Logf(format string, args ...any)
	Cleanup(func())
	Failed() bool
	Context() context.Context
}

// New clones the template into a fresh database for t.
func New(t TB) *DB {
	t.Helper()
	once.Do(setup)
	if setupErr != nil {
		t.Fatalf("pgtest: %v", setupErr)
	}
	ctx := context.Background()
	name := "t_" + randomHex(6)
	conn, err := pgx.Connect(ctx, adminURL)
	if err != nil {
		t.Fatalf("pgtest: connect: %v", err)
	}
	defer conn.Close(ctx)
	// The default WAL_LOG strategy: FILE_COPY writes less WAL but checkpoints
	// on every clone, twice as slow side by side (BenchmarkClone).
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE "+template); err != nil {
		t.Fatalf("pgtest: clone template: %v", err)
	}
	if err := copyDatabaseSettings(ctx, conn, template, name); err != nil {
		t.Fatalf("pgtest: %v", err)
	}
	db := &DB{Name: name, URL: withDatabase(adminURL, name)}
	pool, err := pgxpool.New(ctx, db.URL)
	if err != nil {
		t.Fatalf("pgtest: pool: %v", err)
	}
	db.Pool = pool
	t.Cleanup(func() {
		pool.Close()
		if t.Failed() {
			t.Logf("pgtest: keeping database %s for inspection: psql %q", name, db.URL)
			return
		}
		dctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		c, err := pgx.Connect(dctx, adminURL)
		if err != nil {
			t.Logf("pgtest: drop %s: %v", name, err)
			return
		}
		defer c.Close(dctx)
		if _, err := c.Exec(dctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Logf("pgtest: drop %s: %v (this usually means the test leaks connections)", name, err)
		}
	})
	return db
}

// copyDatabaseSettings gives the clone the template's ALTER DATABASE ... SET
// settings (0760's search_path), which CREATE DATABASE does not copy, so a
// test's database behaves like a migrated one. Each value goes through
// set_config and SET ... FROM CURRENT, which parses it exactly as the
// original ALTER DATABASE did (list settings such as search_path included).
func copyDatabaseSettings(ctx context.Context, conn *pgx.Conn, from, to string) error {
	rows, _ := conn.Query(ctx, `SELECT split_part(c, '=', 1), substr(c, strpos(c, '=') + 1)
		FROM pg_db_role_setting s JOIN pg_database d ON d.oid = s.setdatabase, unnest(s.setconfig) c
		WHERE d.datname = $1 AND s.setrole = 0`, from)
	var settings [][2]string
	var name, value string
	if _, err := pgx.ForEachRow(rows, []any{&name, &value}, func() error {
		settings = append(settings, [2]string{name, value})
		return nil
	}); err != nil {
		return fmt.Errorf("read settings of %s: %w", from, err)
	}
	for _, s := range settings {
		if _, err := conn.Exec(ctx, "SELECT set_config($1, $2, false)", s[0], s[1]); err != nil {
			return fmt.Errorf("copy setting %s to %s: %w", s[0], to, err)
		}
		if _, err := conn.Exec(ctx, "ALTER DATABASE "+pgident.Quote(to)+" SET "+pgident.Quote(s[0])+" FROM CURRENT"); err != nil {
			return fmt.Errorf("copy setting %s to %s: %w", s[0], to, err)
		}
	}
	return nil
}

func withDatabase(raw, db string) string {
	u, _ := url.Parse(raw)
	u.Path = "/" + db
	return u.String()
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}
