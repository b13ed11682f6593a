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

// Found by postgrest-js's fixture (issue 25): Prefer: missing=default lays
// every row over the columns' defaults, as PostgREST's fromJsonBodyF does,
// so a sequence advances once per row, also for rows that bring their own
// id. The ids follow: identity START WITH 100, so the second row gets 101.
func TestMissingDefaultDrawsPerRow(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "bulk insert", method: "POST", path: "/tasks?columns=id,name&select=id,name,done,priority",
			body:    `[{"id": 1000, "name": "own id"}, {"name": "default id"}]`,
			headers: []string{"Content-Type: application/json", "Prefer: missing=default, return=representation"}, status: 201,
			want: `[{"id":1000,"name":"own id","done":false,"priority":1},{"id":101,"name":"default id","done":false,"priority":1}]`},
		{name: "without missing=default a missing key is null", method: "POST", path: "/tasks?columns=id,name,priority&select=id,priority",
			body:    `[{"id": 1001, "name": "x"}]`,
			headers: []string{"Content-Type: application/json", "Prefer: return=representation"}, status: 201,
			want: `[{"id":1001,"priority":null}]`},
		{name: "an explicit null is kept", method: "POST", path: "/tasks?columns=name,priority&select=id,priority",
			body:    `{"name": "null priority", "priority": null}`,
			headers: []string{"Content-Type: application/json", "Prefer: missing=default, return=representation"}, status: 201,
			want: `[{"id":102,"priority":null}]`},
		{name: "update resets a missing column to its default", method: "PATCH", path: "/tasks?id=eq.2&columns=name,priority&select=id,name,priority",
			body:    `{"name": "Code w7!"}`,
			headers: []string{"Content-Type: application/json", "Prefer: missing=default, return=representation"}, status: 200,
			want: `[{"id":2,"name":"Code w7!","priority":1}]`},
	})
}

// Two embeds of one table under the same name, without aliases, fail as
// PostgREST's do: its lateral aliases collide in PostgreSQL (issue 25).
// With aliases both are answered.
func TestDuplicateEmbedWithoutAliases(t *testing.T) {
	b := setupREST(t)
	runCases(t, b, []httpCase{
		{name: "same name twice", path: "/messages?select=users!sender(*),users!recipient(*)&limit=1", status: 400,
			want: `{"code":"42712","details":null,"hint":null,"message":"table name \"messages_users_1\" specified more than once"}`},
		{name: "aliased", path: "/messages?select=id,from:users!sender(name),to:users!recipient(name)&id=eq.1", status: 200,
			want: `[{"id":1,"from":{"name":"Angela"},"to":{"name":"Michael"}}]`},
	})
}

// Accept: application/geo+json answers a FeatureCollection built by
// PostGIS's ST_AsGeoJSON, as PostgREST does (issue 25). PostGIS comes from
// the Debian package the test task installs (deps:postgis).
func TestGeoJSON(t *testing.T) {
	b := setupREST(t)
	ctx := t.Context()
	var available bool
	if err := b.db.Pool.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_available_extensions WHERE name = 'postgis')").Scan(&available); err != nil {
		t.Fatal(err)
	}
	if !available {
		t.Skip("PostGIS is not installed for this PostgreSQL: run `go tool task deps:postgis` (it says whether the Debian registry serves the package)")
	}
	for _, sql := range []string{
		"CREATE EXTENSION IF NOT EXISTS postgis WITH SCHEMA extensions",
		`CREATE TABLE test.shops (id int PRIMARY KEY, address text, shop_geom extensions.geometry(POINT, 4326))`,
		"INSERT INTO test.shops VALUES (1, '1369 Cambridge St', extensions.ST_SetSRID(extensions.ST_MakePoint(-71.10044, 42.373695), 4326))",
		"GRANT SELECT ON test.shops TO anon",
	} {
		if _, err := b.db.Pool.Exec(ctx, sql); err != nil {
			t.Fatalf("%s: %v", sql, err)
		}
	}
	if _, err := b.cache.Reload(ctx, b.db.Pool); err != nil {
		t.Fatal(err)
	}
	runCases(t, b, []httpCase{
		{name: "feature collection", path: "/shops", headers: []string{"Accept: application/geo+json"}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10044,42.373695]},
				"properties":{"id":1,"address":"1369 Cambridge St"}}]}`,
			wantHeaders: map[string]string{"Content-Type": "application/geo+json; charset=utf-8"}},
		{name: "filtered to nothing", path: "/shops?id=eq.2", headers: []string{"Accept: application/geo+json"}, status: 200,
			want: `{"type":"FeatureCollection","features":[]}`},
		{name: "selected columns", path: "/shops?select=id,shop_geom", headers: []string{"Accept: application/geo+json"}, status: 200,
			want: `{"type":"FeatureCollection","features":[{"type":"Feature","geometry":{"type":"Point","coordinates":[-71.10044,42.373695]},
				"properties":{"id":1}}]}`},
	})
}
