package rest

import (
	"regexp"
	"strconv"
	"testing"
)

// Prefer: timezone applies names of pg_timezone_names, ignores others.
func TestPreferTimezone(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "known", path: "/rpc/current_tz", headers: []string{"Prefer: timezone=America/Lima"}, status: 200,
			want: `"America/Lima"`, wantHeaders: map[string]string{"Preference-Applied": "timezone=America/Lima"}},
		{name: "unknown is ignored", path: "/rpc/current_tz", headers: []string{"Prefer: timezone=Mars/Olympus"}, status: 200,
			want: `"UTC"`, wantHeaders: map[string]string{"Preference-Applied": ""}},
		{name: "strict unknown", path: "/rpc/current_tz", headers: []string{"Prefer: handling=strict, timezone=Mars/Olympus"}, status: 400},
	})
}

// count=estimated: exact up to max-rows, the larger of exact and planned
// above it.
func TestCountEstimated(t *testing.T) {
	b := setupREST(t, func(c *Config) { c.Plan.MaxRows = 5 })
	total := func(headers ...string) int64 {
		t.Helper()
		res := b.do(t, "GET", "/tasks?select=id", "", headers...)
		m := regexp.MustCompile(`/(\d+)$`).FindStringSubmatch(res.header.Get("Content-Range"))
		if m == nil {
			t.Fatalf("Content-Range %q (status %d %s)", res.header.Get("Content-Range"), res.status, res.body)
		}
		n, _ := strconv.ParseInt(m[1], 10, 64)
		return n
	}
	planned := total("Prefer: count=planned")
	if got, want := total("Prefer: count=estimated"), max(7, planned); got != want {
		t.Errorf("7 rows > max-rows 5: estimated %d, want max(exact 7, planned %d)", got, planned)
	}
	res := b.do(t, "GET", "/tasks?select=id&done=is.true", "", "Prefer: count=estimated")
	if cr := res.header.Get("Content-Range"); cr != "0-2/3" {
		t.Errorf("3 rows <= max-rows: Content-Range %q, want 0-2/3", cr)
	}
	// max-rows also caps the page: 7 rows, 5 returned.
	res = b.do(t, "GET", "/tasks?select=id&order=id", "", "Prefer: count=exact")
	if cr := res.header.Get("Content-Range"); res.status != 206 || cr != "0-4/7" {
		t.Errorf("max-rows page: %d %q, want 206 0-4/7", res.status, cr)
	}
}

// The role's statement_timeout (ALTER ROLE ... SET, migration 0001 sets
// 3s for anon and 8s for authenticated) cancels a request's statement:
// 57014, answered 500 as PostgREST does.
func TestRoleStatementTimeout(t *testing.T) {
	b := setupREST(t)
	ctx := t.Context()
	if _, err := b.db.Pool.Exec(ctx, "ALTER ROLE anon IN DATABASE "+b.db.Name+" SET statement_timeout = '150ms'"); err != nil {
		t.Fatal(err)
	}
	if _, err := b.cache.Reload(ctx, b.db.Pool); err != nil {
		t.Fatal(err)
	}
	runCases(t, b, []httpCase{
		{name: "anon times out", path: "/rpc/nap?s=1", status: 500,
			want: `{"code":"57014","details":null,"hint":null,"message":"canceling statement due to statement timeout"}`},
		{name: "authenticated has its own", path: "/rpc/nap?s=0.3", headers: []string{"X-Role: authenticated", "X-Sub: " + userA},
			status: 200, want: `1`},
	})
}

// Found by postgrest-js's fixture (docs/benchmarks.md, issue 4): a JSON
// body that names the single unnamed parameter with the "" key still
// passes the whole body to it (PostgREST's OnePosParam), instead of
// rendering an empty identifier (42601).
func TestSingleUnnamedParamEmptyKey(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "empty key", method: "POST", path: "/rpc/echo", body: `{"": {"a": 1}}`,
			headers: []string{"Content-Type: application/json"}, status: 200, want: `{"": {"a": 1}}`},
		{name: "other keys", method: "POST", path: "/rpc/echo", body: `{"b": 2}`,
			headers: []string{"Content-Type: application/json"}, status: 200, want: `{"b": 2}`},
	})
}

// Found by postgrest-js's fixture: aggregates beside a to-one spread
// group by the spread's columns as they are; only json values (embeds
// inside the spread) are cast to jsonb. Casting text or numbers to jsonb
// failed with 22P02 or 42846.
func TestAggregateWithToOneSpread(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "columns", path: "/tasks?select=project_id,count(),...projects(name,budget)&order=project_id", status: 200,
			want: `[{"project_id":1,"count":2,"name":"Windows 7","budget":100.5},
				{"project_id":2,"count":2,"name":"Windows 10","budget":200},
				{"project_id":3,"count":2,"name":"IOS","budget":null},
				{"project_id":4,"count":1,"name":"OSX","budget":50}]`},
		{name: "embed inside the spread", path: "/tasks?select=count(),...projects(clients(name))&project_id=lt.3", status: 200,
			want: `[{"count":4,"clients":{"name":"Microsoft"}}]`},
	})
}
