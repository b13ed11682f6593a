// Package rlstest is the harness of the schema's tests: a migrated database
// per test, and statements run as the REST gateway runs them — in a
// transaction as anon, a signed-in user or the service role, with the JWT's
// claims — so row-level security, grants and triggers decide, as they do
// for API requests.
package rlstest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

// Bundle is what a test needs: its own migrated database, a superuser pool
// (setup, and what service code would do) and a pool logged in as the
// gateway's authenticator role (what API requests do).
type Bundle struct {
	T   testing.TB
	Ctx context.Context
	DB  *pgtest.DB
	API *pgxpool.Pool
}

// Setup gives the test its own database, cloned from the migrated template.
func Setup(t testing.TB) *Bundle {
	t.Helper()
	db := pgtest.New(t)
	return &Bundle{T: t, Ctx: t.Context(), DB: db, API: db.AuthenticatorPool(t)}
}

// Actor is who a request runs as: a role and, for a signed-in user, the
// claims the JWT would carry.
type Actor struct {
	Role  string // anon, authenticated or service_role
	ID    string // user id (sub), empty for anon and service_role
	Email string
	// AAL is the token's aal claim ("aal1", "aal2"); empty leaves it out.
	AAL string
	// SessionID is the token's session_id claim; empty leaves it out.
	SessionID string
}

// AtAAL is a at the assurance level aal ("aal1" or "aal2").
func (a Actor) AtAAL(aal string) Actor { a.AAL = aal; return a }

// InSession is a with a token of the auth.sessions row id.
func (a Actor) InSession(id string) Actor { a.SessionID = id; return a }

// The two actors without a user.
var (
	Anonymous = Actor{Role: "anon"}
	Service   = Actor{Role: "service_role"}
)

// User is a signed-in user with that id and e-mail.
func User(id, email string) Actor { return Actor{Role: "authenticated", ID: id, Email: email} }

// Claims is the JWT's claims as the gateway puts them in request.jwt.claims.
func (a Actor) Claims() string {
	c := map[string]string{"role": a.Role}
	if a.ID != "" {
		c["sub"] = a.ID
		c["email"] = a.Email
	}
	if a.AAL != "" {
		c["aal"] = a.AAL
	}
	if a.SessionID != "" {
		c["session_id"] = a.SessionID
	}
	b, _ := json.Marshal(c)
	return string(b)
}

// Begin opens a transaction as a, exactly as the REST gateway does per
// request.
func (b *Bundle) Begin(a Actor) pgx.Tx {
	b.T.Helper()
	tx, err := b.API.Begin(b.Ctx)
	if err != nil {
		b.T.Fatalf("begin: %v", err)
	}
	var claims map[string]any
	if err := json.Unmarshal([]byte(a.Claims()), &claims); err != nil {
		tx.Rollback(b.Ctx)
		b.T.Fatalf("claims of %s: %v", a.Role, err)
	}
	if err := asrole.Set(b.Ctx, tx, identity.New(claims, ""), asrole.Request{}); err != nil {
		tx.Rollback(b.Ctx)
		b.T.Fatalf("switch to %s: %v", a.Role, err)
	}
	return tx
}

// As runs fn As a and commits when fn returns nil (rolls back otherwise),
// returning fn's error or the commit's.
func (b *Bundle) As(a Actor, fn func(tx pgx.Tx) error) error {
	b.T.Helper()
	tx := b.Begin(a)
	if err := fn(tx); err != nil {
		tx.Rollback(b.Ctx)
		return err
	}
	return tx.Commit(b.Ctx)
}

// Exec runs one statement as a in its own committed transaction.
func (b *Bundle) Exec(a Actor, sql string, args ...any) error {
	b.T.Helper()
	return b.As(a, func(tx pgx.Tx) error {
		_, err := tx.Exec(b.Ctx, sql, args...)
		return err
	})
}

// Scalar runs a one-value query as a and commits.
func Scalar[T any](b *Bundle, a Actor, sql string, args ...any) (T, error) {
	b.T.Helper()
	var v T
	err := b.As(a, func(tx pgx.Tx) error { return tx.QueryRow(b.Ctx, sql, args...).Scan(&v) })
	return v, err
}

// Must fails the test on err.
func Must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(Describe(err))
	}
}

// Super runs SQL as the superuser (setup, or what service code does).
func (b *Bundle) Super(sql string, args ...any) {
	b.T.Helper()
	if _, err := b.DB.Pool.Exec(b.Ctx, sql, args...); err != nil {
		b.T.Fatalf("as superuser: %s\n%s", Describe(err), sql)
	}
}

// SuperScalar runs a one-value query as the superuser.
func SuperScalar[T any](b *Bundle, sql string, args ...any) T {
	b.T.Helper()
	var v T
	if err := b.DB.Pool.QueryRow(b.Ctx, sql, args...).Scan(&v); err != nil {
		b.T.Fatalf("as superuser: %s\n%s", Describe(err), sql)
	}
	return v
}

// NewUser creates an account the way the auth service does (a row in
// auth.users with a confirmed e-mail) and returns it as an actor.
func (b *Bundle) NewUser(email string, meta map[string]any) Actor {
	b.T.Helper()
	if meta == nil {
		meta = map[string]any{}
	}
	m, _ := json.Marshal(meta)
	id := SuperScalar[string](b, `
		INSERT INTO auth.users (email, email_confirmed_at, raw_user_meta_data)
		VALUES ($1, now(), $2) RETURNING id::text`, email, string(m))
	return User(id, email)
}

// SetPlan gives a user an active subscription to planID (as billing would).
func (b *Bundle) SetPlan(a Actor, planID string) {
	b.T.Helper()
	b.Super(`INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', $2)`, a.ID, planID)
}

// PgError is the server error in err, or nil.
func PgError(err error) *pgconn.PgError {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}

// Describe is err as a test failure says it: code, message, detail and hint.
func Describe(err error) string {
	if pe := PgError(err); pe != nil {
		return fmt.Sprintf("%s %q (detail %q, hint %q)", pe.Code, pe.Message, pe.Detail, pe.Hint)
	}
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// WantError checks that err is the server error code with message msg
// (and detail, when given).
func WantError(t testing.TB, err error, code, msg string, detail ...string) {
	t.Helper()
	pe := PgError(err)
	if pe == nil {
		t.Fatalf("want error %s %q, got %s", code, msg, Describe(err))
	}
	if pe.Code != code || pe.Message != msg {
		t.Fatalf("want error %s %q, got %s", code, msg, Describe(err))
	}
	if len(detail) > 0 && pe.Detail != detail[0] {
		t.Fatalf("want detail %q, got %s", detail[0], Describe(err))
	}
}

// Explain returns the plan of sql as run by a, as text; options are
// EXPLAIN's own, e.g. "ANALYZE, COSTS OFF" or "FORMAT JSON".
func (b *Bundle) Explain(a Actor, sql, options string) string {
	b.T.Helper()
	tx := b.Begin(a)
	defer tx.Rollback(b.Ctx)
	return b.PlanText(tx, "EXPLAIN ("+options+") "+sql)
}

// PlanText runs an EXPLAIN statement in tx and returns its lines as one text.
func (b *Bundle) PlanText(tx pgx.Tx, explain string) string {
	b.T.Helper()
	r, err := tx.Query(b.Ctx, explain)
	if err != nil {
		b.T.Fatalf("explain: %s", Describe(err))
	}
	lines, err := pgx.CollectRows(r, pgx.RowTo[string])
	if err != nil {
		b.T.Fatalf("explain: %v", err)
	}
	return strings.Join(lines, "\n")
}

// Labeler returns what replaces every fixture id in a text by its name
// (names: id → name), so that failures and outcomes read as the fixture.
func Labeler(names map[string]string) func(string) string {
	return func(s string) string {
		for id, name := range names {
			s = strings.ReplaceAll(s, id, name)
		}
		return s
	}
}

// Sorted returns a sorted copy of s.
func Sorted(s []string) []string {
	out := append([]string{}, s...)
	sort.Strings(out)
	return out
}
