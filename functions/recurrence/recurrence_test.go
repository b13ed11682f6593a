package recurrence_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions/internal/fntest"
	"daybase/internal/asrole"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestNextOccurrence(t *testing.T) {
	b := fntest.New(t)
	tests := []struct {
		rec, base, want string
	}{
		{`{"type":"daily"}`, "2026-03-10", "2026-03-11"},
		{`{"type":"daily","interval":3}`, "2026-03-10", "2026-03-13"},
		{`{"type":"weekly"}`, "2026-03-10", "2026-03-17"},
		{`{"type":"weekly","interval":2}`, "2026-03-10", "2026-03-24"},
		// Tuesday 10 March; Mondays and Fridays.
		{`{"type":"weekly","daysOfWeek":[1,5]}`, "2026-03-10", "2026-03-13"},
		{`{"type":"weekly","daysOfWeek":[1,5]}`, "2026-03-13", "2026-03-16"},
		// Every other week on Monday: skip the next week.
		{`{"type":"weekly","interval":2,"daysOfWeek":[1]}`, "2026-03-09", "2026-03-23"},
		{`{"type":"custom","daysOfWeek":[1,2,3,4,5]}`, "2026-03-13", "2026-03-16"},
		{`{"type":"custom","interval":4}`, "2026-03-13", "2026-03-17"},
		{`{"type":"monthly"}`, "2026-01-15", "2026-02-15"},
		{`{"type":"monthly","anchorDay":31}`, "2026-01-31", "2026-02-28"},
		{`{"type":"monthly","anchorDay":31}`, "2026-02-28", "2026-03-31"},
		{`{"type":"monthly","interval":3}`, "2026-11-05", "2027-02-05"},
		// Second Tuesday; last Friday.
		{`{"type":"monthly","weekOfMonth":2,"daysOfWeek":[2]}`, "2026-03-10", "2026-04-14"},
		{`{"type":"monthly","weekOfMonth":-1,"daysOfWeek":[5]}`, "2026-03-27", "2026-04-24"},
		{`{"type":"yearly"}`, "2028-02-29", "2029-02-28"},
	}
	for _, tt := range tests {
		t.Run(tt.rec+" from "+tt.base, func(t *testing.T) {
			var got string
			b.Scalar(&got, `SELECT jobs.next_occurrence($1::jsonb, $2::date)::text`, tt.rec, tt.base)
			if got != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
}

type bundle struct {
	*fntest.Bundle
	user string
}

func setup(t *testing.T) bundle {
	b := fntest.New(t)
	u := b.User(fmt.Sprintf("r%d@example.test", time.Now().UnixNano()))
	b.Exec(`INSERT INTO public.user_preferences (user_id, preference_key, preference_value) VALUES ($1, 'timezone', '"Europe/Berlin"')`, u)
	return bundle{Bundle: b, user: u}
}

// complete marks a task done as its owner, through row-level security.
func (b bundle) complete(id string) error {
	ctx := context.Background()
	return asrole.Tx(ctx, b.API, fntest.As(b.user), asrole.Request{}, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, `UPDATE public.tasks SET is_completed = true WHERE id = $1`, id)
		return err
	})
}

type occurrence struct {
	ID, DueDate, DueTime, Recurrence string
}

func (b bundle) next(id string) (occurrence, bool) {
	b.T.Helper()
	var o occurrence
	err := b.Admin.QueryRow(context.Background(), `SELECT t.id::text, coalesce(t.due_date::text, ''),
  coalesce(to_char(t.due_time AT TIME ZONE 'Europe/Berlin', 'YYYY-MM-DD HH24:MI'), ''), t.recurrence
FROM jobs.task_occurrences o JOIN public.tasks t ON t.id = o.next_task_id
WHERE o.task_id = $1 AND NOT t.is_deleted`, id).Scan(&o.ID, &o.DueDate, &o.DueTime, &o.Recurrence)
	if err == pgx.ErrNoRows {
		return o, false
	}
	if err != nil {
		b.T.Fatal(err)
	}
	return o, true
}

func (b bundle) task(rec string, dueDate string, dueTime any) string {
	b.T.Helper()
	var id string
	b.Scalar(&id, `INSERT INTO public.tasks (user_id, title, recurrence, due_date, due_time, reminders)
VALUES ($1, 'Water plants', $2, $3::date, $4::timestamptz, '{30}') RETURNING id::text`, b.user, rec, dueDate, dueTime)
	return id
}

func TestCompletingCreatesTheNextOccurrence(t *testing.T) {
	b := setup(t)
	// Far enough ahead that "completed late" never applies.
	year := time.Now().Year() + 2
	d := func(m, day int) string { return fmt.Sprintf("%d-%02d-%02d", year, m, day) }

	// A timed weekly task keeps its local time across the DST change at
	// the end of March (Berlin 09:30 CET -> 09:30 CEST).
	id := b.task(`{"type":"weekly"}`, d(3, 25), d(3, 25)+" 09:30:00+01")
	if err := b.complete(id); err != nil {
		t.Fatal(err)
	}
	o, ok := b.next(id)
	if !ok || o.DueDate != d(4, 1) || o.DueTime != d(4, 1)+" 09:30" {
		t.Fatalf("next = %+v, %v", o, ok)
	}
	// Its reminders are queued for scheduling.
	var queued bool
	b.Scalar(&queued, `SELECT EXISTS (SELECT FROM jobs.reminder_requests WHERE task_id = $1)`, o.ID)
	if !queued {
		t.Error("the new occurrence's reminders were not queued")
	}

	// Monthly from the 31st keeps the 31st where the month has one.
	id = b.task(`{"type":"monthly"}`, d(1, 31), nil)
	b.complete(id)
	o, _ = b.next(id)
	if o.DueDate != d(2, time.Date(year, 3, 0, 0, 0, 0, 0, time.UTC).Day()) || o.Recurrence != `{"type": "monthly", "anchorDay": 31}` {
		t.Errorf("monthly next = %+v", o)
	}
	b.complete(o.ID)
	if o2, _ := b.next(o.ID); o2.DueDate != d(3, 31) {
		t.Errorf("monthly after February = %+v", o2)
	}

	// endDate ends the series.
	id = b.task(fmt.Sprintf(`{"type":"daily","endDate":"%s"}`, d(6, 1)), d(6, 1), nil)
	b.complete(id)
	if o, ok := b.next(id); ok {
		t.Errorf("occurrence after endDate: %+v", o)
	}
}

func TestCompletedLateAndFromCompletion(t *testing.T) {
	b := setup(t)
	berlin, _ := time.LoadLocation("Europe/Berlin")
	today := time.Now().In(berlin)
	day := func(n int) string { return today.AddDate(0, 0, n).Format(time.DateOnly) }

	// Due ten days ago, every 3 days from the due date: the next date is
	// the first of the series after today.
	id := b.task(`{"type":"daily","interval":3}`, day(-10), nil)
	b.complete(id)
	o, _ := b.next(id)
	if o.DueDate != day(2) {
		t.Errorf("from due, completed late: %s, want %s", o.DueDate, day(2))
	}
	// From completion: 3 days after today.
	id = b.task(`{"type":"daily","interval":3,"from":"completion"}`, day(-10), nil)
	b.complete(id)
	o, _ = b.next(id)
	if o.DueDate != day(3) {
		t.Errorf("from completion: %s, want %s", o.DueDate, day(3))
	}
	// every! (issue 26) completed early: still from the completion day,
	// where "from due" would give the due date plus the interval.
	id = b.task(`{"type":"daily","interval":3,"from":"completion"}`, day(5), nil)
	b.complete(id)
	o, _ = b.next(id)
	if o.DueDate != day(3) || o.Recurrence != `{"from": "completion", "type": "daily", "interval": 3}` {
		t.Errorf("every! completed early: %+v, want due %s", o, day(3))
	}
}

func TestUndoAndConcurrentCompletion(t *testing.T) {
	b := setup(t)
	due := time.Now().AddDate(0, 0, 5).Format(time.DateOnly)
	id := b.task(`{"type":"daily"}`, due, nil)

	// Two clients complete at the same moment: one occurrence.
	var wg sync.WaitGroup
	for range 4 {
		wg.Go(func() {
			if err := b.complete(id); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	var n int
	b.Scalar(&n, `SELECT count(*) FROM public.tasks WHERE title = 'Water plants' AND NOT is_deleted AND id <> $1`, id)
	if n != 1 {
		t.Fatalf("occurrences = %d, want 1", n)
	}
	first, _ := b.next(id)

	// Undo removes it; completing again makes exactly one again.
	b.Exec(`UPDATE public.tasks SET is_completed = false WHERE id = $1`, id)
	var deleted bool
	b.Scalar(&deleted, `SELECT is_deleted FROM public.tasks WHERE id = $1`, first.ID)
	if !deleted {
		t.Error("undo left the occurrence")
	}
	b.complete(id)
	b.Scalar(&n, `SELECT count(*) FROM public.tasks WHERE title = 'Water plants' AND NOT is_deleted AND id <> $1`, id)
	if n != 1 {
		t.Errorf("occurrences after undo and redo = %d, want 1", n)
	}
}
