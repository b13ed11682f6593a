package tasks_test

import (
	_ "embed"
	"encoding/json"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"
)

//go:embed testdata/bench.sql
var benchSQL string

var benchUser = user("00000000-0000-4000-8000-0000000000f1", "bench@example.com")

// accessibleTasks is the task list as the app reads it (000 §7, 001 §7):
// every live task the user reaches, with its project, in list order, as
// the one JSON array the REST layer sends.
const accessibleTasks = `SELECT coalesce(json_agg(t), '[]')::text FROM (
  SELECT * FROM user_accessible_tasks_with_project WHERE is_deleted = false ORDER BY sort_order, created_at DESC) t`

// BenchmarkUserAccessibleTasks times accessibleTasks for a user with 500
// tasks in 10 projects, 3 of them shared, among 20,000 tasks of others.
// Each iteration is one request: a transaction as the user, the query,
// commit; only the query is timed. Figures go to docs/benchmarks.md.
func BenchmarkUserAccessibleTasks(b *testing.B) {
	bd := setup(b)
	bd.Super(benchSQL)
	b.Logf("plan:\n%s", bd.Explain(benchUser, accessibleTasks, "ANALYZE, BUFFERS, COSTS OFF"))

	var times []time.Duration
	var body string
	for b.Loop() {
		tx := bd.Begin(benchUser)
		start := time.Now()
		if err := tx.QueryRow(bd.Ctx, accessibleTasks).Scan(&body); err != nil {
			b.Fatalf("query: %s", describe(err))
		}
		times = append(times, time.Since(start))
		tx.Commit(bd.Ctx)
	}
	var rows []json.RawMessage
	if err := json.Unmarshal([]byte(body), &rows); err != nil || len(rows) != 594 {
		b.Fatalf("%d rows (err %v), want 594 (480 own live tasks + 114 of collaborators)", len(rows), err)
	}
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	b.ReportMetric(ms(times[len(times)/2]), "ms-p50")
	b.ReportMetric(ms(times[(len(times)*99)/100]), "ms-p99")
	b.ReportMetric(float64(len(body))/1024, "KiB/body")
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// TestAccessibleTasksUseIndexes: with 20,000 tasks of others around, the
// task list reaches the user's rows through indexes (own tasks by
// user_id, shared projects' tasks by project_id), never by scanning tasks.
func TestAccessibleTasksUseIndexes(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.Super(benchSQL)
	var plan []map[string]any
	if err := json.Unmarshal([]byte(b.Explain(benchUser, accessibleTasks, "FORMAT JSON")), &plan); err != nil {
		t.Fatal(err)
	}
	var scans []string
	var walk func(n map[string]any)
	walk = func(n map[string]any) {
		if rel, ok := n["Relation Name"].(string); ok {
			s := n["Node Type"].(string) + " on " + rel
			if idx, ok := n["Index Name"].(string); ok {
				s += " using " + idx
			}
			scans = append(scans, s)
		}
		if idx, ok := n["Index Name"].(string); ok && n["Relation Name"] == nil {
			scans = append(scans, n["Node Type"].(string)+" using "+idx)
		}
		if kids, ok := n["Plans"].([]any); ok {
			for _, k := range kids {
				walk(k.(map[string]any))
			}
		}
	}
	walk(plan[0]["Plan"].(map[string]any))
	t.Logf("scans: %v", scans)
	for _, s := range scans {
		if strings.HasPrefix(s, "Seq Scan on tasks") {
			t.Errorf("tasks read by a sequential scan: %v", scans)
		}
	}
	for _, want := range []string{"Bitmap Index Scan using tasks_user_sort_idx", "Bitmap Index Scan using tasks_project_idx"} {
		if !slices.Contains(scans, want) {
			t.Errorf("plan lacks %q: %v", want, scans)
		}
	}
}

// tasksList is the app's open-task list as web/src/features/tasks/api/get-tasks.ts
// asks /rest/v1 for it, rendered as the REST layer renders a JSON array.
const tasksList = `SELECT coalesce(json_agg(t), '[]')::text FROM (
  SELECT id, title, due_date, priority, created_at FROM tasks
   WHERE user_id = $1 AND is_deleted = false AND is_completed = false
   ORDER BY sort_order DESC LIMIT 200) t`

// BenchmarkTasksListAssurance is what the restrictive policy of 0620
// (auth.data_access_allowed(): session live, aal2 when the user has a
// verified factor) costs a tasks list request: the same request with a
// token that names its session, for a user without a factor
// (policy_no_factor), for one with a factor at aal2 (policy_aal2), and —
// the "before" — with the policy dropped (no_policy). Each benchmark
// iteration is a round of 20 requests per variant, the variants in turn,
// so a busy machine weighs on all three alike. A request is a transaction
// as the user, the query, commit; only the query is timed. Figures go to
// docs/benchmarks.md.
func BenchmarkTasksListAssurance(b *testing.B) {
	bd := setup(b)
	bd.Super(benchSQL)
	session := superScalar[string](bd, `INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id::text`, benchUser.ID)
	noFactor := benchUser.InSession(session).AtAAL("aal1")
	const policy = `CREATE POLICY data_access_allowed ON public.tasks AS RESTRICTIVE FOR ALL TO PUBLIC
		USING ((SELECT auth.data_access_allowed())) WITH CHECK ((SELECT auth.data_access_allowed()))`
	variants := []struct {
		name          string
		as            actor
		before, after string
	}{
		{"policy_no_factor", noFactor, "", ""},
		{"policy_aal2", benchUser.InSession(session).AtAAL("aal2"),
			`INSERT INTO auth.mfa_factors (user_id, factor_type, status) VALUES ('` + benchUser.ID + `', 'totp', 'verified')`,
			`DELETE FROM auth.mfa_factors WHERE user_id = '` + benchUser.ID + `'`},
		{"no_policy", noFactor, `DROP POLICY data_access_allowed ON public.tasks`, policy},
	}
	times := make([][]time.Duration, len(variants))
	var body string
	for b.Loop() {
		for i, v := range variants {
			if v.before != "" {
				bd.Super(v.before)
			}
			for range 20 {
				tx := bd.Begin(v.as)
				start := time.Now()
				if err := tx.QueryRow(bd.Ctx, tasksList, benchUser.ID).Scan(&body); err != nil {
					b.Fatalf("%s: %s", v.name, describe(err))
				}
				times[i] = append(times[i], time.Since(start))
				tx.Commit(bd.Ctx)
			}
			if v.after != "" {
				bd.Super(v.after)
			}
		}
	}
	var rows []json.RawMessage
	if err := json.Unmarshal([]byte(body), &rows); err != nil || len(rows) != 200 {
		b.Fatalf("%d rows (err %v), want 200", len(rows), err)
	}
	for i, v := range variants {
		slices.Sort(times[i])
		b.ReportMetric(float64(times[i][len(times[i])/2].Microseconds()), "µs-p50-"+v.name)
		b.ReportMetric(float64(times[i][(len(times[i])*99)/100].Microseconds()), "µs-p99-"+v.name)
	}
	b.Logf("plan with the policy:\n%s", bd.Explain(noFactor, strings.Replace(tasksList, "$1", "'"+benchUser.ID+"'", 1), "ANALYZE, COSTS OFF"))
}
