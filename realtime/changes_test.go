package realtime_test

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"

	"daybase/internal/pgtest"
	"daybase/realtime"
	"daybase/realtime/phx"
)

const changesSchema = `
CREATE SCHEMA rtt;
GRANT USAGE ON SCHEMA rtt TO anon, authenticated, service_role;
CREATE TABLE rtt.todos (
  id       bigserial PRIMARY KEY,
  user_id  uuid NOT NULL,
  title    text,
  done     boolean NOT NULL DEFAULT false,
  tags     text[],
  meta     jsonb,
  due      timestamptz,
  priority int,
  secret   text
);
ALTER TABLE rtt.todos REPLICA IDENTITY FULL;
ALTER TABLE rtt.todos ENABLE ROW LEVEL SECURITY;
CREATE POLICY own ON rtt.todos FOR SELECT TO authenticated USING (user_id = (SELECT auth.uid()));
GRANT SELECT (id, user_id, title, done, tags, meta, due, priority) ON rtt.todos TO authenticated;
GRANT ALL ON rtt.todos TO service_role;
CREATE TABLE rtt.plain (id int PRIMARY KEY, v text, n numeric);
GRANT SELECT ON rtt.plain TO anon, authenticated, service_role;
CREATE TABLE rtt.hidden (id int PRIMARY KEY);
ALTER PUBLICATION supabase_realtime ADD TABLE rtt.todos, rtt.plain;
`

const (
	alice = "00000000-0000-4000-8000-00000000a11c"
	bob   = "00000000-0000-4000-8000-000000000b0b"
)

var tsFormat = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$`)

func pgChanges(bindings ...map[string]any) map[string]any {
	list := make([]any, len(bindings))
	for i, b := range bindings {
		list[i] = b
	}
	return map[string]any{"postgres_changes": list}
}

// joinIDs joins with bindings and returns the ids the reply gave them.
func joinIDs(t *testing.T, c *client, topic string, config map[string]any, tok string) []int64 {
	t.Helper()
	_, r := c.mustJoin(topic, config, tok)
	var resp struct {
		PostgresChanges []map[string]any `json:"postgres_changes"`
	}
	must(t, json.Unmarshal(r.Response, &resp))
	var ids []int64
	for i, pc := range resp.PostgresChanges {
		id, ok := pc["id"].(float64)
		if !ok || id <= 0 {
			t.Fatalf("binding %d has no positive integer id: %v", i, pc)
		}
		want := config["postgres_changes"].([]any)[i].(map[string]any)
		for k, v := range want {
			if !cmp.Equal(pc[k], v) {
				t.Errorf("binding %d: %s echoed as %v, sent %v", i, k, pc[k], v)
			}
		}
		ids = append(ids, int64(id))
	}
	c.expect("Subscribed to PostgreSQL", func(m phx.Message) bool {
		return m.Event == "system" && m.Topic == "realtime:"+topic && strings.Contains(string(m.Payload), "Subscribed to PostgreSQL")
	})
	return ids
}

func TestPostgresChangesPayload(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	in := e.start(realtime.Config{})
	e.waitStreaming()
	c := dial(t, in, e.anon, phx.V2)
	tok := e.userToken(alice, time.Hour)
	ids := joinIDs(t, c, "todos", pgChanges(
		map[string]any{"event": "*", "schema": "rtt", "table": "todos", "filter": "user_id=eq." + alice},
		map[string]any{"event": "INSERT", "schema": "rtt", "table": "todos"},
	), tok)
	if ids[0] == ids[1] {
		t.Fatal("two bindings share an id")
	}

	e.exec(`INSERT INTO rtt.todos (user_id, title, tags, meta, due, priority, secret)
	        VALUES ($1, 'Buy milk', ARRAY['a','b c'], '{"k":1}', '2024-05-02 09:00+00', 3, 'hidden')`, alice)
	ch := c.nextChange("todos")
	sort.Slice(ch.IDs, func(i, j int) bool { return ch.IDs[i] < ch.IDs[j] })
	wantIDs := []int64{ids[0], ids[1]}
	sort.Slice(wantIDs, func(i, j int) bool { return wantIDs[i] < wantIDs[j] })
	if diff := cmp.Diff(wantIDs, ch.IDs); diff != "" {
		t.Errorf("ids (-want +got):\n%s", diff)
	}
	d := ch.Data
	if d.Schema != "rtt" || d.Table != "todos" || d.Type != "INSERT" || !tsFormat.MatchString(d.CommitTimestamp) || d.Errors != nil {
		t.Errorf("data = %+v", d)
	}
	wantCols := []map[string]any{
		{"name": "id", "type": "int8"}, {"name": "user_id", "type": "uuid"}, {"name": "title", "type": "text"},
		{"name": "done", "type": "bool"}, {"name": "tags", "type": "_text"}, {"name": "meta", "type": "jsonb"},
		{"name": "due", "type": "timestamptz"}, {"name": "priority", "type": "int4"},
	}
	if diff := cmp.Diff(wantCols, d.Columns); diff != "" {
		t.Errorf("columns (the secret column is not granted) (-want +got):\n%s", diff)
	}
	id := d.Record["id"]
	wantRecord := map[string]any{"id": id, "user_id": alice, "title": "Buy milk", "done": false, "tags": []any{"a", "b c"},
		"meta": map[string]any{"k": float64(1)}, "due": "2024-05-02T09:00:00+00:00", "priority": float64(3)}
	if diff := cmp.Diff(wantRecord, d.Record); diff != "" {
		t.Errorf("record (-want +got):\n%s", diff)
	}
	if d.OldRecord != nil {
		t.Errorf("INSERT has old_record %v", d.OldRecord)
	}
	if !strings.Contains(string(mustMarshal(t, ch)), `"ids"`) {
		t.Error("no ids")
	}

	e.exec(`UPDATE rtt.todos SET done = true WHERE id = $1`, id)
	ch = c.nextChange("todos")
	if ch.Data.Type != "UPDATE" || !cmp.Equal(ch.IDs, []int64{ids[0]}) || ch.Data.Record["done"] != true || ch.Data.OldRecord["done"] != false || ch.Data.OldRecord["title"] != "Buy milk" {
		t.Errorf("update = %+v", ch)
	}
	e.exec(`DELETE FROM rtt.todos WHERE id = $1`, id)
	ch = c.nextChange("todos")
	if ch.Data.Type != "DELETE" || ch.Data.Record != nil || ch.Data.OldRecord["id"] != id || ch.Data.OldRecord["user_id"] != alice {
		t.Errorf("delete = %+v", ch)
	}
	if _, ok := ch.Data.OldRecord["secret"]; ok {
		t.Error("old_record carries a column the role may not read")
	}

	// Leaving the channel ends the subscription.
	ref := c.push("", "realtime:todos", "phx_leave", map[string]any{})
	c.reply(ref)
	e.exec(`INSERT INTO rtt.todos (user_id, title) VALUES ($1, 'after leave')`, alice)
	c.quiet(500*time.Millisecond, "change after leaving", isChange)
}

func mustMarshal(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	must(t, err)
	return b
}

func TestFilters(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	in := e.start(realtime.Config{})
	e.waitStreaming()
	c := dial(t, in, e.anon, phx.V1) // and the 1.0.0 serializer
	bindings := []map[string]any{
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "id=eq.2"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "id=neq.2"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "id=lt.3"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "id=lte.3"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "id=gt.10"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": "n=gte.2.5"},
		{"event": "INSERT", "schema": "rtt", "table": "plain", "filter": `v=in.(a,"b,c")`},
		{"event": "UPDATE", "schema": "rtt", "table": "plain"},
		{"event": "*", "schema": "rtt", "table": "*", "filter": `v=eq."b,c"`},
		{"event": "DELETE", "schema": "rtt", "table": "plain", "filter": "id=eq.3"},
	}
	ids := joinIDs(t, c, "filters", pgChanges(bindings...), "")
	name := map[int64]string{}
	for i, id := range ids {
		name[id] = fmt.Sprint(i)
	}
	got := func() string {
		ch := c.nextChange("filters")
		var s []string
		for _, id := range ch.IDs {
			s = append(s, name[id])
		}
		sort.Strings(s)
		return ch.Data.Type + " " + strings.Join(s, ",")
	}
	for _, tc := range []struct{ sql, want string }{
		{`INSERT INTO rtt.plain VALUES (2, 'a', 1)`, "INSERT 0,2,3,6"},
		{`INSERT INTO rtt.plain VALUES (3, 'b,c', 2.5)`, "INSERT 1,3,5,6,8"},
		{`INSERT INTO rtt.plain VALUES (11, 'b', 10)`, "INSERT 1,4,5"},
		{`UPDATE rtt.plain SET v = 'b' WHERE id = 2`, "UPDATE 7"},
		// A DELETE under REPLICA IDENTITY DEFAULT carries only the key,
		// which is what the id filter needs.
		{`DELETE FROM rtt.plain WHERE id = 3`, "DELETE 9"},
	} {
		e.exec(tc.sql)
		if g := got(); g != tc.want {
			t.Errorf("%s: matched %q, want %q", tc.sql, g, tc.want)
		}
	}
	// A change no binding matches is not sent.
	e.exec(`DELETE FROM rtt.plain WHERE id = 11`)
	c.quiet(300*time.Millisecond, "unmatched change", isChange)
}

func TestBindingErrors(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	in := e.start(realtime.Config{})
	c := dial(t, in, e.anon, phx.V2)
	for _, b := range []map[string]any{
		{"event": "*", "schema": "rtt", "table": "hidden"},
		{"event": "*", "schema": "rtt", "table": "nope"},
		{"event": "*", "schema": "rtt", "table": "plain", "filter": "missing=eq.1"},
		{"event": "*", "schema": "rtt", "table": "plain", "filter": "id=like"},
	} {
		topic := fmt.Sprint(b["table"], b["filter"])
		_, r := c.mustJoin(topic, pgChanges(b), "")
		if !strings.Contains(string(r.Response), `"id":`) {
			t.Errorf("%v: the reply must still echo the binding: %s", b, r.Response)
		}
		m := c.expect("system error", func(m phx.Message) bool { return m.Event == "system" && m.Topic == "realtime:"+topic })
		var p map[string]string
		json.Unmarshal(m.Payload, &p)
		if p["extension"] != "postgres_changes" || p["status"] != "error" || !strings.Contains(p["message"], "Unable to subscribe") {
			t.Errorf("%v: system message %s", b, m.Payload)
		}
		// Waiting for the subscription turns it into a join error.
		cfg := pgChanges(b)
		cfg["postgres_changes_options"] = map[string]any{"wait": true}
		_, r = c.join(topic+"-wait", cfg, "")
		if r.Status != "error" || !strings.Contains(string(r.Response), "RealtimeDisabledForConfiguration") {
			t.Errorf("%v with wait: %+v", b, r)
		}
	}
	_, r := c.join("bad", pgChanges(map[string]any{"event": "TRUNCATE", "schema": "rtt"}), "")
	if r.Status != "error" {
		t.Errorf("event TRUNCATE: %+v", r)
	}
}

// TestRLSNoLeak subscribes many users to the same table without a filter.
// Every user must receive exactly the changes to their own rows: a row of
// someone else arriving fails the test. service_role sees everything and
// anon (no privilege) nothing.
func TestRLSNoLeak(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	in := e.start(realtime.Config{})
	e.waitStreaming()
	const n = 12
	users := make([]string, n)
	clients := make([]*client, n)
	for i := range users {
		users[i] = fmt.Sprintf("00000000-0000-4000-8000-%012d", i+1)
		clients[i] = dial(t, in, e.anon, phx.V2)
		joinIDs(t, clients[i], "all", pgChanges(map[string]any{"event": "*", "schema": "rtt", "table": "todos"}), e.userToken(users[i], time.Hour))
	}
	svc := dial(t, in, e.anon, phx.V2)
	joinIDs(t, svc, "all", pgChanges(map[string]any{"event": "*", "schema": "rtt", "table": "todos"}), e.svc)
	anon := dial(t, in, e.anon, phx.V2)
	joinIDs(t, anon, "all", pgChanges(map[string]any{"event": "*", "schema": "rtt", "table": "todos"}), "")

	// Each user gets 3 rows in one transaction and one in a transaction of
	// its own; then every row is updated and half are deleted.
	for i, u := range users {
		e.exec(`INSERT INTO rtt.todos (user_id, title) SELECT $1, 'row ' || g FROM generate_series(1, 3) g`, u)
		e.exec(`INSERT INTO rtt.todos (user_id, title) VALUES ($1, 'single')`, users[(i+1)%n])
	}
	e.exec(`UPDATE rtt.todos SET done = true`)
	e.exec(`DELETE FROM rtt.todos WHERE id % 2 = 0`)
	var total, deleted int
	must(t, e.db.Pool.QueryRow(t.Context(), `SELECT count(*) FROM rtt.todos`).Scan(&total))
	deleted = 4*n - total
	// The last change: one sentinel row per user.
	for _, u := range users {
		e.exec(`INSERT INTO rtt.todos (user_id, title) VALUES ($1, 'sentinel')`, u)
	}

	for i, c := range clients {
		var got []string
		for {
			ch := c.nextChange("all")
			rec := ch.Data.Record
			if ch.Data.Type == "DELETE" {
				rec = ch.Data.OldRecord
			}
			if rec["user_id"] != users[i] {
				t.Fatalf("LEAK: user %d received a %s of user %v's row: %+v", i, ch.Data.Type, rec["user_id"], rec)
			}
			if rec["title"] == "sentinel" {
				break
			}
			got = append(got, ch.Data.Type)
		}
		sort.Strings(got)
		counts := map[string]int{}
		for _, g := range got {
			counts[g]++
		}
		if counts["INSERT"] != 4 || counts["UPDATE"] != 4 {
			t.Errorf("user %d got %v, want 4 inserts, 4 updates and their deletes", i, counts)
		}
	}
	// service_role: every change, including deletes.
	want := 4*n + 4*n + deleted + n
	for k := 0; k < want; k++ {
		svc.nextChange("all")
	}
	anon.quiet(300*time.Millisecond, "a change for anon, which may not read the table", isChange)
}

// TestResumeAfterRestart: changes committed while no server ran reach a
// client that subscribes again after the restart.
func TestResumeAfterRestart(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)
	a := e.start(realtime.Config{})
	e.waitStreaming()
	c := dial(t, a, e.anon, phx.V2)
	joinIDs(t, c, "resume", pgChanges(map[string]any{"event": "INSERT", "schema": "rtt", "table": "plain"}), "")
	var before string // a WAL position inside the transaction, before its commit
	must(t, pgx.BeginFunc(t.Context(), e.db.Pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(t.Context(), `INSERT INTO rtt.plain VALUES (1, 'before', 0)`); err != nil {
			return err
		}
		return tx.QueryRow(t.Context(), `SELECT pg_current_wal_insert_lsn()::text`).Scan(&before)
	}))
	if v := c.nextChange("resume").Data.Record["v"]; v != "before" {
		t.Fatalf("got %v", v)
	}
	// The slot confirms the delivered transaction (the reader reports it
	// within its poll interval); otherwise the restart would replay it.
	e.waitConfirmedPast(before)
	a.stop()

	for i := 2; i <= 4; i++ {
		e.exec(`INSERT INTO rtt.plain VALUES ($1, 'while down', 0)`, i)
	}
	b := e.start(realtime.Config{})
	e.waitStreaming()
	time.Sleep(300 * time.Millisecond) // the client reconnects a little later
	c = dial(t, b, e.anon, phx.V2)
	joinIDs(t, c, "resume", pgChanges(map[string]any{"event": "INSERT", "schema": "rtt", "table": "plain"}), "")
	e.exec(`INSERT INTO rtt.plain VALUES (5, 'after', 0)`)
	var got []any
	for len(got) < 4 {
		got = append(got, c.nextChange("resume").Data.Record["id"])
	}
	if diff := cmp.Diff([]any{float64(2), float64(3), float64(4), float64(5)}, got); diff != "" {
		t.Errorf("after restart (-want +got):\n%s", diff)
	}
	c.quiet(300*time.Millisecond, "a duplicate", isChange)
}

// TestSubscribedOnlyOnceSlotCaptures: creating a logical slot waits for
// every transaction running in the whole cluster, other databases'
// included. Until the slot has its consistent point it captures nothing,
// so the server must not tell a client "Subscribed to PostgreSQL" before
// then (changes committed in between were silently lost when other
// packages' tests ran on the same cluster).
func TestSubscribedOnlyOnceSlotCaptures(t *testing.T) {
	e := newEnv(t)
	e.exec(changesSchema)

	// A transaction with an xid, open in another database of the cluster.
	other := pgtest.New(t)
	tx, err := other.Pool.Begin(t.Context())
	must(t, err)
	defer tx.Rollback(context.Background())
	_, err = tx.Exec(t.Context(), `SELECT pg_current_xact_id()`)
	must(t, err)

	in := e.start(realtime.Config{})
	c := dial(t, in, e.anon, phx.V2)
	c.mustJoin("early", pgChanges(map[string]any{"event": "INSERT", "schema": "rtt", "table": "plain"}), "")
	subscribed := func(m phx.Message) bool {
		return m.Event == "system" && strings.Contains(string(m.Payload), "Subscribed to PostgreSQL")
	}
	// The slot cannot become consistent while tx runs.
	c.quiet(time.Second, "Subscribed to PostgreSQL while the slot is still being created", subscribed)
	var consistent bool
	must(t, e.db.Pool.QueryRow(t.Context(),
		`SELECT confirmed_flush_lsn IS NOT NULL FROM pg_replication_slots WHERE slot_name = $1`, e.slot).Scan(&consistent))
	if consistent {
		t.Fatal("the slot became consistent although a transaction older than it still runs")
	}

	must(t, tx.Commit(t.Context()))
	c.expect("Subscribed to PostgreSQL", subscribed)
	e.exec(`INSERT INTO rtt.plain VALUES (1, 'after subscribed', 0)`)
	if v := c.nextChange("early").Data.Record["v"]; v != "after subscribed" {
		t.Fatalf("got %v", v)
	}
}
