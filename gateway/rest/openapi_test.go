package rest

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/rest/schemacache"
	"daybase/internal/pgtest"
)

var update = flag.Bool("update", false, "rewrite golden files")

// openAPIFixture loads testdata/openapi_fixture.sql into a fresh database
// and returns it with its snapshot of schema api.
func openAPIFixture(t *testing.T) (*pgtest.DB, *schemacache.Snapshot) {
	t.Helper()
	db := pgtest.New(t)
	sql, err := os.ReadFile("testdata/openapi_fixture.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Pool.Exec(t.Context(), string(sql)); err != nil {
		t.Fatalf("fixture: %v", err)
	}
	snap, err := schemacache.Load(t.Context(), db.Pool, schemacache.Config{Schemas: []string{"api"}})
	if err != nil {
		t.Fatal(err)
	}
	return db, snap
}

// accessAs reads what role may use in api, as the gateway would inside a
// request's transaction.
func accessAs(t *testing.T, db *pgtest.DB, role string) *schemacache.Access {
	t.Helper()
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, db.AuthenticatorURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, "SELECT set_config('role', $1, true)", role); err != nil {
		t.Fatal(err)
	}
	a, err := schemacache.QueryAccess(ctx, tx, "api")
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestOpenAPIGolden(t *testing.T) {
	db, snap := openAPIFixture(t)
	doc, err := OpenAPI(snap, "api", accessAs(t, db, "anon"), OpenAPIConfig{ServerURL: "http://127.0.0.1:54321/rest/v1"})
	if err != nil {
		t.Fatal(err)
	}
	var pretty bytes.Buffer
	if err := json.Indent(&pretty, doc, "", "  "); err != nil {
		t.Fatalf("document is not JSON: %v", err)
	}
	pretty.WriteByte('\n')
	const golden = "testdata/openapi_anon.golden.json"
	if *update {
		if err := os.WriteFile(golden, pretty.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), pretty.String()); diff != "" {
		t.Errorf("document mismatch (-want +got):\n%s", diff)
	}
}

// TestOpenAPIContent spells out the parts of the document clients and
// PostgREST's OpenApiSpec care about.
func TestOpenAPIContent(t *testing.T) {
	db, snap := openAPIFixture(t)
	get := func(access *schemacache.Access, cfg OpenAPIConfig) map[string]any {
		b, err := OpenAPI(snap, "api", access, cfg)
		if err != nil {
			t.Fatal(err)
		}
		var doc map[string]any
		if err := json.Unmarshal(b, &doc); err != nil {
			t.Fatal(err)
		}
		return doc
	}
	jsonOf := func(s string) any {
		var v any
		if err := json.Unmarshal([]byte(s), &v); err != nil {
			t.Fatalf("bad test JSON %s: %v", s, err)
		}
		return v
	}
	at := func(v any, path ...string) any {
		for _, p := range path {
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[p]
		}
		return v
	}

	anon := get(accessAs(t, db, "anon"), OpenAPIConfig{ServerURL: "https://api.example.com/rest/v1"})
	tests := []struct {
		name string
		path []string
		want string
	}{
		{"info", []string{"info"}, `{"title":"Daybase test API","description":"Tables and functions for the OpenAPI test.","version":"13.0.8"}`},
		{"host", []string{"host"}, `"api.example.com:443"`},
		{"basePath", []string{"basePath"}, `"/rest/v1"`},
		{"schemes", []string{"schemes"}, `["https"]`},
		{"clients definition", []string{"definitions", "clients"}, `{
			"type": "object",
			"description": "Clients\nwho pay\nthe bills",
			"properties": {
				"id": {"type": "integer", "format": "integer",
				       "description": "Client number\n\nNote:\nThis is a Primary Key.<pk/>"},
				"name": {"type": "string", "format": "character varying", "maxLength": 50, "default": "anonymous"}
			},
			"required": ["id", "name"]
		}`},
		{"projects columns", []string{"definitions", "projects", "properties"}, `{
			"id": {"type": "integer", "format": "bigint", "description": "Note:\nThis is a Primary Key.<pk/>"},
			"client_id": {"type": "integer", "format": "integer",
			              "description": "Note:\nThis is a Foreign Key to ` + "`clients.id`" + `.<fk table='clients' column='id'/>"},
			"budget": {"type": "number", "format": "numeric", "default": 42.5},
			"active": {"type": "boolean", "format": "boolean", "default": true},
			"started": {"type": "string", "format": "date", "default": "1900-01-01"},
			"mood": {"type": "string", "format": "api.mood", "enum": ["happy", "sad"]},
			"tags": {"type": "array", "format": "text[]", "items": {"type": "string"}},
			"settings": {"format": "jsonb"}
		}`},
		{"view has no required", []string{"definitions", "project_names", "required"}, `null`},
		{"table summary and description", []string{"paths", "/clients", "get", "summary"}, `"Clients"`},
		{"table description", []string{"paths", "/clients", "get", "description"}, `"who pay\nthe bills"`},
		{"get parameters", []string{"paths", "/clients", "get", "parameters"}, `[
			{"$ref": "#/parameters/rowFilter.clients.id"}, {"$ref": "#/parameters/rowFilter.clients.name"},
			{"$ref": "#/parameters/select"}, {"$ref": "#/parameters/order"}, {"$ref": "#/parameters/range"},
			{"$ref": "#/parameters/rangeUnit"}, {"$ref": "#/parameters/offset"}, {"$ref": "#/parameters/limit"},
			{"$ref": "#/parameters/preferCount"}
		]`},
		{"get responses", []string{"paths", "/clients", "get", "responses"}, `{
			"200": {"description": "OK", "schema": {"type": "array", "items": {"$ref": "#/definitions/clients"}}},
			"206": {"description": "Partial Content"}
		}`},
		{"post parameters", []string{"paths", "/clients", "post", "parameters"}, `[
			{"$ref": "#/parameters/body.clients"}, {"$ref": "#/parameters/select"}, {"$ref": "#/parameters/preferPost"}
		]`},
		{"delete responses", []string{"paths", "/clients", "delete", "responses"}, `{"204": {"description": "No Content"}}`},
		{"stable function get", []string{"paths", "/rpc/search", "get", "parameters"}, `[
			{"name": "q", "in": "query", "required": true, "type": "string", "format": "text"},
			{"name": "lim", "in": "query", "required": false, "type": "integer", "format": "integer"}
		]`},
		{"function post body", []string{"paths", "/rpc/search", "post", "parameters"}, `[
			{"name": "args", "in": "body", "required": true, "schema": {
				"type": "object", "description": "Search projects\n\nBy name.", "required": ["q"],
				"properties": {"q": {"type": "string", "format": "text"}, "lim": {"type": "integer", "format": "integer"}}
			}},
			{"$ref": "#/parameters/preferParams"}
		]`},
		{"function tags", []string{"paths", "/rpc/search", "post", "tags"}, `["(rpc) search"]`},
		{"function summary", []string{"paths", "/rpc/search", "post", "summary"}, `"Search projects"`},
		{"volatile function is POST only", []string{"paths", "/rpc/bump", "get"}, `null`},
		{"variadic", []string{"paths", "/rpc/bump", "post", "parameters"}, `[
			{"name": "args", "in": "body", "required": true, "schema": {
				"type": "object", "required": ["ids"],
				"properties": {"ids": {"type": "array", "format": "integer[]", "items": {"type": "integer"}}}
			}},
			{"$ref": "#/parameters/preferParams"}
		]`},
		{"anon cannot see secrets", []string{"paths", "/secrets"}, `null`},
		{"anon cannot see admin_only", []string{"paths", "/rpc/admin_only"}, `null`},
		{"range unit", []string{"parameters", "rangeUnit"}, `{"name": "Range-Unit", "description": "Limiting and Pagination", "required": false, "in": "header", "type": "string", "default": "items"}`},
		{"prefer post", []string{"parameters", "preferPost", "enum"}, `["return=representation", "return=minimal", "return=none", "resolution=ignore-duplicates", "resolution=merge-duplicates"]`},
		{"row filter", []string{"parameters", "rowFilter.clients.id"}, `{"name": "id", "description": "Client number", "required": false, "in": "query", "type": "string"}`},
		{"body", []string{"parameters", "body.clients"}, `{"name": "clients", "description": "clients", "required": false, "in": "body", "schema": {"$ref": "#/definitions/clients"}}`},
		{"no security by default", []string{"securityDefinitions"}, `null`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(jsonOf(tt.want), at(anon, tt.path...)); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}

	// service_role sees its table; ignoring privileges shows everything.
	svc := get(accessAs(t, db, "service_role"), OpenAPIConfig{})
	if at(svc, "paths", "/secrets") == nil {
		t.Error("service_role does not see /secrets")
	}
	if at(svc, "host") != nil || at(svc, "basePath") != "/" {
		t.Errorf("without a server URL: host %v basePath %v", at(svc, "host"), at(svc, "basePath"))
	}
	all := get(nil, OpenAPIConfig{SecurityActive: true})
	if at(all, "paths", "/rpc/admin_only") == nil || at(all, "paths", "/secrets") == nil {
		t.Error("ignoring privileges hides objects")
	}
	if diff := cmp.Diff(jsonOf(`[{"JWT": []}]`), at(all, "security")); diff != "" {
		t.Errorf("security mismatch (-want +got):\n%s", diff)
	}
}

func TestSwaggerDefault(t *testing.T) {
	tests := []struct {
		typ, expr string
		want      any
	}{
		{"text", "'default'::text", "default"},
		{"character varying", "'x'::character varying", "x"},
		{"integer", "42", 42.0},
		{"numeric", "42.2", 42.2},
		{"boolean", "false", false},
		{"date", "'1900-01-01'::date", "1900-01-01"},
		{"time without time zone", "'13:00:00'::time without time zone", "13:00:00"},
		{"integer", "nextval('t_id_seq'::regclass)", nil},
		{"uuid", "gen_random_uuid()", "gen_random_uuid()"},
		{"text", `'say "hi"'::text`, nil},
		{"text", "", nil},
	}
	for _, tt := range tests {
		if got := swaggerDefault(tt.typ, tt.expr); !cmp.Equal(got, tt.want) {
			t.Errorf("swaggerDefault(%q, %q) = %#v, want %#v", tt.typ, tt.expr, got, tt.want)
		}
	}
}
