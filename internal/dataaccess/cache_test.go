package dataaccess_test

import (
	"context"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/dataaccess"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type fixture struct {
	t     *testing.T
	db    *pgtest.DB
	cache *dataaccess.Cache
}

func start(t *testing.T, ttl time.Duration) *fixture {
	t.Helper()
	db := pgtest.New(t)
	c := dataaccess.New(db.Pool, slog.New(slog.DiscardHandler), ttl)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { c.Run(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return &fixture{t: t, db: db, cache: c}
}

func (f *fixture) exec(sql string, args ...any) {
	f.t.Helper()
	if _, err := f.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		f.t.Fatalf("%s: %v", sql, err)
	}
}

func (f *fixture) scalar(sql string, args ...any) string {
	f.t.Helper()
	var s string
	if err := f.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&s); err != nil {
		f.t.Fatalf("%s: %v", sql, err)
	}
	return s
}

// user makes a user with one live session.
func (f *fixture) user(email string) (uid, session string) {
	uid = f.scalar(`INSERT INTO auth.users (email) VALUES ($1) RETURNING id::text`, email)
	session = f.scalar(`INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id::text`, uid)
	return uid, session
}

// eventually asks until want (30 s at most: a loaded machine); a miss
// fills in the background, and notifications arrive a moment after the
// change commits.
func (f *fixture) eventually(want bool, uid, session, aal string) {
	f.t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		if f.cache.Vouch(uid, session, aal) == want {
			return
		}
		if time.Now().After(deadline) {
			f.t.Fatalf("Vouch(%s, %s) stayed %v", session, aal, !want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// never checks that Vouch stays false for a while (fills get their chance).
func (f *fixture) never(uid, session, aal string) {
	f.t.Helper()
	for range 40 {
		if f.cache.Vouch(uid, session, aal) {
			f.t.Fatalf("vouched for %s at %s", session, aal)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestVouchesForALiveSessionUntilItEnds(t *testing.T) {
	t.Parallel()
	f := start(t, time.Minute)
	uid, session := f.user("live@example.com")
	f.eventually(true, uid, session, "aal1")

	// Ended by reuse detection (not_after), from outside the process: the
	// trigger's notification makes the cache forget.
	f.exec(`UPDATE auth.sessions SET not_after = now() WHERE id = $1`, session)
	f.eventually(false, uid, session, "aal1")
	f.never(uid, session, "aal1")

	// A second session of the same user, then signed out (row deleted).
	second := f.scalar(`INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id::text`, uid)
	f.eventually(true, uid, second, "aal1")
	f.exec(`DELETE FROM auth.sessions WHERE id = $1`, second)
	f.eventually(false, uid, second, "aal1")
	f.never(uid, second, "aal1")
}

func TestAVerifiedFactorNeedsAal2(t *testing.T) {
	t.Parallel()
	f := start(t, time.Minute)
	uid, session := f.user("factor@example.com")
	f.eventually(true, uid, session, "aal1")
	f.exec(`INSERT INTO auth.mfa_factors (user_id, factor_type, status, friendly_name) VALUES ($1, 'totp', 'verified', 'phone')`, uid)
	f.eventually(false, uid, session, "aal1")
	f.never(uid, session, "aal1")
	f.eventually(true, uid, session, "aal2")
	// Another user's change does not disturb this one.
	other, otherSession := f.user("other@example.com")
	f.eventually(true, other, otherSession, "aal1")
	f.exec(`DELETE FROM auth.sessions WHERE id = $1`, otherSession)
	if !f.cache.Vouch(uid, session, "aal2") {
		t.Error("another user's sign-out forgot this user's session")
	}
}

func TestNeverVouchesForWhatTheDatabaseRefuses(t *testing.T) {
	t.Parallel()
	f := start(t, time.Minute)
	uid, session := f.user("refused@example.com")
	other, _ := f.user("stranger@example.com")
	for _, c := range []struct{ name, uid, session, aal string }{
		{"no such session", uid, "6d0c3f1e-2b9a-4c55-9d9e-0f6b3c1a2b3c", "aal1"},
		{"someone else's session", other, session, "aal1"},
		{"not a uuid", uid, "not-a-session", "aal1"},
		{"no session", uid, "", "aal1"},
		{"no user", "", session, "aal1"},
	} {
		t.Run(c.name, func(t *testing.T) { f.never(c.uid, c.session, c.aal) })
	}
	// A timeboxed session is vouched for only until its end. (Its box
	// is long enough for the fill on a loaded machine: with 300 ms the
	// session could end before the cache first vouched for it.)
	boxed := f.scalar(`INSERT INTO auth.sessions (user_id, not_after) VALUES ($1, now() + interval '2 seconds') RETURNING id::text`, uid)
	f.eventually(true, uid, boxed, "aal1")
	f.eventually(false, uid, boxed, "aal1")
	var past bool
	if err := f.db.Pool.QueryRow(context.Background(), `SELECT now() >= not_after FROM auth.sessions WHERE id = $1`, boxed).Scan(&past); err != nil || !past {
		t.Errorf("stopped vouching before the session's not_after (%v)", err)
	}
}

func TestHoldStopsVouchingAndForgets(t *testing.T) {
	t.Parallel()
	f := start(t, time.Minute)
	uid, session := f.user("hold@example.com")
	f.eventually(true, uid, session, "aal1")
	release := f.cache.Hold()
	if f.cache.Vouch(uid, session, "aal1") {
		t.Fatal("vouched while a session-changing request was under way")
	}
	// What a sign-out does while held; the notification may come later
	// than the next request, so the release itself must forget.
	f.exec(`DELETE FROM auth.sessions WHERE id = $1`, session)
	release()
	f.never(uid, session, "aal1")
}

func TestEntriesExpire(t *testing.T) {
	t.Parallel()
	f := start(t, 200*time.Millisecond)
	uid, session := f.user("ttl@example.com")
	f.eventually(true, uid, session, "aal1")
	// Silently ended (triggers off): only the TTL can tell.
	f.exec(`ALTER TABLE auth.sessions DISABLE TRIGGER notify_data_access_change`)
	f.exec(`UPDATE auth.sessions SET not_after = now() WHERE id = $1`, session)
	f.exec(`ALTER TABLE auth.sessions ENABLE TRIGGER notify_data_access_change`)
	time.Sleep(300 * time.Millisecond)
	f.never(uid, session, "aal1")
}

// TestTheDatabaseTrustsTheVoucherOnly: with daybase.data_access = 'on'
// the check answers at once; without it, an ended session is refused as
// before (0697).
func TestTheDatabaseTrustsTheVoucherOnly(t *testing.T) {
	t.Parallel()
	f := start(t, time.Minute)
	uid, session := f.user("trust@example.com")
	f.exec(`UPDATE auth.sessions SET not_after = now() WHERE id = $1`, session)
	check := func(vouched string) bool {
		var ok bool
		err := pgx.BeginFunc(context.Background(), f.db.Pool, func(tx pgx.Tx) error {
			if _, err := tx.Exec(context.Background(), `SELECT set_config('daybase.claims_split', 'on', true),
				set_config('daybase.sub', $1, true), set_config('daybase.session_id', $2, true),
				set_config('daybase.aal', 'aal1', true), set_config('daybase.data_access', $3, true)`, uid, session, vouched); err != nil {
				return err
			}
			return tx.QueryRow(context.Background(), `SELECT auth.data_access_allowed()`).Scan(&ok)
		})
		if err != nil {
			t.Fatal(err)
		}
		return ok
	}
	if check("") {
		t.Error("an ended session was allowed without the gateway's word")
	}
	if !check("on") {
		t.Error("the gateway's word was not taken")
	}
}
