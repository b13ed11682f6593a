package cluster

import (
	"context"
	"hash/fnv"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
)

// ElectorConfig configures RunElector.
type ElectorConfig struct {
	// Conn logs in to the database whose advisory lock is contended.
	Conn *pgx.ConnConfig
	// Name identifies the lock (instances with the same Name compete).
	Name string
	// Retry is how often a follower tries the lock and a leader checks
	// that its lock connection is alive: the fail-over delay. Default 1 s.
	Retry time.Duration
	// ApplicationName shows in pg_stat_activity on the lock connection.
	ApplicationName string
	Log             *slog.Logger
}

// LockKey is the advisory lock key for name.
func LockKey(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("daybase-realtime-leader:" + name))
	return int64(h.Sum64())
}

// RunElector competes for leadership until ctx ends. While this instance
// holds the lock, lead runs with a context that is cancelled as soon as
// the lock may be lost (its connection failed) or ctx ends; lead must
// return then. The lock is a session-level advisory lock, so it is freed
// by PostgreSQL the moment the holder's connection closes — a crashed or
// partitioned leader is replaced within Retry of PostgreSQL noticing.
func RunElector(ctx context.Context, cfg ElectorConfig, lead func(ctx context.Context)) {
	if cfg.Retry <= 0 {
		cfg.Retry = time.Second
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	key := LockKey(cfg.Name)
	for ctx.Err() == nil {
		conn, err := connect(ctx, cfg)
		if err != nil {
			if ctx.Err() == nil {
				cfg.Log.Warn("leader election: connect", "err", err)
			}
			sleep(ctx, cfg.Retry)
			continue
		}
		if acquire(ctx, conn, key, cfg.Retry) {
			cfg.Log.Info("leader election: this instance reads the replication slot")
			hold(ctx, conn, cfg.Retry, lead)
			cfg.Log.Info("leader election: leadership released")
		}
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 2*time.Second)
		conn.Close(cctx)
		cancel()
	}
}

func connect(ctx context.Context, cfg ElectorConfig) (*pgx.Conn, error) {
	cc := cfg.Conn.Copy()
	if cfg.ApplicationName != "" {
		cc.RuntimeParams["application_name"] = cfg.ApplicationName
	}
	return pgx.ConnectConfig(ctx, cc)
}

// acquire polls for the lock; false means the connection failed or ctx
// ended.
func acquire(ctx context.Context, conn *pgx.Conn, key int64, retry time.Duration) bool {
	for ctx.Err() == nil {
		var got bool
		qctx, cancel := context.WithTimeout(ctx, 10*time.Second)
		err := conn.QueryRow(qctx, stmt.TryLock, key).Scan(&got)
		cancel()
		if err != nil {
			return false
		}
		if got {
			return true
		}
		sleep(ctx, retry)
	}
	return false
}

// hold runs lead while pinging the lock connection.
func hold(ctx context.Context, conn *pgx.Conn, retry time.Duration, lead func(context.Context)) {
	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		lead(lctx)
	}()
	t := time.NewTicker(retry)
	defer t.Stop()
	for {
		select {
		case <-done:
			cancel()
			return
		case <-lctx.Done():
			<-done
			return
		case <-t.C:
			pctx, pcancel := context.WithTimeout(ctx, retry)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				cancel()
				<-done
				return
			}
		}
	}
}

func sleep(ctx context.Context, d time.Duration) {
	select {
	case <-ctx.Done():
	case <-time.After(d):
	}
}
