package datamodel_test

import (
	"testing"
)

func TestPomodoroSettingsDefaultsAndRanges(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("p@example.com", nil)
	must(t, b.Exec(u, "INSERT INTO pomodoro_settings (device_id) VALUES ('laptop')"))
	got, err := scalar[string](b, u, `SELECT concat_ws(' ', work_duration, short_break_duration, long_break_duration,
		sessions_until_long_break, daily_goal, auto_start_breaks, auto_start_work, show_timer_in_title, enable_browser_notifications)
		FROM pomodoro_settings`)
	must(t, err)
	if want := "25 5 15 4 8 f f t t"; got != want {
		t.Errorf("defaults %q, want %q", got, want)
	}
	// 000 §9: work 1-60, short break 1-30, long break 1-60, sessions 2-10, daily goal 1-50.
	for _, c := range []struct {
		set, constraint string
	}{
		{"work_duration = 0", "pomodoro_settings_work_duration_range"},
		{"work_duration = 61", "pomodoro_settings_work_duration_range"},
		{"short_break_duration = 31", "pomodoro_settings_short_break_range"},
		{"long_break_duration = 0", "pomodoro_settings_long_break_range"},
		{"sessions_until_long_break = 1", "pomodoro_settings_sessions_range"},
		{"sessions_until_long_break = 11", "pomodoro_settings_sessions_range"},
		{"daily_goal = 51", "pomodoro_settings_daily_goal_range"},
	} {
		err := b.Exec(u, "UPDATE pomodoro_settings SET "+c.set)
		if pe := pgError(err); pe == nil || pe.Code != "23514" || pe.ConstraintName != c.constraint {
			t.Errorf("%s: %s", c.set, describe(err))
		}
	}
	must(t, b.Exec(u, "UPDATE pomodoro_settings SET work_duration = 60, short_break_duration = 30, long_break_duration = 1, sessions_until_long_break = 10, daily_goal = 50"))
	// The app upserts on user_id.
	must(t, b.Exec(u, "INSERT INTO pomodoro_settings (user_id, daily_goal) VALUES ($1, 3) ON CONFLICT (user_id) DO UPDATE SET daily_goal = excluded.daily_goal", u.ID))
}

func TestPomodoroSessionStates(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("p@example.com", nil)
	task := b.newTask(u, "title", "focus on this")
	first, err := scalar[string](b, u, "INSERT INTO pomodoro_sessions (type, duration_minutes, task_id) VALUES ('work', 25, $1) RETURNING id::text", task)
	must(t, err)
	status := func(id string) string {
		t.Helper()
		return superScalar[string](b, "SELECT status || ' ' || (paused_at IS NOT NULL) || ' ' || (ended_at IS NOT NULL) FROM pomodoro_sessions WHERE id = $1", id)
	}
	set := func(id, s string) error {
		return b.Exec(u, "UPDATE pomodoro_sessions SET status = $2 WHERE id = $1", id, s)
	}

	must(t, set(first, "paused"))
	if got := status(first); got != "paused true false" {
		t.Errorf("paused: %s", got)
	}
	must(t, b.Exec(u, "UPDATE pomodoro_sessions SET status = 'active', paused_duration_seconds = paused_duration_seconds + 42 WHERE id = $1", first))
	if got := status(first); got != "active false false" {
		t.Errorf("resumed: %s", got)
	}
	// Starting a new session cancels the running one (000 §4).
	second, err := scalar[string](b, u, "INSERT INTO pomodoro_sessions (type, duration_minutes) VALUES ('short_break', 5) RETURNING id::text")
	must(t, err)
	if got := status(first); got != "cancelled false true" {
		t.Errorf("the replaced session: %s", got)
	}
	must(t, set(second, "completed"))
	if got := status(second); got != "completed false true" {
		t.Errorf("completed: %s", got)
	}
	wantError(t, set(second, "active"), "23514", "Invalid session status change from completed to active")
	wantError(t, set(first, "paused"), "23514", "Invalid session status change from cancelled to paused")

	// A session may point at a task its user can see, not at anyone's.
	other := b.NewUser("o@example.com", nil)
	foreign := b.newTask(other, "title", "not yours")
	wantError(t, b.Exec(u, "INSERT INTO pomodoro_sessions (type, task_id) VALUES ('work', $1)", foreign), "23503", "Task not found")
	// And a session never cancels someone else's.
	theirs, err := scalar[string](b, other, "INSERT INTO pomodoro_sessions (type) VALUES ('work') RETURNING id::text")
	must(t, err)
	_ = b.Exec(u, "INSERT INTO pomodoro_sessions (user_id, type) VALUES ($1, 'work')", other.ID)
	if got := status(theirs); got != "active false false" {
		t.Errorf("someone else's session: %s", got)
	}
}

func TestPomodoroStatsPerDay(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("p@example.com", nil)
	upsert := `INSERT INTO pomodoro_stats (date, completed_sessions, total_sessions, total_focus_minutes)
		VALUES (current_date, $1, $1, $1 * 25)
		ON CONFLICT (user_id, date) DO UPDATE SET completed_sessions = excluded.completed_sessions,
		  total_sessions = excluded.total_sessions, total_focus_minutes = excluded.total_focus_minutes`
	must(t, b.Exec(u, upsert, 1))
	must(t, b.Exec(u, upsert, 2))
	got, err := scalar[string](b, u, "SELECT count(*) || ' ' || max(total_focus_minutes) FROM pomodoro_stats")
	must(t, err)
	if got != "1 50" {
		t.Errorf("stats %q", got)
	}
	err = b.Exec(u, upsert, -1)
	if pe := pgError(err); pe == nil || pe.Code != "23514" {
		t.Errorf("negative counter: %s", describe(err))
	}
}
