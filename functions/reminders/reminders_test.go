package reminders_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions/internal/fntest"
	"daybase/functions/reminders"
	"daybase/internal/mail"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// clock is a fake clock tests move by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

type bundle struct {
	*fntest.Bundle
	svc   *reminders.Service
	clock *clock
	user  string
}

func setup(t *testing.T) bundle {
	b := fntest.New(t)
	svc := reminders.NewService(b.Admin, b.Log)
	c := &clock{t: time.Now().UTC().Truncate(time.Second)}
	svc.SetClock(c.Now)
	user := b.User(fmt.Sprintf("u%d@example.test", time.Now().UnixNano()))
	// Pro: the Free plan allows one reminder per task.
	b.Exec(`INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', 'pro_monthly')`, user)
	return bundle{Bundle: b, svc: svc, clock: c, user: user}
}

// task inserts a task of b.user due at due with reminder offsets.
func (b bundle) task(title string, due time.Time, offsets ...int) string {
	b.T.Helper()
	if offsets == nil {
		offsets = []int{}
	}
	var id string
	b.Scalar(&id, `INSERT INTO public.tasks (user_id, title, due_time, due_date, reminders)
VALUES ($1, $2, $3, ($3 AT TIME ZONE 'UTC')::date, $4) RETURNING id::text`, b.user, title, due, offsets)
	return id
}

func (b bundle) count(sql string, args ...any) int {
	b.T.Helper()
	var n int
	b.Scalar(&n, sql, args...)
	return n
}

func TestScheduleFunction(t *testing.T) {
	b := setup(t)
	other := b.User("other@example.test")
	srv := b.Server(b.svc.Function())
	due := b.clock.Now().Add(2 * time.Hour)
	id := b.task("Write report", due, 15, 60)
	me := fntest.As(b.user)

	res := fntest.Invoke(srv, "POST", "/schedule-task-notifications", &me,
		map[string]any{"task": map[string]any{"id": id, "title": "Write report"}, "userId": b.user, "timeZone": "Europe/Berlin"})
	if res.Code != 200 {
		t.Fatalf("got %d %s", res.Code, res.Body)
	}
	var out struct {
		TaskID    string `json:"taskId"`
		Scheduled []struct {
			Type          string    `json:"type"`
			OffsetMinutes int       `json:"offsetMinutes"`
			At            time.Time `json:"at"`
		} `json:"scheduled"`
	}
	res.JSON(t, &out)
	if len(out.Scheduled) != 4 || out.Scheduled[0].OffsetMinutes != 60 || out.Scheduled[3].Type != "overdue" {
		t.Errorf("scheduled = %+v", out.Scheduled)
	}
	if n := b.count(`SELECT count(*) FROM jobs.task_reminders WHERE task_id = $1 AND status = 'pending'`, id); n != 4 {
		t.Errorf("pending jobs = %d, want 4", n)
	}
	var tz string
	b.Scalar(&tz, `SELECT jobs.user_time_zone($1)`, b.user)
	if tz != "Europe/Berlin" {
		t.Errorf("time zone = %q", tz)
	}

	// Calling again replaces, never duplicates.
	b.Exec(`UPDATE public.tasks SET reminders = '{5}' WHERE id = $1`, id)
	res = fntest.Invoke(srv, "POST", "/schedule-task-notifications", &me, map[string]any{"task": map[string]any{"id": id}, "userId": b.user})
	if res.Code != 200 {
		t.Fatalf("got %d %s", res.Code, res.Body)
	}
	if n := b.count(`SELECT count(*) FROM jobs.task_reminders WHERE task_id = $1 AND status = 'pending'`, id); n != 3 {
		t.Errorf("pending jobs after replace = %d, want 3", n)
	}

	for _, c := range []struct {
		name     string
		as       string
		body     any
		wantCode int
		wantBody string
	}{
		{"someone else's userId", b.user, map[string]any{"task": map[string]any{"id": id}, "userId": other}, 403, `{"error":"userId must be the signed-in user"}`},
		{"someone else's task", other, map[string]any{"task": map[string]any{"id": id}, "userId": other}, 404, `{"error":"Task not found"}`},
		{"missing task", b.user, map[string]any{"userId": b.user}, 400, `{"error":"Missing task"}`},
		{"bad time zone", b.user, map[string]any{"task": map[string]any{"id": id}, "userId": b.user, "timeZone": "Mars/Base"}, 400, `{"error":"Unknown time zone \"Mars/Base\""}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			caller := fntest.As(c.as)
			res := fntest.Invoke(srv, "POST", "/schedule-task-notifications", &caller, c.body)
			if res.Code != c.wantCode || res.Body != c.wantBody+"\n" {
				t.Errorf("got %d %s, want %d %s", res.Code, res.Body, c.wantCode, c.wantBody)
			}
		})
	}

	// Completing the task removes its pending reminders (the tasks trigger).
	b.Exec(`UPDATE public.tasks SET is_completed = true WHERE id = $1`, id)
	if n := b.count(`SELECT count(*) FROM jobs.task_reminders WHERE task_id = $1 AND status = 'pending'`, id); n != 0 {
		t.Errorf("pending jobs of a completed task = %d", n)
	}
}

func TestDeliverOnce(t *testing.T) {
	b := setup(t)
	s := reminders.NewScheduler(b.svc, reminders.SchedulerConfig{})
	ctx := context.Background()
	start := b.clock.Now()
	id := b.task("Call Alex", start.Add(30*time.Minute), 10)
	if n, err := s.ProcessRequests(ctx); err != nil || n != 1 {
		t.Fatalf("ProcessRequests = %d, %v", n, err)
	}
	// Nothing due yet.
	if n, err := s.Deliver(ctx); err != nil || n != 0 {
		t.Fatalf("Deliver before due = %d, %v", n, err)
	}
	b.clock.Set(start.Add(20*time.Minute + time.Second))
	if n, err := s.Deliver(ctx); err != nil || n != 1 {
		t.Fatalf("Deliver advance = %d, %v", n, err)
	}
	if n, _ := s.Deliver(ctx); n != 0 {
		t.Fatalf("second Deliver handled %d again", n)
	}
	var title, message, typ string
	var late bool
	if err := b.Admin.QueryRow(ctx, `SELECT title, message, type, (metadata->>'late')::bool FROM public.notifications
WHERE to_user_id = $1 AND entity_id = $2`, b.user, id).Scan(&title, &message, &typ, &late); err != nil {
		t.Fatal(err)
	}
	if title != "Reminder: Call Alex" || message != "Due in 10 minutes" || typ != "reminder" || late {
		t.Errorf("notification = %q %q %q late=%v", title, message, typ, late)
	}
	// Rescheduling for the same moment does not deliver the advance again.
	b.Exec(`UPDATE public.tasks SET priority = 2, reminders = '{10}' WHERE id = $1`, id)
	s.ProcessRequests(ctx)
	b.clock.Set(start.Add(31 * time.Minute))
	if n, _ := s.Deliver(ctx); n != 1 {
		t.Errorf("Deliver at due = %d, want 1 (the due reminder only)", n)
	}
	if n := b.count(`SELECT count(*) FROM public.notifications WHERE entity_id = $1`, id); n != 2 {
		t.Errorf("notifications = %d, want 2", n)
	}
	// Completed before the overdue moment: dropped, nothing sent.
	b.Exec(`UPDATE public.tasks SET is_completed = true WHERE id = $1`, id)
	b.clock.Set(start.Add(2 * time.Hour))
	s.Deliver(ctx)
	if n := b.count(`SELECT count(*) FROM public.notifications WHERE entity_id = $1`, id); n != 2 {
		t.Errorf("notifications after completion = %d, want 2", n)
	}
}

func TestLateDeliveryAfterDowntime(t *testing.T) {
	b := setup(t)
	s := reminders.NewScheduler(b.svc, reminders.SchedulerConfig{})
	ctx := context.Background()
	start := b.clock.Now()
	id := b.task("Pay rent", start.Add(time.Hour), 5, 30)
	s.ProcessRequests(ctx)
	// The server was down for a day: advance, due and overdue are all past.
	b.clock.Set(start.Add(24 * time.Hour))
	if n, err := s.Deliver(ctx); err != nil || n != 4 {
		t.Fatalf("Deliver = %d, %v; want 4 handled", n, err)
	}
	var kinds []string
	rows, _ := b.Admin.Query(ctx, `SELECT metadata->>'reminder_type' || ':' || (metadata->>'late') FROM public.notifications WHERE entity_id = $1`, id)
	for rows.Next() {
		var k string
		rows.Scan(&k)
		kinds = append(kinds, k)
	}
	if len(kinds) != 1 || kinds[0] != "overdue:true" {
		t.Errorf("notifications = %v, want one late overdue", kinds)
	}
	if n := b.count(`SELECT count(*) FROM jobs.task_reminders WHERE task_id = $1 AND status = 'superseded'`, id); n != 3 {
		t.Errorf("superseded = %d, want 3", n)
	}
}

func TestTwoSchedulersDeliverExactlyOnce(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	start := b.clock.Now()
	const tasks = 400
	b.Exec(`INSERT INTO public.tasks (user_id, title, due_time, reminders)
SELECT $1, 'Task ' || g, $2::timestamptz + make_interval(secs => g), '{1}' FROM generate_series(1, $3) g`, b.user, start.Add(time.Minute), tasks)
	one := reminders.NewScheduler(b.svc, reminders.SchedulerConfig{BatchSize: 37, LateAfter: time.Hour})
	two := reminders.NewScheduler(b.svc, reminders.SchedulerConfig{BatchSize: 37, LateAfter: time.Hour})
	var wg sync.WaitGroup
	for _, s := range []*reminders.Scheduler{one, two} {
		wg.Go(func() {
			if _, err := s.ProcessRequests(ctx); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if n := b.count(`SELECT count(*) FROM jobs.task_reminders WHERE status = 'pending'`); n != tasks*3 {
		t.Fatalf("pending = %d, want %d", n, tasks*3)
	}
	b.clock.Set(start.Add(2*time.Minute + time.Duration(tasks)*time.Second))
	handled := make([]int, 2)
	for i, s := range []*reminders.Scheduler{one, two} {
		wg.Go(func() {
			n, err := s.Deliver(ctx)
			if err != nil {
				t.Error(err)
			}
			handled[i] = n
		})
	}
	wg.Wait()
	// advance and due of every task (overdue is an hour later).
	if got := b.count(`SELECT count(*) FROM public.notifications`); got != tasks*2 {
		t.Errorf("notifications = %d, want %d", got, tasks*2)
	}
	if got := b.count(`SELECT count(*) FROM (SELECT metadata->>'reminder_id' FROM public.notifications GROUP BY 1 HAVING count(*) > 1) d`); got != 0 {
		t.Errorf("%d reminders delivered twice", got)
	}
	t.Logf("handled by each instance: %v", handled)
}

func TestEmailFollowsPreferences(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	s := reminders.NewScheduler(b.svc, reminders.SchedulerConfig{Mailer: mail.NewOutbox(b.Admin, b.Log), AppURL: "http://app.test"})
	start := b.clock.Now()
	b.task("No mail", start.Add(time.Minute))
	s.ProcessRequests(ctx)
	b.clock.Set(start.Add(2 * time.Minute))
	s.Deliver(ctx)
	if n := b.count(`SELECT count(*) FROM auth.outbox WHERE kind = 'task_reminder'`); n != 0 {
		t.Fatalf("mail sent with e-mail off: %d", n)
	}
	// E-mail on, in-app off, threshold high: only priority >= 3 mails.
	b.Exec(`UPDATE public.user_notification_preferences SET enabled = (channel_type = 'email'),
  priority_threshold = CASE WHEN channel_type = 'email' THEN 3 ELSE 1 END WHERE user_id = $1`, b.user)
	low := b.task("Low", start.Add(3*time.Minute))
	high := b.task("High", start.Add(3*time.Minute))
	b.Exec(`UPDATE public.tasks SET priority = 4 WHERE id = $1`, high)
	s.ProcessRequests(ctx)
	b.clock.Set(start.Add(4 * time.Minute))
	s.Deliver(ctx)
	var to, subject, body string
	if err := b.Admin.QueryRow(ctx, `SELECT to_address, subject, body FROM auth.outbox WHERE kind = 'task_reminder'`).Scan(&to, &subject, &body); err != nil {
		t.Fatalf("one mail expected: %v", err)
	}
	if subject != "Due now: High" {
		t.Errorf("subject = %q", subject)
	}
	if n := b.count(`SELECT count(*) FROM public.notifications WHERE entity_id IN ($1, $2)`, low, high); n != 0 {
		t.Errorf("in-app off but %d notifications", n)
	}
}

// TestOneLockOrderWithTheScheduler: while the scheduler has claimed a task's
// request and replaces its reminders, schedule-task-notifications replaces
// them too, or the task is completed. Both once took the reminder rows
// before the request row, the scheduler the other way round, and one of
// them failed with "deadlock detected" (40P01); now they wait in turn.
func TestOneLockOrderWithTheScheduler(t *testing.T) {
	for name, other := range map[string]func(ctx context.Context, tx pgx.Tx, id string, now time.Time) error{
		"schedule-task-notifications": func(ctx context.Context, tx pgx.Tx, id string, now time.Time) error {
			_, err := reminders.Replace(ctx, tx, id, now)
			return err
		},
		"completing the task": func(ctx context.Context, tx pgx.Tx, id string, _ time.Time) error {
			_, err := tx.Exec(ctx, `UPDATE public.tasks SET is_completed = true WHERE id = $1`, id)
			return err
		},
	} {
		t.Run(name, func(t *testing.T) {
			b := setup(t)
			ctx := context.Background()
			now := b.clock.Now()
			id := b.task("Both at once", now.Add(48*time.Hour), 60, 1440)
			replace := func(tx pgx.Tx) error { _, err := reminders.Replace(ctx, tx, id, now); return err }
			if err := pgx.BeginFunc(ctx, b.Admin, replace); err != nil {
				t.Fatal(err)
			}
			b.Exec(`INSERT INTO jobs.reminder_requests (task_id) VALUES ($1) ON CONFLICT (task_id) DO NOTHING`, id)

			scheduler, err := b.Admin.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer func() { _ = scheduler.Rollback(ctx) }()
			if _, err := scheduler.Exec(ctx, `SELECT 1 FROM jobs.reminder_requests WHERE task_id = $1 FOR UPDATE SKIP LOCKED`, id); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() {
				done <- pgx.BeginFunc(ctx, b.Admin, func(tx pgx.Tx) error { return other(ctx, tx, id, now) })
			}()
			// Until the other transaction waits for a lock the scheduler holds.
			for start := time.Now(); ; time.Sleep(10 * time.Millisecond) {
				var waiting int
				b.Scalar(&waiting, `SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`)
				if waiting > 0 {
					break
				}
				if time.Since(start) > 30*time.Second {
					t.Fatal("the other transaction never waited for the scheduler")
				}
			}
			if err := replace(scheduler); err != nil {
				t.Fatalf("the scheduler's replace: %v", err)
			}
			if err := scheduler.Commit(ctx); err != nil {
				t.Fatal(err)
			}
			if err := <-done; err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		})
	}
}
