package schemacache

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

func connect(t *testing.T, url string) *pgxpool.Pool {
	t.Helper()
	pool, err := pgxpool.New(t.Context(), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(pool.Close)
	return pool
}

// waitFor polls cond every 10ms until it holds or the timeout passes.
func waitFor(t *testing.T, timeout time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out after %v waiting for %s", timeout, what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// watch runs c.Watch on pool until stop is called or the test ends, and
// waits for its first load. stop returns what Watch returned.
func watch(t *testing.T, c *Cache, pool *pgxpool.Pool) (stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	go func() { done <- c.Watch(ctx, pool) }()
	var once sync.Once
	var err error
	stop = func() error {
		once.Do(func() { cancel(); err = <-done })
		return err
	}
	t.Cleanup(func() { stop() })
	select {
	case <-c.Ready():
	case <-time.After(30 * time.Second):
		t.Fatal("no first load")
	}
	return stop
}

func TestWatchReloadsOnNotify(t *testing.T) {
	f := setup(t)
	// Watch through the authenticator's pool, as the gateway does.
	pool := connect(t, f.db.AuthenticatorURL())
	c := New(Config{Schemas: []string{"api"}, Debounce: 20 * time.Millisecond, MinBackoff: 20 * time.Millisecond}, testLogger(t))
	stop := watch(t, c, pool)
	t.Cleanup(func() {
		if err := stop(); !errors.Is(err, context.Canceled) {
			t.Errorf("Watch returned %v, want context.Canceled", err)
		}
	})

	// DDL fires the event trigger of migration 0001; no explicit reload.
	start := time.Now()
	if _, err := f.db.Pool.Exec(t.Context(), "CREATE TABLE api.fresh (id int PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "api.fresh in the cache", func() bool { return c.Snapshot().Table("api", "fresh") != nil })
	t.Logf("new table visible after %v", time.Since(start))

	// A burst of DDL in separate transactions costs few reloads.
	before := c.Snapshot()
	for _, stmt := range []string{
		"CREATE TABLE api.burst1 (id int)", "CREATE TABLE api.burst2 (id int)", "CREATE TABLE api.burst3 (id int)",
	} {
		if _, err := f.db.Pool.Exec(t.Context(), stmt); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, 30*time.Second, "api.burst3", func() bool { return c.Snapshot().Table("api", "burst3") != nil })
	if c.Snapshot() == before {
		t.Error("snapshot not replaced")
	}

	// Other payloads are ignored.
	current := c.Snapshot()
	if _, err := f.db.Pool.Exec(t.Context(), "NOTIFY pgrst, 'reload config'"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	if c.Snapshot() != current {
		t.Error("'reload config' reloaded the schema cache")
	}
	// An empty payload reloads.
	if _, err := f.db.Pool.Exec(t.Context(), "NOTIFY pgrst"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "reload on empty payload", func() bool { return c.Snapshot() != current })

	// When the listening connection dies, Watch reconnects and reloads:
	// changes made meanwhile are not lost.
	tag, err := f.db.Pool.Exec(t.Context(),
		`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
		 WHERE datname = current_database() AND query LIKE 'LISTEN%'`)
	if err != nil || tag.RowsAffected() != 1 {
		t.Fatalf("terminate listener: %v (%d rows)", err, tag.RowsAffected())
	}
	if _, err := f.db.Pool.Exec(t.Context(),
		"SET session_replication_role = replica; CREATE TABLE api.unannounced (id int)"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "api.unannounced after reconnect", func() bool {
		return c.Snapshot().Table("api", "unannounced") != nil
	})
}

func TestReloadsPayloads(t *testing.T) {
	for payload, want := range map[string]bool{
		"":              true,
		"reload schema": true,
		"reload config": false,
		"something":     false,
	} {
		if got := reloads(payload); got != want {
			t.Errorf("reloads(%q) = %v, want %v", payload, got, want)
		}
	}
}

// A caller that misses a name while a notified reload is under way can
// wait for that reload instead of answering 404.
func TestAwaitPendingReload(t *testing.T) {
	f := setup(t)
	pool := connect(t, f.db.AuthenticatorURL())
	// A debounce long enough that a loaded machine does not end it
	// between the notification and the checks below.
	c := New(Config{Schemas: []string{"api"}, Debounce: 3 * time.Second}, testLogger(t))
	watch(t, c, pool)

	if c.AwaitPendingReload(t.Context()) {
		t.Fatal("AwaitPendingReload waited with no reload asked for")
	}
	if _, err := f.db.Pool.Exec(t.Context(), "CREATE TABLE api.late (id int PRIMARY KEY)"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, 30*time.Second, "the notification", func() bool {
		c.pendingMu.Lock()
		defer c.pendingMu.Unlock()
		return c.pending != nil
	})
	if c.Snapshot().Table("api", "late") != nil {
		t.Fatal("api.late loaded before the debounce ended; the test proves nothing")
	}
	// A caller whose context ends first gives up.
	short, cancelShort := context.WithTimeout(t.Context(), 10*time.Millisecond)
	defer cancelShort()
	if c.AwaitPendingReload(short) {
		t.Error("AwaitPendingReload reported a reload its context did not wait for")
	}
	if !c.AwaitPendingReload(t.Context()) {
		t.Fatal("AwaitPendingReload did not wait for the notified reload")
	}
	if c.Snapshot().Table("api", "late") == nil {
		t.Error("api.late missing after the awaited reload")
	}
	if c.AwaitPendingReload(t.Context()) {
		t.Error("the finished reload is still pending")
	}
}

// Right after DDL commits, the listener may not have received its
// notification yet; catching up (a notification of the caller's own,
// delivered after every one committed before it) leaves no such gap:
// the DDL's reload is then pending or done. (Without catchUp a round
// failed at once on a loaded machine.)
func TestCatchUpHearsWhatWasCommittedBefore(t *testing.T) {
	f := setup(t)
	pool := connect(t, f.db.AuthenticatorURL())
	c := New(Config{Schemas: []string{"api"}, Debounce: 200 * time.Millisecond}, testLogger(t))
	stop := watch(t, c, pool)
	waitFor(t, 10*time.Second, "the listener", func() bool {
		c.syncMu.Lock()
		defer c.syncMu.Unlock()
		return c.listening != nil
	})

	for i := range 10 {
		before := c.Snapshot()
		table := fmt.Sprintf("caught_%d", i)
		if _, err := f.db.Pool.Exec(t.Context(), "CREATE TABLE api."+table+" (id int PRIMARY KEY)"); err != nil {
			t.Fatal(err)
		}
		c.catchUp(t.Context())
		c.pendingMu.Lock()
		pending := c.pending != nil
		c.pendingMu.Unlock()
		if !pending && c.Snapshot() == before {
			t.Fatalf("round %d: caught up, but the DDL's reload is neither pending nor done", i)
		}
		c.AwaitPendingReload(t.Context())
		if c.Snapshot().Table("api", table) == nil {
			t.Fatalf("round %d: api.%s missing after the reload", i, table)
		}
	}

	// A stopped listener answers at once.
	stop()
	waitFor(t, 10*time.Second, "the listener to stop", func() bool {
		c.syncMu.Lock()
		defer c.syncMu.Unlock()
		return c.listening == nil
	})
	c.catchUp(t.Context())
}
