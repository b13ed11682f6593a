package tasks_test

import "testing"

// TestTaskDuration: tasks.duration_minutes (0762) is null or 5–1440
// minutes, the owner writes it like due_time, and the views the app reads
// carry it.
func TestTaskDuration(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	task := b.newTask(u, "title, due_date, due_time", "Meeting", "2026-12-01", "2026-12-01T09:00:00Z")
	if got := superScalar[*int32](b, "SELECT duration_minutes FROM tasks WHERE id = $1", task); got != nil {
		t.Fatalf("a new task lasts %d minutes, want null", *got)
	}
	for _, ok := range []int{5, 45, 1440} {
		must(t, b.Exec(u, "UPDATE tasks SET duration_minutes = $1 WHERE id = $2", ok, task))
	}
	for _, bad := range []int{0, 4, -15, 1441} {
		wantCheck(t, b.Exec(u, "UPDATE tasks SET duration_minutes = $1 WHERE id = $2", bad, task), "tasks_duration_minutes_range")
	}
	wantCheck(t, b.Exec(u, "INSERT INTO tasks (title, duration_minutes) VALUES ('Too long', 2000)"), "tasks_duration_minutes_range")
	must(t, b.Exec(u, "UPDATE tasks SET duration_minutes = 90 WHERE id = $1", task))
	for _, view := range []string{"tasks_with_project", "user_accessible_tasks_with_project"} {
		got, err := scalar[int32](b, u, "SELECT duration_minutes FROM "+view+" WHERE id = $1", task)
		if err != nil || got != 90 {
			t.Fatalf("%s: duration %d, %v; want 90", view, got, err)
		}
	}
	// A stranger cannot change it (the tasks update policy).
	other := b.NewUser("other@example.com", nil)
	must(t, b.Exec(other, "UPDATE tasks SET duration_minutes = 15 WHERE id = $1", task))
	if got := superScalar[int32](b, "SELECT duration_minutes FROM tasks WHERE id = $1", task); got != 90 {
		t.Fatalf("a stranger changed the duration to %d", got)
	}
	must(t, b.Exec(u, "UPDATE tasks SET duration_minutes = NULL WHERE id = $1", task))
}
