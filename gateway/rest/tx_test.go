package rest

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/schemacache"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

type txBundle struct {
	db   *pgtest.DB
	pool *pgxpool.Pool // logged in as authenticator, like the gateway's
	snap *schemacache.Snapshot
}

func setupTx(t testing.TB) txBundle {
	t.Helper()
	db := pgtest.New(t)
	pool := db.AuthenticatorPool(t)
	snap, err := schemacache.Load(context.Background(), pool, schemacache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	return txBundle{db, pool, snap}
}

// txState is what a request's transaction sees.
type txState struct {
	User, Claims, Method, Path, ClientInfo, Cookie, Timeout, SearchPath string
	UID, LegacySub, ReadOnly, Isolation, Timezone                       string
}

const txStateSQL = `SELECT current_user,
  current_setting('request.jwt.claims'),
  current_setting('request.method'),
  current_setting('request.path'),
  coalesce(current_setting('request.headers')::json->>'x-client-info', '<none>'),
  coalesce(current_setting('request.cookies')::json->>'session', '<none>'),
  current_setting('statement_timeout'),
  current_setting('search_path'),
  coalesce(auth.uid()::text, '<null>'),
  coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''), '<unset>'),
  current_setting('transaction_read_only'),
  current_setting('transaction_isolation'),
  current_setting('timezone')`

func readState(t *testing.T, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}) txState {
	t.Helper()
	var s txState
	if err := q.QueryRow(t.Context(), txStateSQL).Scan(&s.User, &s.Claims, &s.Method, &s.Path, &s.ClientInfo, &s.Cookie,
		&s.Timeout, &s.SearchPath, &s.UID, &s.LegacySub, &s.ReadOnly, &s.Isolation, &s.Timezone); err != nil {
		t.Fatal(err)
	}
	return s
}

func TestBeginTx(t *testing.T) {
	b := setupTx(t)
	ctx := t.Context()
	// Database-specific, so parallel tests in other databases of the
	// shared cluster are not affected.
	if _, err := b.db.Pool.Exec(ctx, "ALTER ROLE service_role IN DATABASE "+b.db.Name+" SET default_transaction_isolation = 'serializable'"); err != nil {
		t.Fatal(err)
	}
	snap, err := schemacache.Load(ctx, b.pool, schemacache.Config{})
	if err != nil {
		t.Fatal(err)
	}
	const uid = "6f1c8d3e-4b0a-4e57-9d55-0a1b2c3d4e5f"
	user := identity.New(map[string]any{"sub": uid, "role": "authenticated", "email": "a@example.com"}, "tok")
	headers := http.Header{
		"X-Client-Info": {"supabase-js/2.119.0"},
		"Cookie":        {"session=abc; theme=dark"},
		"Accept":        {"application/json"},
	}
	tests := []struct {
		name string
		req  TxRequest
		want txState
	}{
		{
			name: "anon", req: TxRequest{Identity: identity.FromContext(ctx), Method: "GET", Path: "/tasks", ReadOnly: true},
			want: txState{User: "anon", Claims: "{}", Method: "GET", Path: "/tasks", ClientInfo: "<none>", Cookie: "<none>",
				Timeout: "3s", SearchPath: `"$user", public, extensions`, UID: "<null>", LegacySub: "<unset>", ReadOnly: "on",
				Isolation: "read committed", Timezone: "UTC"},
		},
		{
			name: "authenticated", req: TxRequest{Identity: user, Method: "POST", Path: "/rpc/x", Headers: headers,
				SearchPath: []string{"public", "extensions"}, LegacyClaimGUCs: true, Timezone: "America/Lima"},
			want: txState{User: "authenticated", Claims: string(user.ClaimsJSON), Method: "POST", Path: "/rpc/x",
				ClientInfo: "supabase-js/2.119.0", Cookie: "abc", Timeout: "8s", SearchPath: `"public", "extensions"`,
				UID: uid, LegacySub: uid, ReadOnly: "off", Isolation: "read committed", Timezone: "America/Lima"},
		},
		{
			name: "function settings win", req: TxRequest{Identity: user, Method: "POST", Path: "/rpc/slow",
				Settings: []schemacache.Setting{{Name: "statement_timeout", Value: "1s"}, {Name: "default_transaction_isolation", Value: "repeatable read"}}},
			want: txState{User: "authenticated", Claims: string(user.ClaimsJSON), Method: "POST", Path: "/rpc/slow",
				ClientInfo: "<none>", Cookie: "<none>", Timeout: "1s", SearchPath: `"$user", public, extensions`, UID: uid, LegacySub: "<unset>",
				ReadOnly: "off", Isolation: "repeatable read", Timezone: "UTC"},
		},
		{
			name: "role isolation", req: TxRequest{Identity: identity.New(map[string]any{"role": "service_role"}, ""), Method: "DELETE", Path: "/tasks"},
			want: txState{User: "service_role", Claims: `{"role":"service_role"}`, Method: "DELETE", Path: "/tasks",
				ClientInfo: "<none>", Cookie: "<none>", Timeout: "0", SearchPath: `"$user", public, extensions`, UID: "<null>", LegacySub: "<unset>",
				ReadOnly: "off", Isolation: "serializable", Timezone: "UTC"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tx, err := BeginTx(ctx, b.pool, snap, tt.req)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback(ctx)
			if diff := cmp.Diff(tt.want, readState(t, tx)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
			if err := tx.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			// Everything was local to the transaction: the connection goes
			// back to the pool as the authenticator.
			conn, err := b.pool.Acquire(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Release()
			var user, role, claims string
			if err := conn.QueryRow(ctx, "SELECT current_user, current_setting('role'), coalesce(current_setting('request.jwt.claims', true), '')").Scan(&user, &role, &claims); err != nil {
				t.Fatal(err)
			}
			if user != "authenticator" || role != "none" || claims != "" {
				t.Errorf("after commit: user %s role %s claims %q", user, role, claims)
			}
		})
	}
}

func TestBeginTxWritesFailReadOnly(t *testing.T) {
	b := setupTx(t)
	ctx := t.Context()
	if _, err := b.db.Pool.Exec(ctx, "CREATE TABLE public.tx_readonly_probe (id int); GRANT ALL ON public.tx_readonly_probe TO anon"); err != nil {
		t.Fatal(err)
	}
	tx, err := BeginTx(ctx, b.pool, b.snap, TxRequest{Identity: identity.FromContext(ctx), Method: "GET", Path: "/notes", ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	_, err = tx.Exec(ctx, "INSERT INTO public.tx_readonly_probe VALUES (1)")
	if e := ErrorFor("anon", err); e.Status != http.StatusMethodNotAllowed || e.Code != "25006" {
		t.Errorf("write in a read-only request: %v rendered %d %s", err, e.Status, e.Code)
	}
}

func TestBeginTxUnknownRole(t *testing.T) {
	b := setupTx(t)
	ctx := t.Context()
	req := TxRequest{Identity: identity.New(map[string]any{"role": "nobody"}, "tok"), Method: "GET", Path: "/tasks"}
	_, err := BeginTx(ctx, b.pool, b.snap, req)
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "22023" {
		t.Fatalf("error %v, want 22023", err)
	}
	if e := ErrorFor("nobody", err); e.Status != http.StatusUnauthorized {
		t.Errorf("rendered %d, want 401", e.Status)
	}
	// The failed transaction gave its connection back.
	if n := b.pool.Stat().AcquiredConns(); n != 0 {
		t.Errorf("%d connections still acquired", n)
	}
	if err := b.pool.QueryRow(ctx, "SELECT 1").Scan(new(int)); err != nil {
		t.Errorf("pool unusable after a failed setup: %v", err)
	}
}

// The request's statement can ride in the same batch as BEGIN and the
// setup, on a pool that parses each statement in turn.
func TestRequestBatch(t *testing.T) {
	b := setupTx(t)
	ctx := t.Context()
	cfg, err := pgxpool.ParseConfig(b.db.AuthenticatorURL())
	if err != nil {
		t.Fatal(err)
	}
	cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	user := identity.New(map[string]any{"sub": "6f1c8d3e-4b0a-4e57-9d55-0a1b2c3d4e5f", "role": "authenticated"}, "tok")
	batch, err := RequestBatch(b.snap, TxRequest{Identity: user, Method: "GET", Path: "/x", ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	// auth is a schema the authenticator itself may not use.
	batch.Queue("SELECT current_user, auth.uid()::text")
	br := pool.SendBatch(ctx, batch)
	defer br.Tx().Rollback(ctx)
	if err := ReadRequestSetup(br); err != nil {
		t.Fatal(err)
	}
	var who, uid string
	if err := br.QueryRow().Scan(&who, &uid); err != nil {
		t.Fatal(err)
	}
	if err := br.Close(); err != nil {
		t.Fatal(err)
	}
	if err := br.Tx().Commit(ctx); err != nil {
		t.Fatal(err)
	}
	if who != "authenticated" || uid != "6f1c8d3e-4b0a-4e57-9d55-0a1b2c3d4e5f" {
		t.Errorf("ran as %s with uid %s", who, uid)
	}
	if n := pool.Stat().AcquiredConns(); n != 0 {
		t.Errorf("%d connections still acquired", n)
	}
}

// BenchmarkBeginTx measures a request's transaction overhead: BEGIN, the
// setup statement and COMMIT, against plain BEGIN/COMMIT.
func BenchmarkBeginTx(b *testing.B) {
	bb := setupTx(b)
	ctx := context.Background()
	user := identity.New(map[string]any{
		"sub": "6f1c8d3e-4b0a-4e57-9d55-0a1b2c3d4e5f", "role": "authenticated", "email": "a@example.com",
		"aud": "authenticated", "exp": 1900000000, "app_metadata": map[string]any{"provider": "email"},
	}, "tok")
	headers := http.Header{
		"Accept": {"application/json"}, "Apikey": {"key"}, "Authorization": {"Bearer tok"},
		"X-Client-Info": {"supabase-js/2.119.0"}, "Prefer": {"return=representation"},
	}
	req := TxRequest{Identity: user, Method: "GET", Path: "/tasks", Headers: headers, SearchPath: []string{"public", "extensions"}, ReadOnly: true}
	b.Run("plain begin commit", func(b *testing.B) {
		for b.Loop() {
			tx, err := bb.pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
			if err != nil {
				b.Fatal(err)
			}
			if err := tx.Commit(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	run := func(req TxRequest) func(b *testing.B) {
		return func(b *testing.B) {
			for b.Loop() {
				tx, err := BeginTx(ctx, bb.pool, bb.snap, req)
				if err != nil {
					b.Fatal(err)
				}
				if err := tx.Commit(ctx); err != nil {
					b.Fatal(err)
				}
			}
		}
	}
	b.Run("BeginTx", run(req))
	legacy := req
	legacy.LegacyClaimGUCs = true
	b.Run("BeginTx legacy claims", run(legacy))
	b.Run("RequestBatch with statement", func(b *testing.B) {
		cfg, err := pgxpool.ParseConfig(bb.db.AuthenticatorURL())
		if err != nil {
			b.Fatal(err)
		}
		cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			b.Fatal(err)
		}
		defer pool.Close()
		for b.Loop() {
			batch, err := RequestBatch(bb.snap, req)
			if err != nil {
				b.Fatal(err)
			}
			batch.Queue("SELECT 1")
			br := pool.SendBatch(ctx, batch)
			if err := ReadRequestSetup(br); err != nil {
				b.Fatal(err)
			}
			if _, err := br.Exec(); err != nil {
				b.Fatal(err)
			}
			if err := br.Close(); err != nil {
				b.Fatal(err)
			}
			if err := br.Tx().Commit(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("RequestBatch build", func(b *testing.B) {
		for b.Loop() {
			if _, err := RequestBatch(bb.snap, req); err != nil {
				b.Fatal(err)
			}
		}
	})
}
