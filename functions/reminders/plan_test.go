package reminders

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestPlan(t *testing.T) {
	berlin, _ := time.LoadLocation("Europe/Berlin")
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	due := time.Date(2026, 3, 2, 15, 0, 0, 0, time.UTC)
	// 2026-03-29: Europe/Berlin moves to summer time (UTC+2).
	tests := []struct {
		name string
		task Task
		loc  *time.Location
		want []Reminder
	}{
		{"timed with offsets, duplicates and 0 collapse", Task{DueTime: due, Reminders: []int{15, 0, 1440, 15}}, time.UTC, []Reminder{
			{KindAdvance, 1440, due, due.Add(-24 * time.Hour)},
			{KindAdvance, 15, due, due.Add(-15 * time.Minute)},
			{KindDue, 0, due, due},
			{KindOverdue, 0, due, due.Add(time.Hour)},
		}},
		{"date only is due 09:00 local, overdue 09:00 next day", Task{DueDate: "2026-03-28", Reminders: []int{60}}, berlin, []Reminder{
			{KindAdvance, 60, time.Date(2026, 3, 28, 8, 0, 0, 0, time.UTC), time.Date(2026, 3, 28, 7, 0, 0, 0, time.UTC)},
			{KindDue, 0, time.Date(2026, 3, 28, 8, 0, 0, 0, time.UTC), time.Date(2026, 3, 28, 8, 0, 0, 0, time.UTC)},
			// across the DST change: 09:00 CEST is 07:00 UTC
			{KindOverdue, 0, time.Date(2026, 3, 28, 8, 0, 0, 0, time.UTC), time.Date(2026, 3, 29, 7, 0, 0, 0, time.UTC)},
		}},
		{"past reminders are left out", Task{DueTime: now.Add(10 * time.Minute), Reminders: []int{30}}, time.UTC, []Reminder{
			{KindDue, 0, now.Add(10 * time.Minute), now.Add(10 * time.Minute)},
			{KindOverdue, 0, now.Add(10 * time.Minute), now.Add(70 * time.Minute)},
		}},
		{"completed has none", Task{DueTime: due, Completed: true}, time.UTC, nil},
		{"deleted has none", Task{DueTime: due, Deleted: true}, time.UTC, nil},
		{"no due moment has none", Task{Reminders: []int{5}}, time.UTC, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Plan(tt.task, tt.loc, now)
			if diff := cmp.Diff(tt.want, got, cmp.Comparer(func(a, b time.Time) bool { return a.Equal(b) })); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHumanMinutes(t *testing.T) {
	for m, want := range map[int]string{1: "1 minute", 15: "15 minutes", 60: "1 hour", 120: "2 hours", 1440: "1 day", 10080: "1 week", 90: "90 minutes"} {
		if got := humanMinutes(m); got != want {
			t.Errorf("humanMinutes(%d) = %q, want %q", m, got, want)
		}
	}
}
