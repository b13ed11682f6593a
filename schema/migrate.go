// Package schema holds the database schema as numbered SQL migrations
// (migrations/NNNN_what_changes.sql, embedded in the binary) and the
// migrator that applies them.
//
// Each file runs in its own transaction and is recorded with its SHA-256 in
// daybase.schema_migrations. The whole run holds a PostgreSQL advisory lock,
// so instances starting together apply each file exactly once. A file that
// changed after it was applied stops the run: add a new migration instead.
package schema

import (
	"context"
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

//go:embed migrations/*.sql
var files embed.FS

// ErrChecksum means an applied migration file was edited afterwards.
var ErrChecksum = errors.New("applied migration changed")

// advisoryLockKey is an arbitrary constant shared by all daybase instances.
const advisoryLockKey = 7_432_001

// Migration is one SQL file.
type Migration struct {
	Version  string // file name without .sql, e.g. 0001_roles
	SQL      string
	Checksum string
}

// Migrations returns the embedded migrations in order.
func Migrations() ([]Migration, error) {
	return Load(files, "migrations")
}

// Load reads the .sql files of dir in fsys, ordered by name.
func Load(fsys fs.FS, dir string) ([]Migration, error) {
	entries, err := fs.ReadDir(fsys, dir)
	if err != nil {
		return nil, fmt.Errorf("read migrations: %w", err)
	}
	var ms []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		b, err := fs.ReadFile(fsys, dir+"/"+e.Name())
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(b)
		ms = append(ms, Migration{
			Version:  strings.TrimSuffix(e.Name(), ".sql"),
			SQL:      string(b),
			Checksum: hex.EncodeToString(sum[:]),
		})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].Version < ms[j].Version })
	return ms, nil
}

// Fingerprint identifies the whole set of migrations (test templates are
// named after it, so a changed file builds a fresh template).
func Fingerprint() (string, error) {
	ms, err := Migrations()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	for _, m := range ms {
		h.Write([]byte(m.Version + m.Checksum))
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// Progress receives one call per migration applied (for CLI progress).
type Progress func(done, total int, m Migration, took time.Duration)

// Migrate applies every pending migration on conn, which must belong to a
// role that may create roles, schemas and event triggers.
func Migrate(ctx context.Context, conn *pgx.Conn, log *slog.Logger, progress Progress) (applied int, err error) {
	ms, err := Migrations()
	if err != nil {
		return 0, err
	}
	return Apply(ctx, conn, ms, log, progress)
}

// Apply applies the pending ones of ms; Migrate calls it with the embedded set.
func Apply(ctx context.Context, conn *pgx.Conn, ms []Migration, log *slog.Logger, progress Progress) (applied int, err error) {
	if _, err := conn.Exec(ctx, stmt.Lock, advisoryLockKey); err != nil {
		return 0, fmt.Errorf("take migration lock: %w", err)
	}
	defer conn.Exec(context.WithoutCancel(ctx), stmt.Unlock, advisoryLockKey)

	if _, err := conn.Exec(ctx, stmt.MigrationsTable); err != nil {
		return 0, fmt.Errorf("create migrations table: %w", err)
	}
	done := map[string]string{}
	rows, _ := conn.Query(ctx, stmt.Applied)
	var v, sum string
	if _, err := pgx.ForEachRow(rows, []any{&v, &sum}, func() error { done[v] = sum; return nil }); err != nil {
		return 0, fmt.Errorf("read applied migrations: %w", err)
	}
	var pending []Migration
	for _, m := range ms {
		prev, ok := done[m.Version]
		switch {
		case !ok:
			pending = append(pending, m)
		case prev != m.Checksum:
			return 0, fmt.Errorf("%w: schema/migrations/%s.sql was edited after it was applied (recorded %s…, now %s…); restore the original file and put the change in a new migration", ErrChecksum, m.Version, prev[:12], m.Checksum[:12])
		}
	}
	for i, m := range pending {
		start := time.Now()
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, m.SQL); err != nil {
				return err
			}
			_, err := tx.Exec(ctx, stmt.Record, m.Version, m.Checksum)
			return err
		})
		if err != nil {
			return i, fmt.Errorf("migration %s: %w", m.Version, err)
		}
		took := time.Since(start)
		log.Debug("migration applied", "version", m.Version, "duration", took.Round(time.Millisecond))
		if progress != nil {
			progress(i+1, len(pending), m, took)
		}
	}
	return len(pending), nil
}
