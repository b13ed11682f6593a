package datamodel2_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// bundle is what a test needs: its own migrated database, a superuser pool
// (setup, and what service code would do) and a pool logged in as the
// gateway's authenticator role (what API requests do).
type bundle struct {
	t   testing.TB
	ctx context.Context
	db  *pgtest.DB
	api *pgxpool.Pool
}

func setup(t testing.TB) *bundle {
	t.Helper()
	db := pgtest.New(t)
	api, err := pgxpool.New(t.Context(), db.AuthenticatorURL())
	if err != nil {
		t.Fatalf("authenticator pool: %v", err)
	}
	t.Cleanup(api.Close)
	return &bundle{t: t, ctx: t.Context(), db: db, api: api}
}

// actor is who a request runs as: a role and, for a signed-in user, the
// claims the JWT would carry.
type actor struct {
	role  string // anon, authenticated or service_role
	id    string // user id (sub), empty for anon and service_role
	email string
}

var (
	anonymous = actor{role: "anon"}
	service   = actor{role: "service_role"}
)

func user(id, email string) actor { return actor{role: "authenticated", id: id, email: email} }

func (a actor) claims() string {
	c := map[string]string{"role": a.role}
	if a.id != "" {
		c["sub"] = a.id
		c["email"] = a.email
	}
	b, _ := json.Marshal(c)
	return string(b)
}

// begin opens a transaction as a, exactly as the REST gateway does per
// request.
func (b *bundle) begin(a actor) pgx.Tx {
	b.t.Helper()
	tx, err := b.api.Begin(b.ctx)
	if err != nil {
		b.t.Fatalf("begin: %v", err)
	}
	if _, err := tx.Exec(b.ctx, "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", a.role, a.claims()); err != nil {
		tx.Rollback(b.ctx)
		b.t.Fatalf("switch to %s: %v", a.role, err)
	}
	return tx
}

// as runs fn as a and commits when fn returns nil (rolls back otherwise).
func (b *bundle) as(a actor, fn func(tx pgx.Tx) error) error {
	b.t.Helper()
	tx := b.begin(a)
	if err := fn(tx); err != nil {
		tx.Rollback(b.ctx)
		return err
	}
	return tx.Commit(b.ctx)
}

// exec runs one statement as a in its own committed transaction.
func (b *bundle) exec(a actor, sql string, args ...any) error {
	b.t.Helper()
	return b.as(a, func(tx pgx.Tx) error {
		_, err := tx.Exec(b.ctx, sql, args...)
		return err
	})
}

// scalar runs a one-value query as a and commits.
func scalar[T any](b *bundle, a actor, sql string, args ...any) (T, error) {
	b.t.Helper()
	var v T
	err := b.as(a, func(tx pgx.Tx) error { return tx.QueryRow(b.ctx, sql, args...).Scan(&v) })
	return v, err
}

// strings runs a query of one text column as a and commits.
func column(b *bundle, a actor, sql string, args ...any) ([]string, error) {
	b.t.Helper()
	var out []string
	err := b.as(a, func(tx pgx.Tx) error {
		r, err := tx.Query(b.ctx, sql, args...)
		if err != nil {
			return err
		}
		out, err = pgx.CollectRows(r, func(row pgx.CollectableRow) (string, error) {
			var s *string
			err := row.Scan(&s)
			if s == nil {
				return "<null>", err
			}
			return label(*s), err
		})
		return err
	})
	return out, err
}

// must fails the test on err.
func must(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(describe(err))
	}
}

// super runs SQL as the superuser (setup, or what service code does).
func (b *bundle) super(sql string, args ...any) {
	b.t.Helper()
	if _, err := b.db.Pool.Exec(b.ctx, sql, args...); err != nil {
		b.t.Fatalf("as superuser: %s\n%s", describe(err), sql)
	}
}

func superScalar[T any](b *bundle, sql string, args ...any) T {
	b.t.Helper()
	var v T
	if err := b.db.Pool.QueryRow(b.ctx, sql, args...).Scan(&v); err != nil {
		b.t.Fatalf("as superuser: %s\n%s", describe(err), sql)
	}
	return v
}

// newUser creates an account the way the auth service does (a row in
// auth.users with a confirmed e-mail) and returns it as an actor.
func (b *bundle) newUser(email string, meta map[string]any) actor {
	b.t.Helper()
	if meta == nil {
		meta = map[string]any{}
	}
	m, _ := json.Marshal(meta)
	id := superScalar[string](b, `
		INSERT INTO auth.users (email, email_confirmed_at, raw_user_meta_data)
		VALUES ($1, now(), $2) RETURNING id::text`, email, string(m))
	return user(id, email)
}

// setPlan gives a user an active subscription to planID (as billing would).
func (b *bundle) setPlan(a actor, planID string) {
	b.t.Helper()
	b.super(`INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', $2)`, a.id, planID)
}

// pgError is the server error in err, or nil.
func pgError(err error) *pgconn.PgError {
	var pe *pgconn.PgError
	if errors.As(err, &pe) {
		return pe
	}
	return nil
}

func describe(err error) string {
	if pe := pgError(err); pe != nil {
		return fmt.Sprintf("%s %q (detail %q, hint %q)", pe.Code, pe.Message, pe.Detail, pe.Hint)
	}
	if err == nil {
		return "no error"
	}
	return err.Error()
}

// wantError checks that err is the server error code with message msg
// (and detail, when given).
func wantError(t testing.TB, err error, code, msg string, detail ...string) {
	t.Helper()
	pe := pgError(err)
	if pe == nil || pe.Code != code || pe.Message != msg {
		t.Fatalf("want error %s %q, got %s", code, msg, describe(err))
	}
	if len(detail) > 0 && pe.Detail != detail[0] {
		t.Fatalf("want detail %q, got %s", detail[0], describe(err))
	}
}
