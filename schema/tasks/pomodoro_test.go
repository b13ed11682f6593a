package tasks_test

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
	// One row per device (0700); the app upserts on user_id,device_id, and a
	// client that sends no device id has the device ''.
	upsert := "INSERT INTO pomodoro_settings (user_id, device_id, daily_goal) VALUES ($1, $2, $3) ON CONFLICT (user_id, device_id) DO UPDATE SET daily_goal = excluded.daily_goal"
	must(t, b.Exec(u, upsert, u.ID, "laptop", 3))
	must(t, b.Exec(u, upsert, u.ID, "phone", 2))
	must(t, b.Exec(u, "INSERT INTO pomodoro_settings (daily_goal) VALUES (4)"))
	got, err = scalar[string](b, u, "SELECT string_agg(device_id || '=' || daily_goal, ' ' ORDER BY device_id) FROM pomodoro_settings")
	must(t, err)
	if want := "=4 laptop=3 phone=2"; got != want {
		t.Errorf("rows per device %q, want %q", got, want)
	}
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

// TestPomodoroStatsFromSessions: the server records each session as it
// ends (0701) on the user's calendar day, with streaks; users only read.
func TestPomodoroStatsFromSessions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("p@example.com", nil)
	// The user's day: 23:30 UTC on the 9th is already the 10th in Berlin.
	must(t, b.Exec(u, `INSERT INTO user_preferences (preference_key, preference_value) VALUES ('timezone', '"Europe/Berlin"')`))
	// A session of the given type, status and minutes focused, ending at end (UTC).
	session := func(typ, status string, minutes, focused int, end string) {
		t.Helper()
		must(t, b.Exec(u, `INSERT INTO pomodoro_sessions (type, duration_minutes, started_at)
			VALUES ($1, $2, $4::timestamptz - make_interval(mins => $3))`, typ, minutes, focused, end))
		must(t, b.Exec(u, `UPDATE pomodoro_sessions SET status = $1, ended_at = $2 WHERE status = 'active'`, status, end))
	}
	day := func(date string) string {
		t.Helper()
		return superScalar[string](b, `SELECT coalesce((SELECT concat_ws(' ', completed_sessions, total_sessions, total_focus_minutes,
			total_break_minutes, current_streak, longest_streak) FROM pomodoro_stats WHERE user_id = $1 AND date = $2::date), 'none')`, u.ID, date)
	}

	session("work", "completed", 25, 25, "2026-11-08T10:00:00Z")
	session("short_break", "completed", 5, 5, "2026-11-08T10:05:00Z")
	session("work", "cancelled", 25, 12, "2026-11-08T10:20:00Z")
	session("work", "completed", 50, 50, "2026-11-09T23:30:00Z") // the 10th in Berlin
	session("long_break", "cancelled", 15, 7, "2026-11-10T08:00:00Z")
	session("work", "completed", 25, 25, "2026-11-10T09:00:00Z")
	session("work", "completed", 25, 25, "2026-11-12T09:00:00Z") // the 11th is missed
	for _, c := range []struct{ date, want string }{
		// completed total focus break streak longest
		{"2026-11-08", "1 2 37 5 1 1"},
		{"2026-11-09", "none"},
		{"2026-11-10", "2 2 75 7 1 1"},
		{"2026-11-12", "1 1 25 0 1 1"},
	} {
		if got := day(c.date); got != c.want {
			t.Errorf("%s: %q, want %q", c.date, got, c.want)
		}
	}
	session("work", "completed", 25, 25, "2026-11-13T09:00:00Z")
	session("work", "completed", 25, 25, "2026-11-14T09:00:00Z")
	if got, want := day("2026-11-14"), "1 1 25 0 3 3"; got != want {
		t.Errorf("third day in a row: %q, want %q", got, want)
	}

	// A paused session that is cancelled counts the time before the pause only.
	must(t, b.Exec(u, `INSERT INTO pomodoro_sessions (type, duration_minutes, started_at) VALUES ('work', 25, '2026-11-15T09:00:00Z')`))
	must(t, b.Exec(u, `UPDATE pomodoro_sessions SET status = 'paused', paused_at = '2026-11-15T09:10:00Z' WHERE status = 'active'`))
	must(t, b.Exec(u, `UPDATE pomodoro_sessions SET status = 'cancelled', ended_at = '2026-11-15T10:00:00Z' WHERE status = 'paused'`))
	if got, want := superScalar[int](b, `SELECT paused_duration_seconds FROM pomodoro_sessions WHERE ended_at = '2026-11-15T10:00:00Z'`), 3000; got != want {
		t.Errorf("pause folded in: %d s, want %d", got, want)
	}
	if got, want := day("2026-11-15"), "0 1 10 0 0 0"; got != want {
		t.Errorf("cancelled while paused: %q, want %q", got, want)
	}
	// Ending a session again counts nothing more.
	must(t, b.Exec(u, `UPDATE pomodoro_sessions SET status = 'cancelled' WHERE ended_at = '2026-11-15T10:00:00Z'`))
	if got, want := day("2026-11-15"), "0 1 10 0 0 0"; got != want {
		t.Errorf("ended twice: %q, want %q", got, want)
	}

	// Users read their statistics and write none of them.
	wantError(t, b.Exec(u, `INSERT INTO pomodoro_stats (date) VALUES ('2026-12-01')`), "42501", "permission denied for table pomodoro_stats")
	wantError(t, b.Exec(u, `UPDATE pomodoro_stats SET completed_sessions = 99`), "42501", "permission denied for table pomodoro_stats")
	n, err := scalar[int](b, u, "SELECT count(*) FROM pomodoro_stats")
	must(t, err)
	if n != 6 {
		t.Errorf("rows the user reads: %d, want 6", n)
	}
}
