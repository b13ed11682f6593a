package rest

import (
	"context"
	"fmt"
	"net"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
)

// On one connection, a read runs unprepared twice and prepared from then
// on; the prepared statement still answers each caller by their own
// policies (PostgreSQL plans it again for another role, and auth.uid() is
// read when it runs), and a schema reload retires it, so a new column is
// seen at once.
func TestPreparedStatementsPerConnection(t *testing.T) {
	ctx := context.Background()
	var pool *pgxpool.Pool
	b := setupREST(t, func(c *Config) {
		cfg := c.Pool.Config()
		cfg.MaxConns = 1 // every request on the same connection
		p, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		c.Pool, pool = p, p
	})
	a := []string{"X-Role: authenticated", "X-Sub: " + userA}
	bb := []string{"X-Role: authenticated", "X-Sub: " + userB}
	for _, h := range [][]string{a, bb} {
		if r := b.do(t, "POST", "/notes", `{"body":"note of `+h[1][7:]+`"}`, h...); r.status != 201 {
			t.Fatalf("insert: %d %s", r.status, r.body)
		}
	}
	want := map[string]string{
		userA: fmt.Sprintf(`[{"body":"note of %s"}]`, userA),
		userB: fmt.Sprintf(`[{"body":"note of %s"}]`, userB),
	}
	read := func(path string) {
		t.Helper()
		for i := range 6 { // alternating users, on the one connection
			h, user := a, userA
			if i%2 == 1 {
				h, user = bb, userB
			}
			r := b.do(t, "GET", path, "", h...)
			if r.status != 200 {
				t.Fatalf("%s as %s: %d %s", path, user, r.status, r.body)
			}
			w := want[user]
			if path == "/notes?select=body,extra" {
				w = w[:len(w)-2] + `,"extra":"x"}]`
			}
			jsonEqual(t, w, r.body)
		}
		// Anonymous callers see nothing (no policy for them matches).
		if r := b.do(t, "GET", path, ""); r.status != 200 || r.body != "[]" {
			t.Fatalf("%s as anon: %d %s", path, r.status, r.body)
		}
	}
	// A statement first prepared as service_role, which bypasses
	// row-level security, must not hand its plan to a user: PostgreSQL
	// marks such a plan as depending on the role and plans it again.
	svc := []string{"X-Role: service_role"}
	for range 3 {
		if r := b.do(t, "GET", "/notes?select=body&order=body.desc", "", svc...); r.status != 200 {
			t.Fatalf("as service_role: %d %s", r.status, r.body)
		}
	}
	if r := b.do(t, "GET", "/notes?select=body&order=body.desc", "", a...); r.status != 200 {
		t.Fatalf("after service_role: %d %s", r.status, r.body)
	} else {
		jsonEqual(t, want[userA], r.body)
	}
	read("/notes?select=body")                   // rows mode
	read("/notes?select=body&order=id&limit=10") // another statement
	conn, err := pool.Acquire(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(stmtsOf(conn.Conn().PgConn()).names); n != 3 {
		t.Errorf("%d statements prepared, want 3", n)
	}
	conn.Release()

	if _, err := b.db.Pool.Exec(ctx, `ALTER TABLE test.notes ADD COLUMN extra text NOT NULL DEFAULT 'x'`); err != nil {
		t.Fatal(err)
	}
	if _, err := b.cache.Reload(ctx, b.db.Pool); err != nil {
		t.Fatal(err)
	}
	read("/notes?select=body,extra")
}

// A read runs without BEGIN and COMMIT, in the implicit transaction of its
// pipeline: it is still read only, on every path (unprepared, being
// prepared, prepared), still sees the response settings its statement
// made, and leaves nothing behind on the connection (role, claims and the
// read-only mode end with the transaction at the pipeline's Sync).
func TestReadsWithoutBegin(t *testing.T) {
	ctx := context.Background()
	var pool *pgxpool.Pool
	b := setupREST(t, func(c *Config) {
		cfg := c.Pool.Config()
		cfg.MaxConns = 1
		p, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(p.Close)
		c.Pool, pool = p, p
	})
	a := []string{"X-Role: authenticated", "X-Sub: " + userA}
	for i := range 4 {
		if r := b.do(t, "GET", "/rpc/new_client?id=60&name=x", "", a...); r.status != 405 || !strings.Contains(r.body, "25006") {
			t.Fatalf("volatile GET, run %d: %d %s", i+1, r.status, r.body)
		}
		if r := b.do(t, "GET", "/rpc/with_header", "", a...); r.status != 200 || r.header.Get("X-Custom") != "yes" {
			t.Fatalf("response settings, run %d: %d %v", i+1, r.status, r.header)
		}
		if r := b.do(t, "GET", "/notes?select=body", "", a...); r.status != 200 {
			t.Fatalf("rows-mode read, run %d: %d %s", i+1, r.status, r.body)
		}
		conn, err := pool.Acquire(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pg := conn.Conn().PgConn()
		if !stmtsOf(pg).readCommitted {
			t.Error("the connection's default isolation was not read as read committed")
		}
		var user, claims, ro, sub string
		err = conn.QueryRow(ctx, `SELECT current_user, coalesce(current_setting('request.jwt.claims', true), ''),
			current_setting('transaction_read_only'), coalesce(current_setting('daybase.sub', true), '')`).Scan(&user, &claims, &ro, &sub)
		conn.Release()
		if err != nil {
			t.Fatal(err)
		}
		if user == "authenticated" || claims != "" || ro != "off" || sub != "" {
			t.Fatalf("after run %d the connection kept the request's state: user %s, claims %q, read only %s, sub %q", i+1, user, claims, ro, sub)
		}
	}
	var n int
	if err := b.db.Pool.QueryRow(ctx, `SELECT count(*) FROM test.clients WHERE id = 60`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("a GET wrote: %d rows (%v)", n, err)
	}
}

// A client that goes away while its request readies the connection (a
// browser aborts fetches when the user navigates) must not leave the
// connection in a state that fails every later request on it. In CI the
// response settings statement was prepared on the server, the context was
// cancelled before the next round trip, and the connection went back to
// the pool with the statement unrecorded: everything it served afterwards
// answered 42P05 "prepared statement daybase_rest_response already
// exists". Here the context is cancelled as each of readyConn's round
// trips is answered in turn, and the connection must then serve a request;
// and a statement of that name left on the server by any other slip is
// replaced, not tripped on.
func TestReadyConnSurvivesACancelledClient(t *testing.T) {
	b := setupREST(t)
	snap := b.cache.Snapshot()
	for at := 0; at <= 2; at++ { // 0: no cancel, the name prepared beforehand
		cfg := b.db.AuthenticatorPool(t).Config().ConnConfig.Config.Copy()
		var wire *cancelAtReply
		dial := cfg.DialFunc
		cfg.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
			c, err := dial(ctx, network, addr)
			wire = &cancelAtReply{Conn: c}
			return wire, err
		}
		pg, err := pgconn.ConnectConfig(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if at == 0 {
			if _, err := pg.Prepare(context.Background(), responseGUCsName, "SELECT 1", nil); err != nil {
				t.Fatal(err)
			}
		} else {
			ctx, cancel := context.WithCancel(context.Background())
			wire.writes, wire.at, wire.cancel = 0, at, cancel
			_ = readyConn(ctx, pg, snap) // fails, or ends as its last answer arrives
			if ctx.Err() == nil || pg.IsClosed() {
				t.Fatalf("round trip %d: cancelled %v, connection closed %v; the case under test did not happen", at, ctx.Err() != nil, pg.IsClosed())
			}
		}
		if err := readyConn(context.Background(), pg, snap); err != nil {
			t.Fatalf("round trip %d: the next request on the connection: %v", at, err)
		}
		if _, err := pg.ExecStatement(context.Background(), stmtsOf(pg).responseGUCs, nil, nil, nil).Close(); err != nil {
			t.Fatalf("round trip %d: the response statement: %v", at, err)
		}
		pg.Close(context.Background())
	}
}

// cancelAtReply cancels a context once the answer to the at-th message
// written (after it is armed) has been read in full: a read ending with
// ReadyForQuery ('Z', length 5, status).
type cancelAtReply struct {
	net.Conn
	writes, at int
	cancel     context.CancelFunc
}

func (c *cancelAtReply) Write(b []byte) (int, error) {
	c.writes++
	return c.Conn.Write(b)
}

func (c *cancelAtReply) Read(b []byte) (int, error) {
	n, err := c.Conn.Read(b)
	if c.cancel != nil && c.writes == c.at && n >= 6 && b[n-6] == 'Z' && b[n-2] == 5 {
		c.cancel()
	}
	return n, err
}
