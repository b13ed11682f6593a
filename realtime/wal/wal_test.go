package wal_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/internal/pgtest"
	"daybase/realtime/rls"
	"daybase/realtime/wal"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// startReader streams a fresh slot of db and returns the chunks channel.
// The slot is dropped at cleanup, after the reader stopped.
func startReader(t *testing.T, db *pgtest.DB) (*wal.Reader, <-chan *wal.Chunk) {
	t.Helper()
	cfg, err := pgconn.ParseConfig(db.URL)
	if err != nil {
		t.Fatal(err)
	}
	slot := "rt_" + db.Name
	r := wal.New(wal.Config{Conn: cfg, Slot: slot, Publication: "supabase_realtime", ChunkSize: 3})
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan *wal.Chunk, 100)
	done := make(chan error, 1)
	go func() { done <- r.Run(ctx, out) }()
	t.Cleanup(func() {
		cancel()
		<-done
		dropSlot(t, db, slot)
	})
	waitSlot(t, db, slot)
	return r, out
}

// waitSlot waits until the slot captures changes: it is active already
// while CREATE_REPLICATION_SLOT waits for every transaction running in the
// cluster (other databases' too), but captures only once
// confirmed_flush_lsn is set.
func waitSlot(t *testing.T, db *pgtest.DB, slot string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var active bool
		err := db.Pool.QueryRow(context.Background(),
			"SELECT active AND confirmed_flush_lsn IS NOT NULL FROM pg_replication_slots WHERE slot_name = $1", slot).Scan(&active)
		if err == nil && active {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("slot %s never became active", slot)
}

func dropSlot(t *testing.T, db *pgtest.DB, slot string) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := db.Pool.Exec(context.Background(),
			"SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots WHERE slot_name = $1", slot)
		if err == nil || time.Now().After(deadline) {
			if err != nil {
				t.Errorf("drop slot %s: %v", slot, err)
			}
			return
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// next collects chunks until a final one.
func next(t *testing.T, ch <-chan *wal.Chunk) []*wal.Chunk {
	t.Helper()
	var got []*wal.Chunk
	timeout := time.After(10 * time.Second)
	for {
		select {
		case c := <-ch:
			got = append(got, c)
			if c.Final {
				return got
			}
		case <-timeout:
			t.Fatalf("no final chunk within 10s (got %d chunks)", len(got))
		}
	}
}

const allTypes = `
CREATE TYPE public.mood AS ENUM ('happy', 'sad', 'it''s complicated');
CREATE DOMAIN public.positive AS integer CHECK (VALUE > 0);
CREATE TABLE public.all_types (
  id          bigserial PRIMARY KEY,
  u           uuid,
  t           text,
  vc          varchar(20),
  ch          char(3),
  i2          smallint,
  i4          integer,
  i8          bigint,
  f4          real,
  f8          double precision,
  num         numeric(10,2),
  numx        numeric,
  b           boolean,
  d           date,
  tm          time,
  tmtz        timetz,
  ts          timestamp,
  tstz        timestamptz,
  iv          interval,
  j           json,
  jb          jsonb,
  tarr        text[],
  iarr        integer[],
  i2d         integer[][],
  uarr        uuid[],
  barr        boolean[],
  tsarr       timestamptz[],
  jbarr       jsonb[],
  by          bytea,
  ip          inet,
  m           public.mood,
  marr        public.mood[],
  pos         public.positive,
  r4          int4range,
  o           oid,
  c1          "char",
  pt          point,
  bx          box[]
);
ALTER TABLE public.all_types REPLICA IDENTITY FULL;
ALTER PUBLICATION supabase_realtime ADD TABLE public.all_types;
`

// TestDecodeEveryType inserts rows with every column type the schema uses
// (and more), reads them back through the slot, converts each value with
// pgjson and compares with what to_jsonb() says in PostgreSQL.
func TestDecodeEveryType(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	if _, err := db.Pool.Exec(ctx, allTypes); err != nil {
		t.Fatal(err)
	}
	_, out := startReader(t, db)

	inserts := []string{
		`INSERT INTO public.all_types (u, t, vc, ch, i2, i4, i8, f4, f8, num, numx, b, d, tm, tmtz, ts, tstz, iv, j, jb,
		   tarr, iarr, i2d, uarr, barr, tsarr, jbarr, by, ip, m, marr, pos, r4, o, c1, pt, bx) VALUES (
		   '6f1c0a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f', 'line
two "quoted" \ back', 'varchar', 'ab', -32768, 2147483647, 9007199254740993, 1.5, 0.1, 12345678.90, 1e-20, true,
		   '2024-02-29', '23:59:59.999999', '09:00:00+05:30', '2024-05-02 09:00:00.123456', '2024-05-02 09:00:00.5+02',
		   '1 year 2 mons 3 days 04:05:06', '{"a": [1, 2.50, null], "a": "dup"}', '{"k": {"n": 1e3, "s": "é"}}',
		   ARRAY['a', 'b c', 'd,e', 'f"g', NULL, 'NULL', ''], ARRAY[1, NULL, 3], '{{1,2},{3,4}}',
		   ARRAY['6f1c0a9e-1b2c-4d3e-8f40-5a6b7c8d9e0f'::uuid], ARRAY[true, false, NULL],
		   ARRAY['2024-01-01 00:00:00+00'::timestamptz, 'infinity'], ARRAY['{"x": 1}'::jsonb, '[]', 'null'],
		   '\x00ff10', '192.168.0.1/24', 'it''s complicated', ARRAY['happy', 'sad']::public.mood[], 7, '[1,5)', 42, 'x',
		   '(1.5,2)', ARRAY['(1,1),(0,0)'::box, '(3,3),(2,2)'])`,
		`INSERT INTO public.all_types (i4, f8, numx, ts, tstz, d) VALUES (0, 'NaN', 'NaN', 'infinity', '-infinity', '2000-01-01')`,
		`INSERT INTO public.all_types (f4, f8, numx, tarr, iarr, ts) VALUES ('Infinity', '-Infinity', -0.000, '{}', '[0:1]={7,8}', '0044-03-15 12:00:00 BC')`,
		`INSERT INTO public.all_types (id) VALUES (100)`,
	}
	for _, q := range inserts {
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	cat := rls.NewCatalog(db.Pool, time.Minute)
	var changes []wal.Change
	for range inserts {
		for _, c := range next(t, out) {
			changes = append(changes, c.Changes...)
		}
	}
	if len(changes) != len(inserts) {
		t.Fatalf("got %d changes, want %d", len(changes), len(inserts))
	}
	rel := changes[0].Rel
	if rel.Schema != "public" || rel.Name != "all_types" || rel.Identity != 'f' {
		t.Fatalf("relation = %+v", rel)
	}
	var oids []uint32
	for _, c := range rel.Columns {
		oids = append(oids, c.TypeOID)
	}
	types, err := cat.Types(ctx, oids)
	if err != nil {
		t.Fatal(err)
	}
	// Every type's name as the client sees it in columns[].type.
	var names []string
	for _, c := range rel.Columns {
		names = append(names, types[c.TypeOID].Name)
	}
	wantNames := []string{"int8", "uuid", "text", "varchar", "bpchar", "int2", "int4", "int8", "float4", "float8",
		"numeric", "numeric", "bool", "date", "time", "timetz", "timestamp", "timestamptz", "interval", "json", "jsonb",
		"_text", "_int4", "_int4", "_uuid", "_bool", "_timestamptz", "_jsonb", "bytea", "inet", "mood", "_mood",
		"positive", "int4range", "oid", "char", "point", "_box"}
	if diff := cmp.Diff(wantNames, names); diff != "" {
		t.Errorf("type names mismatch (-want +got):\n%s", diff)
	}

	for i, ch := range changes {
		if ch.Op != 'I' || len(ch.New) != len(rel.Columns) {
			t.Fatalf("change %d = %c with %d values", i, ch.Op, len(ch.New))
		}
		id := ch.New[0].Text
		for j, col := range rel.Columns {
			v := ch.New[j]
			var got []byte
			if v.Kind == wal.Null {
				got = []byte("null")
			} else {
				got = types[col.TypeOID].Append(nil, []byte(v.Text))
			}
			var want []byte
			if err := db.Pool.QueryRow(ctx, fmt.Sprintf("SET TimeZone = 'UTC'; SELECT coalesce(to_jsonb(%s)::text, 'null') FROM public.all_types WHERE id = $1", col.Name), id).Scan(&want); err != nil {
				// Multi-statement strings cannot take parameters; retry plainly.
				if _, err := db.Pool.Exec(ctx, "SET TimeZone = 'UTC'"); err != nil {
					t.Fatal(err)
				}
				if err := db.Pool.QueryRow(ctx, fmt.Sprintf("SELECT coalesce(to_jsonb(%s)::text, 'null') FROM public.all_types WHERE id = $1", col.Name), id).Scan(&want); err != nil {
					t.Fatalf("to_jsonb(%s): %v", col.Name, err)
				}
			}
			if !jsonEqual(t, want, got) {
				t.Errorf("row %s column %s (%s): text %q → %s, to_jsonb gives %s", id, col.Name, names[j], v.Text, got, want)
			}
		}
	}
}

// jsonEqual compares JSON semantically (numbers by value).
func jsonEqual(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	da := json.NewDecoder(strings.NewReader(string(a)))
	da.UseNumber()
	db := json.NewDecoder(strings.NewReader(string(b)))
	db.UseNumber()
	if err := da.Decode(&x); err != nil {
		t.Fatalf("bad JSON %s: %v", a, err)
	}
	if err := db.Decode(&y); err != nil {
		t.Errorf("bad JSON %s: %v", b, err)
		return false
	}
	return cmp.Equal(x, y, cmp.Comparer(func(p, q json.Number) bool {
		pf, err1 := p.Float64()
		qf, err2 := q.Float64()
		return err1 == nil && err2 == nil && pf == qf
	}))
}

// TestUpdateDeleteAndAck checks old tuples by replica identity, chunking of
// a big transaction, and that acknowledged transactions are not streamed
// again by the next reader while unacknowledged ones are.
func TestUpdateDeleteAndAck(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	if _, err := db.Pool.Exec(ctx, `
		CREATE TABLE public.full_t (id int PRIMARY KEY, v text, big text);
		ALTER TABLE public.full_t REPLICA IDENTITY FULL;
		CREATE TABLE public.default_t (id int PRIMARY KEY, v text);
		ALTER PUBLICATION supabase_realtime ADD TABLE public.full_t, public.default_t;`); err != nil {
		t.Fatal(err)
	}
	cfg, _ := pgconn.ParseConfig(db.URL)
	slot := "rt_" + db.Name
	r := wal.New(wal.Config{Conn: cfg, Slot: slot, Publication: "supabase_realtime", ChunkSize: 2})
	run := func() (context.CancelFunc, chan *wal.Chunk, chan error) {
		ctx, cancel := context.WithCancel(context.Background())
		out := make(chan *wal.Chunk, 100)
		done := make(chan error, 1)
		go func() {
			// The previous reader's walsender may not have released the
			// slot yet (slow under load); retry as Server.lead does.
			err := r.Run(ctx, out)
			for errors.Is(err, wal.ErrSlotBusy) && ctx.Err() == nil {
				time.Sleep(50 * time.Millisecond)
				err = r.Run(ctx, out)
			}
			done <- err
		}()
		waitSlot(t, db, slot)
		return cancel, out, done
	}
	t.Cleanup(func() { dropSlot(t, db, slot) })
	cancel, out, done := run()
	stop := func() { cancel(); <-done }
	t.Cleanup(func() { stop() })

	exec := func(q string) {
		t.Helper()
		if _, err := db.Pool.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO public.full_t VALUES (1, 'a', repeat('x', 10000)), (2, 'b', NULL), (3, 'c', NULL)`)
	chunks := next(t, out)
	if len(chunks) != 2 || len(chunks[0].Changes) != 2 || len(chunks[1].Changes) != 1 || chunks[0].Final || !chunks[1].Final || chunks[1].EndLSN == 0 {
		t.Fatalf("a 3-row transaction with ChunkSize 2 gave %d chunks", len(chunks))
	}
	if chunks[0].CommitLSN != chunks[1].CommitLSN || chunks[0].Xid != chunks[1].Xid {
		t.Error("chunks of one transaction disagree on its identity")
	}
	r.Ack(chunks[1].EndLSN)

	exec(`UPDATE public.full_t SET v = 'a2' WHERE id = 1`)
	c := next(t, out)[0].Changes[0]
	if c.Op != 'U' || c.OldKind != 'O' || c.Old[1].Text != "a" || c.New[1].Text != "a2" {
		t.Errorf("full update = %+v", c)
	}
	if c.New[2].Kind != wal.Unchanged && c.New[2].Text == "" {
		t.Errorf("untouched TOASTed column = %+v", c.New[2])
	}
	exec(`INSERT INTO public.default_t VALUES (1, 'x'); UPDATE public.default_t SET v = 'y'; DELETE FROM public.default_t`)
	var cs []wal.Change
	for _, ch := range next(t, out) {
		cs = append(cs, ch.Changes...)
	}
	if len(cs) != 3 {
		t.Fatalf("one transaction of 3 statements gave %d changes", len(cs))
	}
	upd, del := cs[1], cs[2]
	if upd.Op != 'U' || upd.Old != nil || upd.OldKind != 0 {
		t.Errorf("default identity update should carry no old row: %+v", upd)
	}
	if del.Op != 'D' || del.OldKind != 'K' || del.Old[0].Text != "1" || del.Old[1].Kind != wal.Null {
		t.Errorf("default identity delete = %+v", del)
	}

	// Stop without acknowledging the last transactions: a new reader gets
	// them again (as backlog), but not the acknowledged insert.
	stop()
	cancel, out, done = run()
	stop = func() { cancel(); <-done }
	again := next(t, out)
	if again[0].Changes[0].Op != 'U' || again[0].Changes[0].Rel.Name != "full_t" || !again[0].Backlog {
		t.Errorf("after restart got %c on %s (backlog %v), want the unacknowledged update as backlog",
			again[0].Changes[0].Op, again[0].Changes[0].Rel.Name, again[0].Backlog)
	}
	exec(`INSERT INTO public.full_t VALUES (9, 'live', NULL)`)
	var live *wal.Chunk
	for live == nil {
		for _, ch := range next(t, out) {
			if ch.Changes[0].Op == 'I' && ch.Changes[0].Rel.Name == "full_t" {
				live = ch
			}
		}
	}
	if live.Backlog {
		t.Error("a transaction committed after the reader started is marked as backlog")
	}
}
