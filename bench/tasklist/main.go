// Command tasklist measures the task list of issue 6 through /rest/v1,
// from a second process, the way the app reads it: GET
// user_accessible_tasks_with_project with the app's select, filter and
// order (000 §7, 001 §7), for a user with 500 tasks in 10 projects, 3 of
// them shared, among 20,000 tasks of others (schema/tasks/testdata/
// bench.sql, the data of the SQL-only BenchmarkUserAccessibleTasks).
//
// In the same run and interleaved request by request, it times the
// SQL-only figure of docs/benchmarks.md — the same query as the user in a
// transaction, only the query timed — so both meet the same machine load.
// It prints median and p99 of each, and EXPLAIN ANALYZE of the statement
// the REST engine generates for the GET (rendered by the engine's own
// parse/plan/sqlgen packages and run with the engine's request setup).
//
// It builds nothing: give it the binary to test.
//
//	go build -o bin/daybase ./cmd/daybase
//	go run ./bench/tasklist -bin bin/daybase -n 1000
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/bench/internal/benchserver"
	"daybase/gateway/rest"
	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/token"
)

var (
	bin     = flag.String("bin", "bin/daybase", "the daybase binary")
	data    = flag.String("data", "schema/tasks/testdata/bench.sql", "the data script (run as superuser)")
	n       = flag.Int("n", 1000, "measured requests of each kind")
	warmup  = flag.Int("warmup", 50, "unmeasured requests of each kind first")
	keepDir = flag.Bool("keep", false, "keep the data dir")
)

// The bench user of bench.sql.
const benchUser = "00000000-0000-4000-8000-0000000000f1"

// restPath is the app's read of its task list: every live task it reaches
// with its project, in list order.
const restPath = "/user_accessible_tasks_with_project"
const restQuery = "select=*&is_deleted=eq.false&order=sort_order.asc,created_at.desc"

// sqlOnly is the query of schema/tasks's BenchmarkUserAccessibleTasks.
const sqlOnly = `SELECT coalesce(json_agg(t), '[]')::text FROM (
  SELECT * FROM user_accessible_tasks_with_project WHERE is_deleted = false ORDER BY sort_order, created_at DESC) t`

const wantRows = 594 // 480 own live tasks + 114 of collaborators

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "bench:", err)
		os.Exit(1)
	}
}

func run() error {
	ctx := context.Background()
	script, err := os.ReadFile(*data)
	if err != nil {
		return err
	}
	srv, err := benchserver.Start(*bin, "daybase-bench-dm1-", "error", *keepDir)
	if err != nil {
		return err
	}
	defer srv.Stop()
	base, k := srv.Base, srv.Keys
	admin, err := pgxpool.New(ctx, srv.SuperuserURL)
	if err != nil {
		return err
	}
	defer admin.Close()
	t0 := time.Now()
	if _, err := admin.Exec(ctx, string(script)); err != nil {
		return fmt.Errorf("load %s: %w", *data, err)
	}
	var tasks int
	admin.QueryRow(ctx, "SELECT count(*) FROM public.tasks").Scan(&tasks)
	fmt.Printf("daybase %s (pid %d); %s loaded in %v: %d tasks\n", base, srv.Pid(), *data, time.Since(t0).Round(time.Millisecond), tasks)

	claims := map[string]any{"sub": benchUser, "role": "authenticated", "aud": "authenticated",
		"email": "bench@example.com", "exp": time.Now().Add(2 * time.Hour).Unix()}
	jwt, err := token.NewSigner(k.JWTSecret).Sign(token.Claims(claims))
	if err != nil {
		return err
	}

	// The HTTP side: one keep-alive connection, as a browser tab has.
	httpc := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 1, DisableCompression: true}}
	req, _ := http.NewRequest(http.MethodGet, base+"/rest/v1"+restPath+"?"+restQuery, nil)
	req.Header.Set("apikey", k.AnonKey)
	req.Header.Set("Authorization", "Bearer "+jwt)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("X-Client-Info", "supabase-js-node/2.119.0")
	var bodyLen int
	get := func() (time.Duration, error) {
		start := time.Now()
		r, err := httpc.Do(req)
		if err != nil {
			return 0, err
		}
		body, err := io.ReadAll(r.Body)
		r.Body.Close()
		d := time.Since(start)
		if err != nil {
			return 0, err
		}
		if r.StatusCode != http.StatusOK {
			return 0, fmt.Errorf("GET: %d %s", r.StatusCode, body)
		}
		bodyLen = len(body)
		return d, nil
	}
	if _, err := get(); err != nil {
		return err
	}
	{
		r, _ := httpc.Do(req)
		var rows []json.RawMessage
		err := json.NewDecoder(r.Body).Decode(&rows)
		r.Body.Close()
		if err != nil || len(rows) != wantRows {
			return fmt.Errorf("GET returned %d rows (%v), want %d", len(rows), err, wantRows)
		}
	}

	// The SQL side: a pool of its own as the authenticator would be, the
	// user's role and claims set per transaction as the engine does.
	sqlPool, err := pgxpool.New(ctx, srv.SuperuserURL)
	if err != nil {
		return err
	}
	defer sqlPool.Close()
	caller := identity.New(claims, "")
	var sqlBody string
	query := func() (time.Duration, error) {
		tx, err := sqlPool.Begin(ctx)
		if err != nil {
			return 0, err
		}
		defer tx.Rollback(ctx)
		if err := asrole.Set(ctx, tx, caller, asrole.Request{}); err != nil {
			return 0, err
		}
		start := time.Now()
		if err := tx.QueryRow(ctx, sqlOnly).Scan(&sqlBody); err != nil {
			return 0, err
		}
		d := time.Since(start)
		return d, tx.Commit(ctx)
	}

	for i := 0; i < *warmup; i++ {
		if _, err := get(); err != nil {
			return err
		}
		if _, err := query(); err != nil {
			return err
		}
	}
	var httpT, sqlT []time.Duration
	for i := 0; i < *n; i++ {
		d, err := get()
		if err != nil {
			return err
		}
		httpT = append(httpT, d)
		if d, err = query(); err != nil {
			return err
		}
		sqlT = append(sqlT, d)
	}
	// The same answer both ways, byte for byte (the engine may render the
	// JSON itself rather than with json_agg).
	{
		r, err := httpc.Do(req)
		if err != nil {
			return err
		}
		body, _ := io.ReadAll(r.Body)
		r.Body.Close()
		fmt.Printf("REST body identical to the SQL-only json_agg body: %v (%d and %d bytes)\n", string(body) == sqlBody, len(body), len(sqlBody))
	}
	hp50, hp99 := percentiles(httpT)
	sp50, sp99 := percentiles(sqlT)
	fmt.Printf("\n%d requests of each, interleaved, concurrency 1, after %d warm-up; load average before/after: see below\n", *n, *warmup)
	fmt.Printf("GET /rest/v1%s?%s\n", restPath, restQuery)
	fmt.Printf("  through /rest/v1 (HTTP, JWT, engine, %d KiB JSON): median %.2f ms, p99 %.2f ms\n", bodyLen/1024, ms(hp50), ms(hp99))
	fmt.Printf("  SQL only (the query as the user, %d KiB JSON):    median %.2f ms, p99 %.2f ms\n", len(sqlBody)/1024, ms(sp50), ms(sp99))
	if l, err := os.ReadFile("/proc/loadavg"); err == nil {
		fmt.Printf("  load average: %s", l)
	}

	plan, err := explainREST(ctx, admin, sqlPool, claims)
	if err != nil {
		return err
	}
	fmt.Printf("\nEXPLAIN (ANALYZE, BUFFERS, COSTS OFF) of the statement the engine sends for the GET:\n%s\n", plan)
	return nil
}

// explainREST renders the GET with the engine's packages, as the running
// server does, and explains it inside the engine's request setup.
func explainREST(ctx context.Context, admin, pool *pgxpool.Pool, claims map[string]any) (string, error) {
	cache := schemacache.New(schemacache.Config{}, slog.New(slog.DiscardHandler))
	snap, err := cache.Reload(ctx, admin)
	if err != nil {
		return "", err
	}
	hdr := http.Header{"Accept": {"application/json"}}
	preq, err := parse.Parse(http.MethodGet, restPath, restQuery, hdr, parse.Config{})
	if err != nil {
		return "", err
	}
	p, err := plan.New(snap, "public", preq, parse.MediaType{Kind: parse.MediaJSON}, nil, plan.Config{MaxRows: 1000, AggregatesEnabled: true})
	if err != nil {
		return "", err
	}
	main, rowsMode := rest.ReadStatement(p, false)
	_, setup, setupArgs, err := rest.RequestSetup(snap, rest.TxRequest{Identity: identity.New(claims, ""), Method: "GET",
		Path: restPath, Headers: hdr, SearchPath: []string{"public", "extensions"}, ReadOnly: true})
	if err != nil {
		return "", err
	}
	tx, err := pool.BeginTx(ctx, pgx.TxOptions{AccessMode: pgx.ReadOnly})
	if err != nil {
		return "", err
	}
	defer tx.Rollback(ctx)
	if _, err := tx.Exec(ctx, setup, strs(setupArgs)...); err != nil {
		return "", fmt.Errorf("setup: %w", err)
	}
	rows, err := tx.Query(ctx, "EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) "+main.SQL, strs(main.Args)...)
	if err != nil {
		return "", fmt.Errorf("explain: %w", err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	mode := "json_agg in PostgreSQL"
	if rowsMode {
		mode = "rows mode: the rows in text format, the JSON rendered by the engine"
	}
	return "SQL (" + mode + "): " + oneLine(main.SQL) + "\n" + strings.Join(lines, "\n"), nil
}

func strs(bs [][]byte) []any {
	out := make([]any, len(bs))
	for i, b := range bs {
		if b == nil {
			out[i] = nil
		} else {
			out[i] = string(b)
		}
	}
	return out
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func percentiles(d []time.Duration) (p50, p99 time.Duration) {
	s := append([]time.Duration(nil), d...)
	sort.Slice(s, func(i, j int) bool { return s[i] < s[j] })
	return s[len(s)*50/100], s[min(len(s)-1, len(s)*99/100)]
}
