package main

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/datadir"
	"daybase/internal/keys"
	"daybase/internal/pgcluster"
	"daybase/schema"
)

// database is the PostgreSQL a command works on: the embedded cluster of
// the data dir (started here, or already run by a serve process) or the
// external one of DAYBASE_DATABASE_URL.
type database struct {
	cluster  *pgcluster.Cluster // started by this process; nil otherwise
	lock     *datadir.Lock
	adminURL string // superuser-capable: migrations, schema cache, jobs
	apiURL   string // what request pools log in as (authenticator)
}

// openDatabase readies the database. shareRunning lets the command use an
// embedded cluster that a running serve process owns (for `daybase sql`);
// otherwise a second process on one data dir is refused.
func openDatabase(ctx context.Context, e *env, k keys.Keys, shareRunning bool) (*database, error) {
	if e.cfg.DatabaseURL != "" {
		if err := waitReachable(ctx, e, e.cfg.DatabaseURL); err != nil {
			return nil, err
		}
		return &database{adminURL: e.cfg.DatabaseURL, apiURL: e.cfg.DatabaseURL}, nil
	}
	dir := datadir.Dir(e.cfg.DataDir)
	lock, err := dir.TryLock()
	if errors.Is(err, datadir.ErrLocked) && shareRunning {
		c, oerr := pgcluster.Open(pgcluster.Options{Dir: dir.Cluster()}, e.log)
		if oerr != nil {
			return nil, oerr
		}
		return &database{adminURL: c.URL(pgcluster.Superuser, "postgres")}, nil
	}
	if err != nil {
		return nil, err
	}
	c, err := pgcluster.Open(pgcluster.Options{Dir: dir.Cluster(), Durable: true}, e.log)
	if err != nil {
		lock.Release()
		return nil, err
	}
	if err := c.Start(ctx); err != nil {
		lock.Release()
		return nil, err
	}
	db := &database{cluster: c, lock: lock, adminURL: c.URL(pgcluster.Superuser, "postgres")}
	u, _ := url.Parse(db.adminURL)
	u.User = url.UserPassword("authenticator", k.AuthenticatorPassword)
	db.apiURL = u.String()
	return db, nil
}

// openUpToDate opens the database for a command that works beside a running
// serve (which keeps it migrated) or without one: when this process owns
// the database (it started the embedded cluster, or the database is
// external), pending migrations are applied first.
func openUpToDate(ctx context.Context, e *env) (*database, error) {
	k, err := e.dataDirKeys()
	if err != nil {
		return nil, err
	}
	db, err := openDatabase(ctx, e, k, true)
	if err != nil {
		return nil, err
	}
	if db.cluster != nil || e.cfg.DatabaseURL != "" {
		if err := db.migrate(ctx, e, k); err != nil {
			db.close()
			return nil, err
		}
	}
	return db, nil
}

// close stops what openDatabase started.
func (db *database) close() {
	if db.cluster != nil {
		db.cluster.Stop()
	}
	db.lock.Release()
}

// migrate applies pending migrations and, on the embedded cluster, gives
// the authenticator role the data dir's password.
func (db *database) migrate(ctx context.Context, e *env, k keys.Keys) error {
	conn, err := pgx.Connect(ctx, db.adminURL)
	if err != nil {
		return fmt.Errorf("connect for migrations: %w", err)
	}
	defer conn.Close(ctx)
	start := time.Now()
	n, err := schema.Migrate(ctx, conn, e.log, func(done, total int, m schema.Migration, took time.Duration) {
		e.log.Info(fmt.Sprintf("migration %d/%d applied", done, total), "version", m.Version, "duration", took.Round(time.Millisecond))
	})
	if err != nil {
		return err
	}
	if n > 0 {
		e.log.Info("database schema up to date", "applied", n, "duration", time.Since(start).Round(time.Millisecond))
	}
	if db.cluster != nil {
		// The password lives in the data dir's secrets; ALTER ROLE cannot
		// take a bind parameter, so quote it as a literal.
		q := fmt.Sprintf(stmt.SetAuthenticatorPassword, "'"+strings.ReplaceAll(k.AuthenticatorPassword, "'", "''")+"'")
		if _, err := conn.Exec(ctx, q); err != nil {
			return fmt.Errorf("set authenticator password: %w", err)
		}
	}
	return nil
}

// waitReachable retries an external database with backoff until
// DatabaseConnectTimeout, then gives up with the last reason.
func waitReachable(ctx context.Context, e *env, dsn string) error {
	deadline := time.Now().Add(e.cfg.DatabaseConnectTimeout)
	delay := 250 * time.Millisecond
	for attempt := 1; ; attempt++ {
		cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		conn, err := pgx.Connect(cctx, dsn)
		cancel()
		if err == nil {
			var walLevel string
			qerr := conn.QueryRow(ctx, stmt.WalLevel).Scan(&walLevel)
			conn.Close(ctx)
			if qerr == nil && walLevel != "logical" {
				e.log.Warn("external PostgreSQL has wal_level="+walLevel+"; realtime postgres_changes need wal_level=logical", "setting", "wal_level")
			}
			return nil
		}
		if time.Now().Add(delay).After(deadline) || ctx.Err() != nil {
			return fmt.Errorf("database at DAYBASE_DATABASE_URL unreachable after %d attempts over %s: %w (check the URL, that PostgreSQL runs, and the network)",
				attempt, e.cfg.DatabaseConnectTimeout, err)
		}
		e.log.Warn("database unreachable, retrying", "attempt", attempt, "in", delay, "err", err)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(delay):
		}
		delay = min(delay*2, 5*time.Second)
	}
}
