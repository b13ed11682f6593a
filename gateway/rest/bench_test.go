package rest

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
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
		idCtx := identity.NewContext(ctx, id)
		u, err := url.ParseRequestURI(c.path)
		if err != nil {
			b.Fatal(err)
		}
		engine := func() error {
			// What net/http hands a handler, without parsing a request
			// line: the harness should cost as little as raw_pgx's.
			uc := *u
			r := (&http.Request{Method: http.MethodGet, URL: &uc, RequestURI: c.path, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
				Header: hdr.Clone(), Body: http.NoBody, Host: "localhost"}).WithContext(idCtx)
			w := &discardWriter{h: http.Header{}}
			srv.ServeHTTP(w, r)
			if w.code != http.StatusOK {
				b.Fatalf("%s: %d", c.path, w.code)
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
					cpu := startCPU(b, db.Pool)
					runLatency(b, conc, impl.fn)
					cpu.stop(b, b.N)
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

// discardWriter is a ResponseWriter that keeps only the status.
type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }

// cpuMeter measures the CPU time of the benchmark process and of every
// PostgreSQL backend, so that the cost of an operation can be compared on
// the shared, busy machine: 2 cores / CPU per operation is the throughput
// two otherwise idle cores allow (ops-2cores). As in gateway/auth.
type cpuMeter struct {
	pool  *pgxpool.Pool
	self  time.Duration
	procs map[int]time.Duration
}

const clockTick = 10 * time.Millisecond // USER_HZ, the unit of /proc/<pid>/stat

func (m *cpuMeter) postgres(b *testing.B) map[int]time.Duration {
	rows, err := m.pool.Query(context.Background(), "SELECT pid FROM pg_stat_activity")
	if err != nil {
		b.Fatal(err)
	}
	pids, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		b.Fatal(err)
	}
	out := map[int]time.Duration{}
	for _, pid := range pids {
		stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
		if err != nil {
			continue
		}
		f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		ut, _ := strconv.Atoi(f[11])
		st, _ := strconv.Atoi(f[12])
		out[pid] = time.Duration(ut+st) * clockTick
	}
	return out
}

func selfCPU() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru) //nolint:errcheck // cannot fail for RUSAGE_SELF
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func startCPU(b *testing.B, pool *pgxpool.Pool) *cpuMeter {
	m := &cpuMeter{pool: pool}
	m.procs = m.postgres(b)
	m.self = selfCPU()
	return m
}

// stop reports Go and PostgreSQL CPU per operation and ops-2cores. Backends
// that ended during the run are missed (the pools keep theirs open).
func (m *cpuMeter) stop(b *testing.B, n int) {
	self := selfCPU() - m.self
	var pg time.Duration
	for pid, t := range m.postgres(b) {
		pg += t - m.procs[pid]
	}
	if n == 0 {
		return
	}
	perOp := (self + pg) / time.Duration(n)
	b.ReportMetric(float64(self.Microseconds())/float64(n), "go-cpu-µs/op")
	b.ReportMetric(float64(pg.Microseconds())/float64(n), "pg-cpu-µs/op")
	if perOp > 0 {
		b.ReportMetric(2*float64(time.Second)/float64(perOp), "ops-2cores")
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
