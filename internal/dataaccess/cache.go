// Package dataaccess keeps, per session, the answer of the data-access
// check every policy runs (migrations 0620, 0696): the session is live,
// and at aal2 when its user has a verified factor. The gateway asks
// Vouch for each request; a fresh "allowed" lets the request's
// transaction carry daybase.data_access = 'on' (internal/asrole), and the
// check then answers without its two look-ups (0697).
//
// The cache never answers "allowed" on a guess:
//   - A miss answers false (the database checks as before) and fills the
//     entry in the background.
//   - It vouches only while it is listening on daybase_data_access, the
//     channel 0697's triggers notify when a user's sessions end or their
//     factors change, from any instance or psql; a notification forgets
//     that user's entries, and losing the connection forgets everything.
//   - An entry lives at most TTL, and never past its session's not_after.
//   - While a request that may change sessions or factors is under way in
//     this process (Hold), it vouches for nobody, and forgets everything
//     when the request ends: the next request after a sign-out or a factor
//     verification sees the change at once, before the notification
//     arrives. A token refresh is not held (its one way to end a session,
//     reuse detection, is known when it happens): the refresh forgets
//     that user (Forget) before it answers.
package dataaccess

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// Channel is where 0697's triggers announce a user's changes.
const Channel = "daybase_data_access"

// DefaultTTL bounds an entry's life when no notification forgets it.
const DefaultTTL = 30 * time.Second

// maxFills caps the look-ups under way at once; a miss beyond it simply
// waits for a later request.
const maxFills = 16

// key is one session's view of the check: the user, the session, and the
// assurance level its token claims.
type key struct{ sub, session, aal string }

// Cache is the per-session answer of the data-access check.
type Cache struct {
	pool *pgxpool.Pool
	log  *slog.Logger
	ttl  time.Duration
	now  func() time.Time

	mu        sync.Mutex
	users     map[string]map[key]time.Time // sub → session → expiry
	filling   map[key]bool
	epoch     uint64 // bumped by every change, so a look-up begun before one is dropped
	holds     int
	listening bool
}

// New returns a cache over pool (a role that may read auth.sessions and
// auth.mfa_factors). It vouches for nobody until Run is listening.
func New(pool *pgxpool.Pool, log *slog.Logger, ttl time.Duration) *Cache {
	if ttl <= 0 {
		ttl = DefaultTTL
	}
	return &Cache{pool: pool, log: log, ttl: ttl, now: time.Now,
		users: map[string]map[key]time.Time{}, filling: map[key]bool{}}
}

// Vouch reports whether the cache holds a fresh "allowed" for this
// session. A false is no refusal: the database then checks itself.
func (c *Cache) Vouch(sub, session, aal string) bool {
	if sub == "" || session == "" || uuid.Validate(session) != nil || uuid.Validate(sub) != nil {
		return false
	}
	k := key{sub, session, aal}
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.listening || c.holds > 0 {
		return false
	}
	if exp, ok := c.users[sub][k]; ok {
		if c.now().Before(exp) {
			return true
		}
		delete(c.users[sub], k)
	}
	if !c.filling[k] && len(c.filling) < maxFills {
		c.filling[k] = true
		go c.fill(k, c.epoch)
	}
	return false
}

// Hold stops vouching until the returned release is called, which also
// forgets every entry. Wrap each request that may end sessions or change
// factors in it.
func (c *Cache) Hold() (release func()) {
	c.mu.Lock()
	c.holds++
	c.epoch++
	c.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			c.holds--
			c.forgetAllLocked()
			c.mu.Unlock()
		})
	}
}

// Forget drops the entries of one user (a notification's payload).
func (c *Cache) Forget(sub string) {
	c.mu.Lock()
	delete(c.users, sub)
	c.epoch++
	c.mu.Unlock()
}

func (c *Cache) forgetAllLocked() {
	clear(c.users)
	c.epoch++
}

// lookupSQL asks auth.data_access itself, with the settings the
// gateway's requests carry, so the cache and the policies share one rule;
// it also wants the session to be the user's own, and reads its
// not_after, which bounds the entry.
const (
	lookupSetup = `SELECT set_config('daybase.claims_split', 'on', true), set_config('daybase.sub', $1, true),
       set_config('daybase.session_id', $2, true), set_config('daybase.aal', $3, true),
       set_config('daybase.data_access', '', true), set_config('request.jwt.claim.sub', '', true)`
	lookupSQL = `SELECT d.allowed AND s.id IS NOT NULL, s.not_after
  FROM auth.data_access d LEFT JOIN auth.sessions s ON s.id = $1::uuid AND s.user_id = $2::uuid`
)

// fill looks k up and keeps an "allowed" if nothing changed meanwhile.
func (c *Cache) fill(k key, epoch uint64) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	allowed, notAfter, err := c.lookup(ctx, k)
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.filling, k)
	if err != nil {
		c.log.Warn("data-access cache: look-up failed", "err", err)
		return
	}
	if !allowed || c.epoch != epoch || !c.listening || c.holds > 0 {
		return
	}
	exp := c.now().Add(c.ttl)
	if notAfter != nil && notAfter.Before(exp) {
		exp = *notAfter
	}
	if c.users[k.sub] == nil {
		c.users[k.sub] = map[key]time.Time{}
	}
	c.users[k.sub][k] = exp
}

func (c *Cache) lookup(ctx context.Context, k key) (allowed bool, notAfter *time.Time, err error) {
	err = pgx.BeginTxFunc(ctx, c.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, lookupSetup, k.sub, k.session, k.aal); err != nil {
			return err
		}
		var ok *bool
		if err := tx.QueryRow(ctx, lookupSQL, k.session, k.sub).Scan(&ok, &notAfter); err != nil {
			return err
		}
		allowed = ok != nil && *ok
		return nil
	})
	if err != nil {
		return false, nil, fmt.Errorf("look up session %s: %w", k.session, err)
	}
	return allowed, notAfter, nil
}

// Run listens on Channel until ctx ends, reconnecting with a backoff; the
// cache vouches only while it listens.
func (c *Cache) Run(ctx context.Context) {
	backoff := 100 * time.Millisecond
	for {
		listened, err := c.listen(ctx)
		c.setListening(false)
		if ctx.Err() != nil {
			return
		}
		if listened {
			backoff = 100 * time.Millisecond
		}
		c.log.Warn("data-access cache: not listening, the database checks every request", "err", err, "retry_in", backoff)
		select {
		case <-ctx.Done():
			return
		case <-time.After(backoff):
		}
		backoff = min(2*backoff, 10*time.Second)
	}
}

func (c *Cache) setListening(on bool) {
	c.mu.Lock()
	c.listening = on
	c.forgetAllLocked()
	c.mu.Unlock()
}

func (c *Cache) listen(ctx context.Context) (listened bool, err error) {
	conn, err := pgx.ConnectConfig(ctx, c.pool.Config().ConnConfig.Copy())
	if err != nil {
		return false, fmt.Errorf("connect: %w", err)
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		conn.Close(cctx) //nolint:errcheck // closing after a failure
	}()
	if _, err := conn.Exec(ctx, "LISTEN "+pgx.Identifier{Channel}.Sanitize()); err != nil {
		return false, fmt.Errorf("listen on %s: %w", Channel, err)
	}
	c.setListening(true)
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return true, err
			}
			return true, fmt.Errorf("wait for notification: %w", err)
		}
		c.Forget(n.Payload)
	}
}
