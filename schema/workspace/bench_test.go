package workspace_test

import (
	_ "embed"
	"sort"
	"strings"
	"testing"
	"time"
)

//go:embed testdata/bench.sql
var benchSQL string

var benchUser = user("00000000-0000-4000-8000-0000000000f1", "bench1@example.com")

const idBenchProject = "00000000-0000-4000-8000-0000000000b9"

// loadBench loads testdata/bench.sql and vacuums, so index-only scans see
// an up-to-date visibility map as a settled database would.
func loadBench(b *bundle) {
	b.T.Helper()
	b.Super(benchSQL)
	b.Super("VACUUM ANALYZE public.notes, public.journal_entries, public.activity_logs, public.tasks")
}

// timeQuery runs sql as a once per iteration (a transaction as the user,
// the query, commit; only the query is timed) and reports the median and
// 99th percentile.
func timeQuery(b *testing.B, bd *bundle, a actor, sql string, args ...any) {
	var times []time.Duration
	var n int
	for b.Loop() {
		tx := bd.Begin(a)
		start := time.Now()
		r, err := tx.Query(bd.Ctx, sql, args...)
		if err != nil {
			b.Fatalf("query: %s", describe(err))
		}
		n = 0
		for r.Next() {
			n++
		}
		if err := r.Err(); err != nil {
			b.Fatalf("query: %s", describe(err))
		}
		times = append(times, time.Since(start))
		tx.Commit(bd.Ctx)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(ms(times[len(times)/2]), "ms-p50")
	b.ReportMetric(ms(times[(len(times)*99)/100]), "ms-p99")
	b.ReportMetric(float64(n), "rows")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// BenchmarkSearchUserContent: search_user_content over 10,000 notes and
// journal entries of one user (among 40,000 of others), as the attach
// dialog calls it. Terms: a rare word, a common one, and two words.
func BenchmarkSearchUserContent(b *testing.B) {
	bd := setup(b)
	loadBench(bd)
	for _, kind := range []string{"all", "notes", "journal"} {
		for _, term := range []string{"word1234", "garden", "project plan", "tom"} {
			b.Run(kind+"/"+strings.ReplaceAll(term, " ", "_"), func(b *testing.B) {
				timeQuery(b, bd, benchUser, "SELECT * FROM search_user_content($1, $2, 20)", term, kind)
			})
		}
	}
	b.Logf("plan of the notes' match:\n%s", explainAsDefiner(bd, benchUser, `SELECT s.id FROM private.content_search s
		WHERE s.doc @@ (SELECT private.content_query('garden') && private.owner_lexeme(auth.uid())::tsquery) AND s.kind = 'note'`))
}

// BenchmarkGetActivityLogs: a page of 50 of get_activity_logs over 100,000
// rows: the project's log and the user's own feed, first and 20th page.
func BenchmarkGetActivityLogs(b *testing.B) {
	bd := setup(b)
	loadBench(bd)
	for _, c := range []struct{ name, sql string }{
		{"project_page1", "SELECT * FROM get_activity_logs(NULL, '" + idBenchProject + "', NULL, 50, 0)"},
		{"project_page20", "SELECT * FROM get_activity_logs(NULL, '" + idBenchProject + "', NULL, 50, 950)"},
		{"project_one_type", "SELECT * FROM get_activity_logs(NULL, '" + idBenchProject + "', ARRAY['task_completed'], 50, 0)"},
		{"own_feed_page1", "SELECT * FROM get_activity_logs(auth.uid(), NULL, NULL, 50, 0)"},
	} {
		b.Run(c.name, func(b *testing.B) { timeQuery(b, bd, benchUser, c.sql) })
	}
}

// TestSearchUsesTheTextIndex: with 50,000 notes and entries around, the
// search matches on the stored documents through an index, never by
// reading every document, and finds what it should.
func TestSearchUsesTheTextIndex(t *testing.T) {
	t.Parallel()
	b := setup(t)
	loadBench(b)
	// The match of private.search_note_content, as its plan is not shown through
	// the function.
	q := `SELECT s.id FROM private.content_search s
		WHERE s.doc @@ (SELECT private.content_query('garden') && private.owner_lexeme(auth.uid())::tsquery)
		  AND s.kind = 'note'`
	plan := explainAsDefiner(b, benchUser, q)
	t.Logf("plan:\n%s", plan)
	if strings.Contains(plan, "Seq Scan") || !strings.Contains(plan, "content_search_") {
		t.Errorf("the match does not use an index:\n%s", plan)
	}
	got, err := column(b, benchUser, "SELECT content_type FROM search_user_content('garden', 'all', 20)")
	must(t, err)
	if len(got) != 20 {
		t.Errorf("%d results, want 20", len(got))
	}
	n, err := scalar[int](b, benchUser, "SELECT count(*) FROM search_user_content('word1234 garden', 'notes', 50)")
	must(t, err)
	want := superScalar[int](b, `SELECT count(*) FROM notes WHERE user_id = $1 AND NOT is_deleted
		AND content ~ '\mword1234\M' AND content ~ '\mgarden\M'`, benchUser.ID)
	if n != min(want, 50) || want == 0 {
		t.Errorf("%d notes found, %d hold both words", n, want)
	}
}

// explainAsDefiner is the plan of sql as a SECURITY DEFINER function of
// the migrations' owner runs it for a: the owner's rights (no RLS, so
// operators that are not leakproof can be index conditions) with a's
// claims.
func explainAsDefiner(b *bundle, a actor, sql string) string {
	b.T.Helper()
	tx, err := b.DB.Pool.Begin(b.Ctx)
	if err != nil {
		b.T.Fatal(err)
	}
	defer tx.Rollback(b.Ctx)
	if _, err := tx.Exec(b.Ctx, "SELECT set_config('request.jwt.claims', $1, true)", a.Claims()); err != nil {
		b.T.Fatal(err)
	}
	return b.PlanText(tx, "EXPLAIN (COSTS OFF) "+sql)
}
