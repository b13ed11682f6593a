// Package schemacache is the REST API's picture of the database: the
// tables, views, columns, keys, relationships and functions of the exposed
// schemas, read from the system catalogs the way PostgREST's SchemaCache
// reads them, plus the per-role settings requests apply.
//
// A Snapshot is immutable. Cache holds the current one behind an atomic
// pointer, so readers never lock; Watch keeps it fresh by listening for
// NOTIFY pgrst, 'reload schema' (migration 0001's event trigger sends it
// after every DDL statement) and swapping in a new snapshot.
//
// A planner resolves names against one snapshot per request:
//
//	snap := cache.Snapshot()
//	if snap == nil {
//		return rest.SchemaCacheNotLoadedError(1) // 503 PGRST002
//	}
//	tbl, err := snap.LookupTable("public", "tasks")            // PGRST205
//	rel, err := snap.FindRelationship("public", "tasks", "projects", "") // PGRST200/201
//	fn, err := snap.FindFunction("public", "search", []string{"q"}, schemacache.PayloadJSON) // PGRST202/203
package schemacache

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Config says what to introspect and how to watch for changes.
type Config struct {
	// Schemas are the schemas exposed through the API; the first is the
	// default. Default ["public"].
	Schemas []string
	// ExtraSearchPath are schemas whose views may stand between an exposed
	// view and its base tables (PostgREST's db-extra-search-path). Default
	// ["public"].
	ExtraSearchPath []string
	// Authenticator is the role the API logs in as; the settings of the
	// roles granted to it are loaded. When no such role exists, those of
	// the current user's roles are. Default "authenticator".
	Authenticator string
	// Channel is the LISTEN channel for reload notifications. Default
	// "pgrst".
	Channel string
	// Debounce is how long Watch waits after a notification for more
	// before reloading, so a migration's burst of DDL costs one reload.
	// Default 100ms.
	Debounce time.Duration
	// MinBackoff and MaxBackoff bound the wait between attempts when the
	// listening connection or a load fails; it doubles after each failure.
	// Defaults 500ms and 30s.
	MinBackoff time.Duration
	MaxBackoff time.Duration
}

func (c Config) withDefaults() Config {
	if len(c.Schemas) == 0 {
		c.Schemas = []string{"public"}
	}
	if c.ExtraSearchPath == nil {
		c.ExtraSearchPath = []string{"public"}
	}
	if c.Authenticator == "" {
		c.Authenticator = "authenticator"
	}
	if c.Channel == "" {
		c.Channel = "pgrst"
	}
	if c.Debounce == 0 {
		c.Debounce = 100 * time.Millisecond
	}
	if c.MinBackoff == 0 {
		c.MinBackoff = 500 * time.Millisecond
	}
	if c.MaxBackoff == 0 {
		c.MaxBackoff = 30 * time.Second
	}
	return c
}

// Cache holds the current Snapshot.
type Cache struct {
	cfg Config
	log *slog.Logger

	cur       atomic.Pointer[Snapshot]
	ready     chan struct{}
	readyOnce sync.Once

	loadMu sync.Mutex // serializes loads, so an older load never replaces a newer one

	// pending is closed when the reload a notification asked for has
	// finished; nil while none is waiting. A request that misses a name
	// waits for it, so DDL committed just before the request is seen.
	pendingMu sync.Mutex
	pending   chan struct{}

	// Catching up: a caller sends a notification of its own on the
	// channel and waits for the listener to hear it; PostgreSQL delivers
	// notifications in commit order, so by then the listener has heard
	// every one committed before the call (see catchUp).
	syncMu    sync.Mutex
	listening *pgxpool.Pool            // the running listener's pool; nil when none listens
	syncs     map[string]chan struct{} // payload → closed when heard
	syncSeq   uint64
	syncTag   string
}

// New returns an empty cache; Reload or Watch fills it.
func New(cfg Config, log *slog.Logger) *Cache {
	tag := make([]byte, 8)
	_, _ = rand.Read(tag)
	return &Cache{
		cfg: cfg.withDefaults(), log: log, ready: make(chan struct{}),
		syncs: map[string]chan struct{}{}, syncTag: "daybase catch-up " + hex.EncodeToString(tag),
	}
}

// listenerUp records the pool of a listener that now hears every
// notification (nil: it stopped; its callers waiting to catch up go on).
func (c *Cache) listenerUp(pool *pgxpool.Pool) {
	c.syncMu.Lock()
	defer c.syncMu.Unlock()
	c.listening = pool
	if pool == nil {
		for payload, ch := range c.syncs {
			close(ch)
			delete(c.syncs, payload)
		}
	}
}

// heard is told every payload the listener receives.
func (c *Cache) heard(payload string) {
	c.syncMu.Lock()
	defer c.syncMu.Unlock()
	if ch, ok := c.syncs[payload]; ok {
		close(ch)
		delete(c.syncs, payload)
	}
}

// catchUp returns once the listener has heard every notification
// committed before the call (or ctx ends, or none listens). Without it a
// request sent right after DDL could look for a pending reload before the
// listener had even received the DDL's notification.
func (c *Cache) catchUp(ctx context.Context) {
	c.syncMu.Lock()
	pool := c.listening
	if pool == nil {
		c.syncMu.Unlock()
		return
	}
	c.syncSeq++
	payload := fmt.Sprintf("%s %d", c.syncTag, c.syncSeq)
	ch := make(chan struct{})
	c.syncs[payload] = ch
	c.syncMu.Unlock()
	defer func() {
		c.syncMu.Lock()
		delete(c.syncs, payload)
		c.syncMu.Unlock()
	}()
	if _, err := pool.Exec(ctx, "SELECT pg_notify($1, $2)", c.cfg.Channel, payload); err != nil {
		return
	}
	select {
	case <-ch:
	case <-ctx.Done():
	}
}

// notified records that a notification asked for a reload and returns
// the function that marks that reload finished (loaded or failed).
func (c *Cache) notified() (finished func()) {
	c.pendingMu.Lock()
	defer c.pendingMu.Unlock()
	if c.pending == nil {
		c.pending = make(chan struct{})
	}
	ch := c.pending
	return func() {
		c.pendingMu.Lock()
		defer c.pendingMu.Unlock()
		if c.pending == ch {
			close(ch)
			c.pending = nil
		}
	}
}

// AwaitPendingReload catches up with the notifications committed before
// the call, waits (at most until ctx ends) for a reload one of them asked
// for, and reports whether the Snapshot changed meanwhile. A caller that
// did not find a table or function calls it and, when it reports true,
// looks again in the new Snapshot: PostgREST answers 404 until its reload
// lands, which makes a migration followed at once by a request fail at
// random.
func (c *Cache) AwaitPendingReload(ctx context.Context) bool {
	before := c.Snapshot()
	c.catchUp(ctx)
	c.pendingMu.Lock()
	ch := c.pending
	c.pendingMu.Unlock()
	if ch != nil {
		select {
		case <-ch:
		case <-ctx.Done():
			return false
		}
	}
	return c.Snapshot() != before
}

// Config returns the configuration with defaults applied.
func (c *Cache) Config() Config { return c.cfg }

// Snapshot returns the current snapshot, nil until the first load
// succeeded (requests then fail with PGRST002, 503).
func (c *Cache) Snapshot() *Snapshot { return c.cur.Load() }

// Ready is closed once the first snapshot is in place.
func (c *Cache) Ready() <-chan struct{} { return c.ready }

// Store makes snap the current snapshot.
func (c *Cache) Store(snap *Snapshot) {
	c.cur.Store(snap)
	c.readyOnce.Do(func() { close(c.ready) })
}

// Reload loads a new snapshot through db and makes it current. On error
// the previous snapshot stays.
func (c *Cache) Reload(ctx context.Context, db TxBeginner) (*Snapshot, error) {
	c.loadMu.Lock()
	defer c.loadMu.Unlock()
	snap, err := Load(ctx, db, c.cfg)
	if err != nil {
		return nil, err
	}
	c.Store(snap)
	fns := 0
	for _, list := range snap.Functions {
		fns += len(list)
	}
	rels := 0
	for _, list := range snap.rels {
		rels += len(list)
	}
	for _, w := range snap.Warnings {
		c.log.Warn("schema cache: " + w)
	}
	c.log.Info("schema cache loaded",
		"schemas", snap.Schemas, "relations", len(snap.Tables), "relationships", rels,
		"functions", fns, "duration", snap.LoadDuration)
	return snap, nil
}

// Watch loads the cache and keeps it current until ctx ends, then returns
// ctx's error. It LISTENs on Config.Channel on a connection of its own,
// made with pool's connection settings, and reloads through pool after a
// notification with payload "reload schema" or an empty one (debounced),
// and after every (re)connection, since notifications may have been missed
// meanwhile. Failures are logged and retried with exponential backoff; the
// previous snapshot keeps serving.
func (c *Cache) Watch(ctx context.Context, pool *pgxpool.Pool) error {
	backoff := c.cfg.MinBackoff
	for {
		healthy, err := c.listen(ctx, pool)
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if healthy {
			backoff = c.cfg.MinBackoff
		}
		c.log.Warn("schema cache listener failed; retrying", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, c.cfg.MaxBackoff)
	}
}
