package reminders_test

import (
	"context"
	"sort"
	"testing"
	"time"

	"daybase/functions/internal/fntest"
	"daybase/functions/reminders"
)

// BenchmarkDeliveryLag schedules 10,000 due reminders firing over ten
// seconds, runs the real scheduler (cron, 1 s sweeps) on the real clock and
// reports the lag from each reminder's moment to its notifications row
// (p50, p99, max). Run with -benchtime=1x.
func BenchmarkDeliveryLag(b *testing.B) {
	const n = 10_000
	for b.Loop() {
		bb := fntest.New(b)
		ctx := context.Background()
		svc := reminders.NewService(bb.Admin, bb.Log)
		var user string
		if err := bb.Admin.QueryRow(ctx, `INSERT INTO auth.users (email) VALUES ('bench@example.test') RETURNING id::text`).Scan(&user); err != nil {
			b.Fatal(err)
		}
		mustExec(b, bb, `INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', 'pro_monthly')`, user)
		// The tasks and their due reminders are written directly (computing
		// 10,000 plans one by one is not what this measures).
		mustExec(b, bb, `INSERT INTO public.tasks (user_id, title, due_time)
SELECT $1, 'Task ' || g, now() + interval '1 day' FROM generate_series(1, $2) g`, user, n)
		mustExec(b, bb, `DELETE FROM jobs.reminder_requests`)
		start := time.Now().Add(3 * time.Second)
		mustExec(b, bb, `INSERT INTO jobs.task_reminders (task_id, user_id, kind, task_due_at, fire_at)
SELECT id, user_id, 'due', f, f FROM (
  SELECT id, user_id, $1::timestamptz + make_interval(secs => row_number() OVER (ORDER BY id) * 10.0 / $2) AS f
  FROM public.tasks) t`, start, n)
		s := reminders.NewScheduler(svc, reminders.SchedulerConfig{})
		if err := s.Start(); err != nil {
			b.Fatal(err)
		}
		deadline := time.Now().Add(60 * time.Second)
		for {
			var c int
			bb.Admin.QueryRow(ctx, `SELECT count(*) FROM public.notifications`).Scan(&c)
			if c >= n || time.Now().After(deadline) {
				break
			}
			time.Sleep(200 * time.Millisecond)
		}
		s.Close()
		rows, err := bb.Admin.Query(ctx, `SELECT extract(epoch FROM created_at - (metadata->>'fire_at')::timestamptz) FROM public.notifications`)
		if err != nil {
			b.Fatal(err)
		}
		var lags []float64
		for rows.Next() {
			var l float64
			rows.Scan(&l)
			lags = append(lags, l)
		}
		rows.Close()
		if len(lags) != n {
			b.Fatalf("delivered %d of %d", len(lags), n)
		}
		sort.Float64s(lags)
		b.ReportMetric(lags[n/2]*1000, "p50-ms")
		b.ReportMetric(lags[n*99/100]*1000, "p99-ms")
		b.ReportMetric(lags[n-1]*1000, "max-ms")
	}
}

func mustExec(b *testing.B, bb *fntest.Bundle, sql string, args ...any) {
	if _, err := bb.Admin.Exec(context.Background(), sql, args...); err != nil {
		b.Fatal(err)
	}
}
