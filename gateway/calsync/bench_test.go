package calsync_test

import (
	"context"
	"testing"
)

// BenchmarkCalDAVQuery1000 is issue 26's figure "CalDAV sync of 1,000
// tasks < 2 s": one calendar-query REPORT (every VTODO with its ETag and
// calendar data) of a list of 1,000 tasks, through go-webdav's client, the
// way a calendar app's full sync starts. Recorded in docs/benchmarks.md.
func BenchmarkCalDAVQuery1000(b *testing.B) {
	e := newDAVEnv(b)
	ctx := context.Background()
	uid := e.user("ada@example.com", "pro_monthly")
	pw, err := e.appPassword(uid, "bench")
	if err != nil {
		b.Fatal(err)
	}
	e.exec(`INSERT INTO public.tasks (user_id, title, notes, due_date, priority, tags, reminders)
		SELECT $1, 'Task ' || i, 'Notes for task ' || i, date '2026-12-01' + (i % 60), i % 5, 'work, home', '{30}'
		FROM generate_series(1, 1000) i`, uid)
	c := e.client("ada@example.com", pw)
	home := "/calendar/v1/dav/" + uid + "/tasks/inbox/"
	b.ResetTimer()
	for b.Loop() {
		objs, err := c.QueryCalendar(ctx, home, allTodos)
		if err != nil {
			b.Fatal(err)
		}
		if len(objs) != 1000 {
			b.Fatalf("%d objects, want 1000", len(objs))
		}
	}
}
