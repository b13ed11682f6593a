package rest

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

// restBundle is a REST engine on a fresh database loaded with
// testdata/rest_fixture.sql, behind a test server.
type restBundle struct {
	db    *pgtest.DB
	srv   *httptest.Server
	cache *schemacache.Cache
	rest  *Server // the engine itself, without the identity stand-in
}

// Users of the fixture's RLS tests.
const (
	userA = "00000000-0000-0000-0000-00000000000a"
	userB = "00000000-0000-0000-0000-00000000000b"
)

func setupREST(t testing.TB, opts ...func(*Config)) *restBundle {
	t.Helper()
	ctx := context.Background()
	db := pgtest.New(t)
	fixture, err := os.ReadFile("testdata/rest_fixture.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(ctx, string(fixture)); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	for _, u := range []string{userA, userB} {
		if _, err := db.Pool.Exec(ctx, `INSERT INTO auth.users (id, email) VALUES ($1::uuid, $1::text || '@example.test')`, u); err != nil {
			t.Fatalf("user: %v", err)
		}
	}
	pool := db.AuthenticatorPool(t)
	cache := schemacache.New(schemacache.Config{Schemas: []string{"test", "other"}}, testLogger(t))
	if _, err := cache.Reload(ctx, db.Pool); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Pool: pool, Cache: cache, Log: testLogger(t),
		Plan: plan.Config{MaxRows: 1000, AggregatesEnabled: true}, TxAllowOverride: true}
	for _, o := range opts {
		o(&cfg)
	}
	srv := New(cfg)
	// Stand-in for the gateway's JWT middleware: X-Role and X-Sub pick
	// the identity.
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		role := r.Header.Get("X-Role")
		if role == "" {
			role = identity.Anon
		}
		claims := map[string]any{"role": role}
		if sub := r.Header.Get("X-Sub"); sub != "" {
			claims["sub"] = sub
		}
		srv.ServeHTTP(w, r.WithContext(identity.NewContext(r.Context(), identity.New(claims, ""))))
	})
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return &restBundle{db: db, srv: ts, cache: cache, rest: srv}
}

type response struct {
	status int
	header http.Header
	body   string
}

// do sends a request; headers are "Name: value" strings.
func (b *restBundle) do(t testing.TB, method, path, body string, headers ...string) response {
	t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, b.srv.URL+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ":")
		req.Header.Add(strings.TrimSpace(k), strings.TrimSpace(v))
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return response{res.StatusCode, res.Header, string(data)}
}

// jsonEqual compares JSON semantically (object key order ignored).
func jsonEqual(t testing.TB, want, got string) {
	t.Helper()
	var w, g any
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("bad want JSON %q: %v", want, err)
	}
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("response is not JSON: %q", got)
	}
	if diff := cmp.Diff(w, g); diff != "" {
		t.Errorf("body mismatch (-want +got):\n%s\ngot: %s", diff, got)
	}
}

// httpCase is one request and what must come back. Body "" means "not
// checked"; "-" means empty.
type httpCase struct {
	name    string
	method  string
	path    string
	body    string
	headers []string
	status  int
	want    string
	// wantHeaders must match exactly (name → value; "" means absent).
	wantHeaders map[string]string
}

func runCases(t *testing.T, b *restBundle, cases []httpCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			method := c.method
			if method == "" {
				method = http.MethodGet
			}
			res := b.do(t, method, c.path, c.body, c.headers...)
			if res.status != c.status {
				t.Errorf("status = %d, want %d; body %s", res.status, c.status, res.body)
			}
			switch c.want {
			case "":
			case "-":
				if res.body != "" {
					t.Errorf("body = %q, want empty", res.body)
				}
			default:
				if strings.HasPrefix(c.want, "[") || strings.HasPrefix(c.want, "{") || c.want == "null" || strings.HasPrefix(c.want, `"`) || isNumber(c.want) {
					jsonEqual(t, c.want, res.body)
				} else if res.body != c.want {
					t.Errorf("body = %q, want %q", res.body, c.want)
				}
			}
			for k, v := range c.wantHeaders {
				if got := res.header.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
		})
	}
}

func isNumber(s string) bool {
	var f float64
	return json.Unmarshal([]byte(s), &f) == nil
}

func TestSmoke(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "all clients", path: "/clients?order=id", status: 200,
			want:        `[{"id":1,"name":"Microsoft"},{"id":2,"name":"Apple"}]`,
			wantHeaders: map[string]string{"Content-Range": "0-1/*", "Content-Type": "application/json; charset=utf-8"}},
	})
}

// A request right after a migration sees it: a table or function the
// snapshot does not know waits for the reload the migration's DDL asked
// for, where PostgREST answers 404 until its reload lands.
func TestRequestAfterDDLWaitsForReload(t *testing.T) {
	b := setupREST(t)
	ctx, cancel := context.WithCancel(t.Context())
	done := make(chan error, 1)
	first := b.cache.Snapshot()
	go func() { done <- b.cache.Watch(ctx, b.db.Pool) }()
	t.Cleanup(func() { cancel(); <-done })
	// Watch loads once it listens.
	for b.cache.Snapshot() == first {
		time.Sleep(5 * time.Millisecond)
	}

	if _, err := b.db.Pool.Exec(t.Context(), `
		CREATE TABLE test.just_made (id int PRIMARY KEY, title text);
		INSERT INTO test.just_made VALUES (1, 'fresh');
		GRANT SELECT ON test.just_made TO anon;
		CREATE FUNCTION test.just_made_count() RETURNS bigint LANGUAGE sql AS 'SELECT count(*) FROM test.just_made';
		GRANT EXECUTE ON FUNCTION test.just_made_count() TO anon`); err != nil {
		t.Fatal(err)
	}
	// Most often the request lands inside the 100 ms debounce; it holds
	// wherever it lands: the handler first catches up with the DDL's
	// notification (schemacache's TestCatchUpHearsWhatWasCommittedBefore).
	time.Sleep(20 * time.Millisecond)
	if b.cache.Snapshot().Table("test", "just_made") != nil {
		t.Log("reloaded before the request: this run did not exercise the wait")
	}
	res := b.do(t, "GET", "/just_made?select=title", "")
	if res.status != http.StatusOK {
		t.Fatalf("GET just after CREATE TABLE: %d %s", res.status, res.body)
	}
	jsonEqual(t, `[{"title":"fresh"}]`, res.body)
	res = b.do(t, "GET", "/rpc/just_made_count", "")
	if res.status != http.StatusOK || res.body != "1" {
		t.Errorf("rpc after reload: %d %s", res.status, res.body)
	}
	// A name no reload brings is still 404.
	if res := b.do(t, "GET", "/never_made", ""); res.status != http.StatusNotFound {
		t.Errorf("unknown table: %d %s", res.status, res.body)
	}
}
