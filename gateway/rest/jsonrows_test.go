package rest

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
	"daybase/internal/identity"
)

// TestRowsModeSameBytes: a read rendered in rows mode is byte for byte
// what json_agg renders, for every type rows mode takes and the awkward
// values of each; what it cannot render falls back (errNotRows).
func TestRowsModeSameBytes(t *testing.T) {
	b := setupREST(t)
	ctx := context.Background()
	_, err := b.db.Pool.Exec(ctx, `
CREATE DOMAIN test.short_text AS text CHECK (length(VALUE) < 100);
CREATE TYPE test.mood AS ENUM ('ok', 'meh');
CREATE TABLE test.kinds (
  id int PRIMARY KEY, b bool, i2 smallint, i8 bigint, f4 real, f8 double precision, n numeric,
  d date, ts timestamp, tstz timestamptz, j json, jb jsonb, t text, vc varchar(20), c char(5),
  u uuid, st test.short_text, ia int[], ba bigint[], ta text[], ua uuid[], "we""ird key" text);
CREATE TABLE test.odd (id int PRIMARY KEY, m test.mood, ia int[], d date, tstz timestamptz);
GRANT SELECT ON test.kinds, test.odd TO anon;
INSERT INTO test.kinds VALUES
 (1, true, 1, 9007199254740993, 1.5, 1e100, 12345678901234567890.123456789,
  '2026-11-23', '2026-11-23 21:30:59.445127', '2026-11-23 21:30:59+00', '{"a" : [1, 2]}', '{"b": {"c": null}}',
  E'quote " backslash \\ newline \n tab \t cr \r bs \b ff \f ctl \x01 \x1f del \x7f é 😀 </script>', 'vc', 'ab',
  'fd39ab22-696d-4e2d-a45a-222aa2e2ec92', 'dom', '{1,NULL,-3}', '{}', '{"x y",NULL,"","NULL","a\\b","q\"",plain,"{}"}',
  '{fd39ab22-696d-4e2d-a45a-222aa2e2ec92}', 'k'),
 (2, false, -32768, -1, 'NaN', 'Infinity', 'NaN', 'infinity', '-infinity', 'infinity', 'null', '[]', '', '', '',
  NULL, NULL, '{}', '{NULL}', '{}', '{}', NULL),
 (3, NULL, 0, 0, '-Infinity', -0.0, '-Infinity', '10000-01-01', '2026-01-01 00:00:00', '2026-01-01 00:00:00.5+00', '1', '"s"',
  NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
 (4, NULL, NULL, NULL, 3.4028235e38, 5e-324, 0.000001, '2026-02-28', '2026-02-28 23:59:59.999999', '1999-12-31 23:59:59.123+00', NULL, NULL,
  'x', NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);
INSERT INTO test.odd VALUES (1, 'ok', '{1}', '2026-01-01', '2026-01-01 00:00+00'), (2, NULL, '[0:1]={1,2}', NULL, NULL),
 (3, NULL, '{{1,2},{3,4}}', NULL, NULL), (4, NULL, NULL, '0044-03-15 BC', NULL), (5, NULL, NULL, NULL, '0044-03-15 12:00+00 BC'),
 (6, NULL, NULL, '0001-01-01', '1900-01-01 00:00+00')`)
	if err != nil {
		t.Fatal(err)
	}
	snap, err := b.cache.Reload(ctx, b.db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	both := func(t *testing.T, path, query string, tz string, wantRows bool) {
		t.Helper()
		hdr := http.Header{"Accept": {"application/json"}}
		req, err := parse.Parse(http.MethodGet, path, query, hdr, parse.Config{})
		if err != nil {
			t.Fatal(err)
		}
		p, err := plan.New(snap, "test", req, parse.MediaType{Kind: parse.MediaJSON}, nil, plan.Config{MaxRows: 1000})
		if err != nil {
			t.Fatal(err)
		}
		if !rowsEligible(p, false) {
			t.Fatalf("%s?%s: not eligible for rows mode", path, query)
		}
		tx := TxRequest{Identity: identity.New(map[string]any{"role": identity.Anon}, ""), Method: "GET", Path: path,
			Headers: hdr, SearchPath: []string{"test"}, ReadOnly: true, Timezone: tz}
		rows, err := executeRows(ctx, b.db.Pool, snap, tx, sqlgen.Rows(p))
		if !wantRows {
			if !errors.Is(err, errNotRows) {
				t.Fatalf("%s?%s: want a fallback, got %v", path, query, err)
			}
			return
		}
		if err != nil {
			t.Fatalf("%s?%s rows mode: %v", path, query, err)
		}
		agg, err := execute(ctx, b.db.Pool, snap, execution{tx: tx, main: sqlgen.Main(p, sqlgen.Options{})})
		if err != nil {
			t.Fatalf("%s?%s json_agg: %v", path, query, err)
		}
		if string(rows.body) != string(agg.body) {
			t.Errorf("%s?%s (tz %q):\nrows mode: %s\njson_agg:  %s", path, query, tz, rows.body, agg.body)
		}
		if rows.pageTotal != agg.pageTotal || string(rows.headers) != string(agg.headers) || string(rows.status) != string(agg.status) {
			t.Errorf("%s?%s: rows mode page %d headers %q status %q, json_agg %d %q %q", path, query,
				rows.pageTotal, rows.headers, rows.status, agg.pageTotal, agg.headers, agg.status)
		}
	}
	for _, tz := range []string{"", "Asia/Kolkata", "America/St_Johns", "Europe/Amsterdam"} {
		both(t, "/kinds", "order=id", tz, true)
	}
	both(t, "/kinds", "select=id,t,ta&id=eq.1", "", true)
	both(t, "/kinds", "id=eq.99", "", true) // no rows: []
	both(t, "/odd", "select=id,ia,d,tstz&id=eq.1", "", true)
	both(t, "/odd", "select=id,d,tstz&id=eq.6", "Europe/Amsterdam", true) // an offset with seconds (LMT)
	both(t, "/odd", "select=id,ia&id=eq.2", "", true)                     // bounds
	both(t, "/odd", "select=id,ia&id=eq.3", "", true)                     // two dimensions
	both(t, "/odd", "select=id,d&id=eq.4", "", true)                      // BC
	both(t, "/odd", "select=id,tstz&id=eq.5", "", true)                   // BC
	both(t, "/odd", "select=id,d,tstz&id=eq.5", "Asia/Kolkata", true)     // BC with an offset
	// A singular read's body is the one row's JSON (row_to_json), byte for
	// byte the element the array's json_agg holds.
	for _, q := range []string{"/kinds?id=eq.1", "/kinds?id=eq.2", "/kinds?id=eq.3", "/kinds?id=eq.4", "/odd?id=eq.1",
		"/odd?id=eq.2", "/odd?id=eq.3", "/odd?id=eq.4", "/odd?id=eq.5", "/odd?id=eq.6"} {
		path, query, _ := strings.Cut(q, "?")
		run := func(media parse.MediaKind) string {
			req, err := parse.Parse(http.MethodGet, path, query, http.Header{}, parse.Config{})
			if err != nil {
				t.Fatal(err)
			}
			p, err := plan.New(snap, "test", req, parse.MediaType{Kind: media}, nil, plan.Config{MaxRows: 1000})
			if err != nil {
				t.Fatal(err)
			}
			tx := TxRequest{Identity: identity.New(map[string]any{"role": identity.Anon}, ""), Method: "GET", Path: path,
				SearchPath: []string{"test"}, ReadOnly: true}
			res, err := execute(ctx, b.db.Pool, snap, execution{tx: tx, main: sqlgen.Main(p, sqlgen.Options{})})
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			return string(res.body)
		}
		array, object := run(parse.MediaJSON), run(parse.MediaSingular)
		if "["+object+"]" != array {
			t.Errorf("%s: singular body %s, array %s", q, object, array)
		}
	}
	if p := mustPlan(t, snap, "/odd", "select=id,m"); rowsEligible(p, false) {
		t.Error("an enum column must not be planned in rows mode")
	}
	for _, q := range []string{"select=id,t::int", "select=id,jb->b", "select=count()", "select=id&limit=1"} {
		p := mustPlan(t, snap, "/kinds", q)
		if eligible := rowsEligible(p, false); eligible != strings.HasSuffix(q, "limit=1") {
			t.Errorf("%s: eligible %v", q, eligible)
		}
	}
}

func mustPlan(t *testing.T, snap *schemacache.Snapshot, path, query string) *plan.Plan {
	t.Helper()
	req, err := parse.Parse(http.MethodGet, path, query, http.Header{}, parse.Config{})
	if err != nil {
		t.Fatal(err)
	}
	p, err := plan.New(snap, "test", req, parse.MediaType{Kind: parse.MediaJSON}, nil, plan.Config{MaxRows: 1000, AggregatesEnabled: true})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// BenchmarkRowEncoder renders 594 rows like the app's task list (34
// columns, one real row repeated) as rows mode does.
func BenchmarkRowEncoder(b *testing.B) {
	names := []string{"id", "user_id", "title", "notes", "due_date", "due_time", "priority", "tags", "list", "location", "reminders", "recurrence", "is_completed", "completed_at", "is_starred", "is_deleted", "sort_order", "importance", "urgency", "parent_id", "project_id", "assigned_to", "team_id", "created_at", "updated_at", "project_name", "project_color", "project_icon_name", "project_icon_color", "project_icon_weight", "project_is_shared", "project_owner_id", "is_owner", "user_role"}
	oids := []uint32{2950, 2950, 25, 25, 1082, 1184, 21, 25, 25, 25, 1007, 25, 16, 1184, 16, 16, 23, 21, 21, 2950, 2950, 2950, 2950, 1184, 1184, 25, 25, 25, 25, 25, 16, 2950, 16, 25}
	vals := []string{"fd39ab22-696d-4e2d-a45a-222aa2e2ec92", "00000000-0000-4000-8000-0000000000f1", "Task 1 of Project 1", "", "2026-11-14", "", "1", "", "Project 1", "", "{}", "", "f", "2026-11-23 21:30:59.445127+00", "f", "f", "1", "1", "2", "", "477cc94b-5310-4634-87b4-ffbb35e0f3de", "", "", "2026-11-23 21:30:59.445127+00", "2026-11-23 22:29:59.445127+00", "Project 1", "#3b82f6", "Folder", "", "duotone", "t", "00000000-0000-4000-8000-0000000000f1", "t", "owner"}
	fds := make([]pgconn.FieldDescription, len(names))
	row := make([][]byte, len(names))
	for i := range names {
		fds[i] = pgconn.FieldDescription{Name: names[i], DataTypeOID: oids[i]}
		if vals[i] != "" {
			row[i] = []byte(vals[i])
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		var e rowEncoder
		if err := e.start(fds); err != nil {
			b.Fatal(err)
		}
		for range 594 {
			if err := e.row(row); err != nil {
				b.Fatal(err)
			}
		}
		releaseBody(e.finish())
	}
}
