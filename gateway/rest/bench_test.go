package rest

import (
	"context"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/gateway/rest/sqlgen"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

// BenchmarkREST compares the engine (parse, plan, render, execute,
// respond; no network) with a minimal pgx program that sends the very
// same statements — BEGIN, the setup, the generated SELECT, COMMIT — in
// one batch: the physical limit of this design. Run with
//
//	go run ./internal/pgtest/cmd/withpg -- go test ./gateway/rest -run '^$' -bench BenchmarkREST -benchtime 3s
//
// Each sub-benchmark reports p99 latency besides ns/op.
func BenchmarkREST(b *testing.B) {
	ctx := context.Background()
	db := pgtest.New(b)
	if _, err := db.Pool.Exec(ctx, benchFixture); err != nil {
		b.Fatal(err)
	}
	newPool := func(exec bool) *pgxpool.Pool {
		cfg, err := pgxpool.ParseConfig(db.AuthenticatorURL())
		if err != nil {
			b.Fatal(err)
		}
		cfg.MaxConns = 20
		if exec {
			cfg.ConnConfig.DefaultQueryExecMode = pgx.QueryExecModeExec
		}
		pool, err := pgxpool.NewWithConfig(ctx, cfg)
		if err != nil {
			b.Fatal(err)
		}
		b.Cleanup(pool.Close)
		return pool
	}
	apiPool, rawPool := newPool(false), newPool(true)
	cache := schemacache.New(schemacache.Config{Schemas: []string{"bench"}}, testLogger(b))
	snap, err := cache.Reload(ctx, db.Pool)
	if err != nil {
		b.Fatal(err)
	}
	srv := New(Config{Pool: apiPool, Cache: cache, Log: testLogger(b), Plan: plan.Config{MaxRows: 1000}})
	id := identity.New(map[string]any{"role": "authenticated", "sub": userA}, "")

	cases := []struct{ name, path string }{
		{"pk_rls", "/notes?id=eq.7"},
		{"list50_embed", "/tasks?select=id,name,done,projects(id,name)&order=id&limit=50"},
	}
	for _, c := range cases {
		hdr := http.Header{"Accept": {"application/json"}}
		req, err := parse.Parse(http.MethodGet, c.path[:indexQ(c.path)], c.path[indexQ(c.path)+1:], hdr, parse.Config{})
		if err != nil {
			b.Fatal(err)
		}
		p, err := plan.New(snap, "bench", req, parse.MediaType{Kind: parse.MediaJSON}, nil, plan.Config{MaxRows: 1000})
		if err != nil {
			b.Fatal(err)
		}
		main := sqlgen.Main(p, sqlgen.Options{})
		begin, setup, setupArgs, err := RequestSetup(snap, TxRequest{Identity: id, Method: "GET", Path: c.path, Headers: hdr,
			SearchPath: []string{"bench", "public", "extensions"}, ReadOnly: true})
		if err != nil {
			b.Fatal(err)
		}
		anyArgs := func(bs [][]byte) []any {
			out := make([]any, len(bs))
			for i, v := range bs {
				out[i] = string(v)
			}
			return out
		}
		sArgs, mArgs := anyArgs(setupArgs), anyArgs(main.Args)
		raw := func() error {
			batch := &pgx.Batch{}
			batch.Queue(begin)
			batch.Queue(setup, sArgs...)
			batch.Queue(main.SQL, mArgs...)
			batch.Queue("COMMIT")
			br := rawPool.SendBatch(ctx, batch)
			defer br.Close()
			for range 2 {
				if _, err := br.Exec(); err != nil {
					return err
				}
			}
			var total, page *int64
			var body, h, s *string
			var ins *int64
			if err := br.QueryRow().Scan(&total, &page, &body, &h, &s, &ins); err != nil {
				return err
			}
			_, err := br.Exec()
			return err
		}
		engine := func() error {
			r := httptest.NewRequestWithContext(identity.NewContext(ctx, id), http.MethodGet, c.path, nil)
			r.Header = hdr.Clone()
			w := httptest.NewRecorder()
			srv.ServeHTTP(w, r)
			if w.Code != http.StatusOK {
				b.Fatalf("%s: %d %s", c.path, w.Code, w.Body)
			}
			return nil
		}
		if err := raw(); err != nil {
			b.Fatal(err)
		}
		for _, conc := range []int{1, 50} {
			for _, impl := range []struct {
				name string
				fn   func() error
			}{{"daybase", engine}, {"raw_pgx", raw}} {
				b.Run(c.name+"/c"+itoa(conc)+"/"+impl.name, func(b *testing.B) {
					runLatency(b, conc, impl.fn)
				})
			}
		}
	}
}

// runLatency runs fn b.N times on conc goroutines and reports p99.
func runLatency(b *testing.B, conc int, fn func() error) {
	var mu sync.Mutex
	lat := make([]time.Duration, 0, b.N)
	b.ReportAllocs()
	b.SetParallelism(max(1, conc/runtime.GOMAXPROCS(0)))
	b.ResetTimer()
	work := func(pb interface{ Next() bool }) {
		local := make([]time.Duration, 0, 1024)
		for pb.Next() {
			t0 := time.Now()
			if err := fn(); err != nil {
				b.Error(err)
				return
			}
			local = append(local, time.Since(t0))
		}
		mu.Lock()
		lat = append(lat, local...)
		mu.Unlock()
	}
	if conc == 1 {
		work(&counter{n: b.N})
	} else {
		b.RunParallel(func(pb *testing.PB) { work(pb) })
	}
	b.StopTimer()
	if len(lat) > 0 {
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds()), "p99-µs")
	}
}

type counter struct{ n int }

func (c *counter) Next() bool { c.n--; return c.n >= 0 }

func indexQ(s string) int {
	for i := range s {
		if s[i] == '?' {
			return i
		}
	}
	return len(s)
}

func itoa(n int) string {
	if n == 1 {
		return "1"
	}
	return "50"
}

const benchFixture = `
CREATE SCHEMA bench;
GRANT USAGE ON SCHEMA bench TO anon, authenticated, service_role;
INSERT INTO auth.users (id, email) VALUES ('` + userA + `', 'bench@example.test');
CREATE TABLE bench.notes (
  id    int PRIMARY KEY,
  owner uuid NOT NULL,
  body  text NOT NULL
);
ALTER TABLE bench.notes ENABLE ROW LEVEL SECURITY;
CREATE POLICY own_notes ON bench.notes USING (owner = auth.uid());
INSERT INTO bench.notes SELECT i, CASE WHEN i % 2 = 1 THEN '` + userA + `'::uuid ELSE gen_random_uuid() END, 'note ' || i
  FROM generate_series(1, 10000) i;
CREATE TABLE bench.projects (id int PRIMARY KEY, name text NOT NULL);
CREATE TABLE bench.tasks (
  id         int PRIMARY KEY,
  name       text NOT NULL,
  done       boolean NOT NULL DEFAULT false,
  project_id int REFERENCES bench.projects (id)
);
INSERT INTO bench.projects SELECT i, 'project ' || i FROM generate_series(1, 20) i;
INSERT INTO bench.tasks SELECT i, 'task ' || i, i % 3 = 0, 1 + i % 20 FROM generate_series(1, 1000) i;
GRANT SELECT ON ALL TABLES IN SCHEMA bench TO authenticated;
ANALYZE;
`
