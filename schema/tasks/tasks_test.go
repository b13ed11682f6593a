package tasks_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

// newTask inserts a task as a and returns its id.
func (b *bundle) newTask(a actor, columns string, values ...any) string {
	b.T.Helper()
	ph := ""
	for i := range values {
		if i > 0 {
			ph += ", "
		}
		ph += fmt.Sprintf("$%d", i+1)
	}
	id, err := scalar[string](b, a, "INSERT INTO tasks ("+columns+") VALUES ("+ph+") RETURNING id::text", values...)
	if err != nil {
		b.T.Fatalf("insert task (%s): %s", columns, describe(err))
	}
	return id
}

func (b *bundle) newProject(a actor, name string) string {
	b.T.Helper()
	id, err := scalar[string](b, a, "INSERT INTO projects (name) VALUES ($1) RETURNING id::text", name)
	if err != nil {
		b.T.Fatalf("insert project %q: %s", name, describe(err))
	}
	return id
}

func TestUpdatedAtIsMaintained(t *testing.T) {
	t.Parallel()
	b := setup(t)
	b.loadWorld()
	// Every table with updated_at: backdate one row as the superuser, touch
	// another column, and updated_at must be now again.
	for _, c := range []struct{ table, touch string }{
		{"profiles", "main_focus = 'work'"},
		{"user_profiles", "compact_mode = true"},
		{"user_notification_preferences", "enabled = false"},
		{"user_preferences", "preference_value = '1'"},
		{"pomodoro_settings", "daily_goal = 9"},
		{"pomodoro_sessions", "notes = 'n'"},
		{"pomodoro_stats", "total_sessions = 5"},
		{"user_subscriptions", "status = 'past_due'"},
		{"team_subscriptions", "seats = 6"},
		{"integration_connections", "status = 'error'"},
		{"projects", "overview = 'o'"},
		{"project_members", "user_name = user_name"},
		{"tasks", "notes = 'n'"},
		{"smart_lists", "hide_when_empty = true"},
		{"global_tags", "usage_count = usage_count + 1"},
	} {
		t.Run(c.table, func(t *testing.T) {
			b.Super(fmt.Sprintf("ALTER TABLE %s DISABLE TRIGGER USER", c.table))
			b.Super(fmt.Sprintf("UPDATE %s SET updated_at = '2000-01-01'", c.table))
			b.Super(fmt.Sprintf("ALTER TABLE %s ENABLE TRIGGER USER", c.table))
			b.Super(fmt.Sprintf("UPDATE %s SET %s WHERE ctid = (SELECT min(ctid) FROM %s)", c.table, c.touch, c.table))
			got := superScalar[int](b, fmt.Sprintf("SELECT count(*) FROM %s WHERE updated_at > now() - interval '1 minute'", c.table))
			if got != 1 {
				t.Errorf("%d rows of %s have a fresh updated_at after one update, want 1", got, c.table)
			}
		})
	}
}

func TestClientCannotSetUpdatedAt(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	id := b.newTask(u, "title", "write")
	must(t, b.Exec(u, "UPDATE tasks SET title = 'rewrite', updated_at = '2001-01-01', created_at = '2001-01-01' WHERE id = $1", id))
	got := superScalar[string](b, "SELECT (updated_at > now() - interval '1 minute')::text || (created_at > now() - interval '1 minute')::text FROM tasks WHERE id = $1", id)
	if got != "truetrue" {
		t.Errorf("updated_at/created_at fresh: %s, want truetrue", got)
	}
}

func TestCompletedAtFollowsIsCompleted(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	id := b.newTask(u, "title", "ship it")
	state := func() string {
		t.Helper()
		return superScalar[string](b, `SELECT is_completed::text || ' ' ||
			CASE WHEN completed_at IS NULL THEN 'null' WHEN completed_at > now() - interval '1 minute' THEN 'now' ELSE completed_at::text END
			FROM tasks WHERE id = $1`, id)
	}
	steps := []struct {
		name, sql, want string
	}{
		{"new task", "", "false null"},
		{"complete", "UPDATE tasks SET is_completed = true WHERE id = $1", "true now"},
		{"client backdates while staying complete", "UPDATE tasks SET completed_at = '2020-05-05 00:00:00+00' WHERE id = $1", "true 2020-05-05 00:00:00+00"},
		{"client clears while staying complete", "UPDATE tasks SET completed_at = NULL WHERE id = $1", "true 2020-05-05 00:00:00+00"},
		{"reopen (undo)", "UPDATE tasks SET is_completed = false WHERE id = $1", "false null"},
		{"reopen cannot keep a date", "UPDATE tasks SET completed_at = now() WHERE id = $1", "false null"},
		{"complete with a client date: the server's clock wins", "UPDATE tasks SET is_completed = true, completed_at = '1999-01-01' WHERE id = $1", "true now"},
	}
	for _, s := range steps {
		if s.sql != "" {
			must(t, b.Exec(u, s.sql, id))
		}
		if got := state(); got != s.want {
			t.Errorf("%s: got %q, want %q", s.name, got, s.want)
		}
	}
	// An import may bring its completion date.
	imported := b.newTask(u, "title, is_completed, completed_at", "old", true, time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC))
	got := superScalar[string](b, "SELECT completed_at::text FROM tasks WHERE id = $1", imported)
	if got != "2024-01-02 03:04:05+00" {
		t.Errorf("imported completed_at = %s", got)
	}
}

func TestNewTasksAndProjectsGoLast(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	other := b.NewUser("o@example.com", nil)
	b.newTask(other, "title, sort_order", "someone else's", 1000)
	b.newTask(u, "title", "first")
	b.newTask(u, "title, sort_order", "placed", 41)
	b.newTask(u, "title", "next")
	b.newTask(u, "title, sort_order", "at the top", -5)
	b.newTask(u, "title", "last")
	got, err := scalar[string](b, u, "SELECT string_agg(title || '=' || sort_order, ', ' ORDER BY sort_order) FROM tasks")
	must(t, err)
	if want := "at the top=-5, first=1, placed=41, next=42, last=43"; got != want {
		t.Errorf("task sort_order: got %q, want %q", got, want)
	}

	b.newProject(u, "A")
	b.newProject(u, "B")
	must(t, b.Exec(u, "INSERT INTO projects (name, sort_order) VALUES ('C', 10)"))
	b.newProject(u, "D")
	got, err = scalar[string](b, u, "SELECT string_agg(name || '=' || sort_order, ', ' ORDER BY sort_order) FROM projects")
	must(t, err)
	if want := "A=1, B=2, C=10, D=11"; got != want {
		t.Errorf("project sort_order: got %q, want %q", got, want)
	}
}

func TestTaskValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	long := make([]byte, 501)
	for i := range long {
		long[i] = 'x'
	}
	for _, c := range []struct {
		name, columns     string
		values            []any
		code, msg, detail string
	}{
		{"blank title", "title", []any{"   "}, "23514", "Task title required", ""},
		{"missing title", "notes", []any{"no title"}, "23514", "Task title required", ""},
		{"title too long", "title", []any{string(long)}, "23514", "Task title must be at most 500 characters", ""},
		{"priority above urgent", "title, priority", []any{"t", 5}, "23514", `new row for relation "tasks" violates check constraint "tasks_priority_check"`, ""},
		{"importance above high", "title, importance", []any{"t", 4}, "23514", `new row for relation "tasks" violates check constraint "tasks_importance_check"`, ""},
		{"negative reminder", "title, reminders", []any{"t", []int{-1}}, "23514", `new row for relation "tasks" violates check constraint "tasks_reminders_valid"`, ""},
		{"recurrence not JSON", "title, recurrence", []any{"t", "every day"}, "23514", "Invalid recurrence", "Recurrence must be JSON."},
		{"recurrence not an object", "title, recurrence", []any{"t", `["daily"]`}, "23514", "Invalid recurrence", "Recurrence must be a JSON object."},
		{"recurrence type unknown", "title, recurrence", []any{"t", `{"type":"hourly","interval":1}`}, "23514", "Invalid recurrence", "Recurrence type must be daily, weekly, monthly, yearly or custom."},
		{"recurrence interval 0", "title, recurrence", []any{"t", `{"type":"daily","interval":0}`}, "23514", "Invalid recurrence", "Recurrence interval must be between 1 and 30."},
		{"recurrence interval 31", "title, recurrence", []any{"t", `{"type":"weekly","interval":31}`}, "23514", "Invalid recurrence", "Recurrence interval must be between 1 and 30."},
		{"recurrence interval 1.5", "title, recurrence", []any{"t", `{"type":"weekly","interval":1.5}`}, "23514", "Invalid recurrence", "Recurrence interval must be between 1 and 30."},
	} {
		t.Run(c.name, func(t *testing.T) {
			ph := ""
			for i := range c.values {
				if i > 0 {
					ph += ", "
				}
				ph += fmt.Sprintf("$%d", i+1)
			}
			err := b.Exec(u, "INSERT INTO tasks ("+c.columns+") VALUES ("+ph+")", c.values...)
			if c.detail != "" {
				wantError(t, err, c.code, c.msg, c.detail)
			} else {
				wantError(t, err, c.code, c.msg)
			}
		})
	}
	// The edges that pass (two reminders need a paid plan).
	b.SetPlan(u, "pro_monthly")
	b.newTask(u, "title, recurrence", "a", `{"type":"daily","interval":1}`)
	b.newTask(u, "title, recurrence", "b", `{"type":"custom","interval":30,"daysOfWeek":[1,3]}`)
	b.newTask(u, "title, recurrence", "c", ``)
	b.newTask(u, "title, priority, importance, urgency, reminders", "d", 4, 3, 3, []int{0, 10080})
}

func TestTaskProjectAndListStayInStep(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	work := b.newProject(u, "Work")
	home := b.newProject(u, "Home")
	view := func(id string) string {
		t.Helper()
		return superScalar[string](b, `SELECT coalesce(p.name, '-') || ' / ' || coalesce(t.list, '<null>')
			FROM tasks t LEFT JOIN projects p ON p.id = t.project_id WHERE t.id = $1`, id)
	}
	// Quick add sends list (the project name), in any case.
	id := b.newTask(u, "title, list", "from quick add", "work")
	if got := view(id); got != "Work / Work" {
		t.Errorf("insert with list: %s", got)
	}
	// Writing project_id fills list.
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $2 WHERE id = $1", id, home))
	if got := view(id); got != "Home / Home" {
		t.Errorf("move by project_id: %s", got)
	}
	// Dragging onto a project sets list; onto Inbox clears it (001 §4).
	must(t, b.Exec(u, "UPDATE tasks SET list = 'Work' WHERE id = $1", id))
	if got := view(id); got != "Work / Work" {
		t.Errorf("move by list: %s", got)
	}
	must(t, b.Exec(u, "UPDATE tasks SET list = '' WHERE id = $1", id))
	if got := view(id); got != "- / " {
		t.Errorf("move to Inbox by list: %q", got)
	}
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $2 WHERE id = $1", id, work))
	must(t, b.Exec(u, "UPDATE tasks SET project_id = NULL WHERE id = $1", id))
	if got := view(id); got != "- / <null>" {
		t.Errorf("move to Inbox by project_id: %q", got)
	}
	// A name without a project stays text, in the Inbox.
	ghost := b.newTask(u, "title, list", "ghost", "Nowhere")
	if got := view(ghost); got != "- / Nowhere" {
		t.Errorf("unknown list: %s", got)
	}
	// Renaming a project renames its tasks' list.
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $2 WHERE id = $1", id, work))
	must(t, b.Exec(u, "UPDATE projects SET name = 'Office' WHERE id = $1", work))
	if got := view(id); got != "Office / Office" {
		t.Errorf("after rename: %s", got)
	}
	// Someone else's project is not found, by id or by name.
	other := b.NewUser("o@example.com", nil)
	secret := b.newProject(other, "Secret")
	wantError(t, b.Exec(u, "INSERT INTO tasks (title, project_id) VALUES ('x', $1)", secret), "23503", "Project not found")
	leak := b.newTask(u, "title, list", "by name", "Secret")
	if got := view(leak); got != "- / Secret" {
		t.Errorf("foreign project by name: %s", got)
	}
}

func TestSubtasks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	work := b.newProject(u, "Work")
	parent := b.newTask(u, "title, project_id", "parent", work)
	child := b.newTask(u, "title, parent_id", "child", parent)
	got := superScalar[string](b, "SELECT project_id::text || ' ' || list FROM tasks WHERE id = $1", child)
	if got != work+" Work" {
		t.Errorf("a subtask lives in its parent's project: %s", got)
	}
	wantError(t, b.Exec(u, "INSERT INTO tasks (title, parent_id) VALUES ('grandchild', $1)", child), "23514", "A subtask cannot have subtasks")
	other := b.newTask(u, "title", "other")
	wantError(t, b.Exec(u, "UPDATE tasks SET parent_id = $2 WHERE id = $1", parent, other), "23514", "A task with subtasks cannot become a subtask")
	wantError(t, b.Exec(u, "UPDATE tasks SET parent_id = id WHERE id = $1", other), "23514", "A task cannot be its own parent")

	stranger := b.NewUser("s@example.com", nil)
	wantError(t, b.Exec(stranger, "INSERT INTO tasks (title, parent_id) VALUES ('hijack', $1)", parent), "23503", "Parent task not found")

	// Moving the parent moves the subtasks; deleting it deletes them.
	home := b.newProject(u, "Home")
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $2 WHERE id = $1", parent, home))
	got = superScalar[string](b, "SELECT list FROM tasks WHERE id = $1", child)
	if got != "Home" {
		t.Errorf("subtask after its parent moved: %s", got)
	}
	must(t, b.Exec(u, "UPDATE tasks SET is_deleted = true WHERE id = $1", parent))
	if !superScalar[bool](b, "SELECT is_deleted FROM tasks WHERE id = $1", child) {
		t.Errorf("subtask not deleted with its parent")
	}
	wantError(t, b.Exec(u, "INSERT INTO tasks (title, parent_id) VALUES ('late', $1)", parent), "23503", "Parent task not found")
}

func TestSoftDeletedProjectTakesItsTasks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, "UPDATE projects SET is_deleted = true WHERE id = $1", idShared))
	got := superScalar[string](b, "SELECT string_agg(title || ':' || is_deleted, ', ' ORDER BY title) FROM tasks WHERE project_id = $1", idShared)
	if got != "member shared:true, owner shared:true" {
		t.Errorf("tasks of a deleted project: %s", got)
	}
	// The member no longer reaches the project or the others' tasks in it.
	n, err := scalar[int](b, w.member, "SELECT (SELECT count(*) FROM projects) + (SELECT count(*) FROM tasks WHERE user_id <> auth.uid())")
	must(t, err)
	if n != 0 {
		t.Errorf("member still sees %d rows of a deleted project", n)
	}
	// A restored task whose project is gone lands in the Inbox.
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_deleted = false WHERE title = 'owner shared'"))
	got = superScalar[string](b, "SELECT coalesce(project_id::text, 'inbox') || ' ' || coalesce(list, '<null>') FROM tasks WHERE title = 'owner shared'")
	if got != "inbox <null>" {
		t.Errorf("restored task: %s", got)
	}
}

func TestHardDeletedProjectReleasesItsTasks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, "DELETE FROM projects WHERE id = $1", idShared))
	got := superScalar[string](b, "SELECT string_agg(title || ':' || coalesce(list, '<null>'), ', ' ORDER BY title) FROM tasks WHERE title LIKE '%shared'")
	if got != "member shared:<null>, owner shared:<null>" {
		t.Errorf("tasks after their project was deleted: %s", got)
	}
	if n := superScalar[int](b, "SELECT count(*) FROM project_members WHERE project_id = $1", idShared); n != 0 {
		t.Errorf("%d member rows left", n)
	}
}

func TestProjectTasksByRole(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	softDelete := "UPDATE tasks SET is_deleted = true WHERE title = $1 RETURNING title"
	for _, c := range []struct {
		name  string
		who   actor
		title string
		code  string
		msg   string
	}{
		{"member deletes own task", w.member, "member shared", "", ""},
		{"member may not delete the owner's task", w.member, "owner shared", "42501", "Only the project owner or an admin can delete tasks of other members"},
		{"admin deletes the owner's task", w.admin, "owner shared", "", ""},
		{"owner deletes a member's task", w.owner, "member shared", "", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			tx := b.Begin(c.who)
			defer tx.Rollback(b.Ctx)
			var got string
			err := tx.QueryRow(b.Ctx, softDelete, c.title).Scan(&got)
			if c.code != "" {
				wantError(t, err, c.code, c.msg)
				return
			}
			must(t, err)
		})
	}
	// Everyone in the project edits its tasks; nobody changes a task's owner.
	must(t, b.Exec(w.member, "UPDATE tasks SET title = 'owner shared (edited by member)', is_completed = true WHERE title = 'owner shared'"))
	wantError(t, b.Exec(w.owner, "UPDATE tasks SET user_id = $1 WHERE title = 'member shared'", idOwner), "42501", "Task owner cannot be changed")
}

func TestTasksWithProjectColumns(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	type row struct {
		Title, ProjectName, ProjectColor, ProjectIcon, ProjectOwner string
		Shared, IsOwner                                             bool
		Role                                                        string
	}
	var got []row
	must(t, b.As(w.member, func(tx pgx.Tx) error {
		r, _ := tx.Query(b.Ctx, `SELECT title, project_name, project_color, project_icon_name, project_owner_id::text,
			project_is_shared, is_owner, user_role FROM user_accessible_tasks_with_project ORDER BY title`)
		var err error
		got, err = pgx.CollectRows(r, func(r pgx.CollectableRow) (row, error) {
			var x row
			return x, r.Scan(&x.Title, &x.ProjectName, &x.ProjectColor, &x.ProjectIcon, &x.ProjectOwner, &x.Shared, &x.IsOwner, &x.Role)
		})
		return err
	}))
	want := []row{
		{"member shared", "Shared", "#3b82f6", "Folder", idOwner, true, true, "member"},
		{"owner shared", "Shared", "#3b82f6", "Folder", idOwner, true, false, "member"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}
