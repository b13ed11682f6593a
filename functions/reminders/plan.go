// Package reminders schedules and delivers task reminders: the
// schedule-task-notifications function of spec 001 §7 and the scheduler
// that turns each due reminder into a notifications row (and an e-mail when
// the recipient's preferences ask for one).
//
// A task with a due moment gets up to three kinds of reminder (001 §9):
//
//   - advance: each offset of tasks.reminders (minutes) before the due moment;
//   - due: at the due moment;
//   - overdue: when the task is still open an hour after a timed due moment,
//     or at 09:00 the day after a date-only one.
//
// A date-only task is due at 09:00 in the recipient's time zone. Reminders
// are rows of jobs.task_reminders (schema/migrations/0500); [Replace]
// recomputes a task's pending rows, and the [Scheduler] claims due rows with
// FOR UPDATE SKIP LOCKED, so any number of daybase instances deliver each
// reminder exactly once.
package reminders

import (
	"slices"
	"time"
)

// Kinds of reminder (001 §9 "reminder types advance, due, overdue").
const (
	KindAdvance = "advance"
	KindDue     = "due"
	KindOverdue = "overdue"
)

// Timing rules, see the package comment and docs/decisions.md.
const (
	// DateOnlyHour is the local hour a task with a due date and no time is due.
	DateOnlyHour = 9
	// OverdueAfter is how long after a timed due moment an open task counts
	// as overdue.
	OverdueAfter = time.Hour
)

// Task is what planning needs of a task.
type Task struct {
	ID string
	// DueDate is the calendar day ("2006-01-02"), "" when none.
	DueDate string
	// DueTime is the due instant, zero when none.
	DueTime time.Time
	// Reminders are minutes before the due moment (tasks.reminders).
	Reminders []int
	Completed bool
	Deleted   bool
}

// Reminder is one planned delivery.
type Reminder struct {
	Kind string
	// OffsetMinutes is the advance offset; 0 for due and overdue.
	OffsetMinutes int
	// TaskDueAt is the due moment the reminder belongs to.
	TaskDueAt time.Time
	FireAt    time.Time
}

// DueMoment is when t is due in loc: its due_time, else 09:00 local on its
// due_date. ok is false for a task without either (or an unreadable date).
func DueMoment(t Task, loc *time.Location) (due time.Time, dateOnly, ok bool) {
	if !t.DueTime.IsZero() {
		return t.DueTime, false, true
	}
	if t.DueDate == "" {
		return time.Time{}, false, false
	}
	d, err := time.ParseInLocation(time.DateOnly, t.DueDate, loc)
	if err != nil {
		return time.Time{}, false, false
	}
	return time.Date(d.Year(), d.Month(), d.Day(), DateOnlyHour, 0, 0, 0, loc), true, true
}

// Plan returns the reminders of t still to come after now, in firing order:
// none for a completed or deleted task or one without a due moment.
// Duplicate offsets collapse, and an offset of 0 is the due reminder itself.
func Plan(t Task, loc *time.Location, now time.Time) []Reminder {
	if t.Completed || t.Deleted {
		return nil
	}
	due, dateOnly, ok := DueMoment(t, loc)
	if !ok {
		return nil
	}
	var out []Reminder
	add := func(r Reminder) {
		if r.FireAt.After(now) {
			out = append(out, r)
		}
	}
	offsets := slices.Clone(t.Reminders)
	slices.Sort(offsets)
	offsets = slices.Compact(offsets)
	for _, m := range offsets {
		if m > 0 {
			add(Reminder{Kind: KindAdvance, OffsetMinutes: m, TaskDueAt: due, FireAt: due.Add(-time.Duration(m) * time.Minute)})
		}
	}
	add(Reminder{Kind: KindDue, TaskDueAt: due, FireAt: due})
	overdue := due.Add(OverdueAfter)
	if dateOnly {
		l := due.In(loc)
		overdue = time.Date(l.Year(), l.Month(), l.Day()+1, DateOnlyHour, 0, 0, 0, loc)
	}
	add(Reminder{Kind: KindOverdue, TaskDueAt: due, FireAt: overdue})
	slices.SortStableFunc(out, func(a, b Reminder) int { return a.FireAt.Compare(b.FireAt) })
	return out
}
