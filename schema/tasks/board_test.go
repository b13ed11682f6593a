package tasks_test

import (
	"strings"
	"testing"
)

const boardColumns = `[{"id":"todo","name":"To do","wip_limit":null},{"id":"doing","name":"Doing","wip_limit":3},{"id":"done","name":"Done"}]`

// wantCheck fails unless err is a check violation (23514) whose message
// contains part.
func wantCheck(t *testing.T, err error, part string) {
	t.Helper()
	pe := pgError(err)
	if pe == nil || pe.Code != "23514" || !strings.Contains(pe.Message, part) {
		t.Fatalf("want check violation mentioning %q, got %s", part, describe(err))
	}
}

func TestBoardColumnsValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	p := b.newProject(u, "Board")
	must(t, b.Exec(u, "UPDATE projects SET board_columns = $1::jsonb WHERE id = $2", boardColumns, p))
	if got := superScalar[string](b, "SELECT board_columns::text FROM projects WHERE id = $1", p); !strings.Contains(got, `"Doing"`) {
		t.Fatalf("columns stored as %s", got)
	}
	for name, bad := range map[string]string{
		"not an array":      `{"id":"a","name":"A"}`,
		"blank name":        `[{"id":"a","name":"  "}]`,
		"long name":         `[{"id":"a","name":"` + strings.Repeat("n", 61) + `"}]`,
		"missing id":        `[{"name":"A"}]`,
		"numeric id":        `[{"id":1,"name":"A"}]`,
		"duplicate ids":     `[{"id":"a","name":"A"},{"id":"a","name":"B"}]`,
		"zero wip":          `[{"id":"a","name":"A","wip_limit":0}]`,
		"fractional wip":    `[{"id":"a","name":"A","wip_limit":2.5}]`,
		"huge wip":          `[{"id":"a","name":"A","wip_limit":1000}]`,
		"unknown key":       `[{"id":"a","name":"A","color":"red"}]`,
		"twenty-one things": "[" + strings.TrimSuffix(strings.Repeat(`{"id":"x","name":"X"},`, 21), ",") + "]",
	} {
		t.Run(name, func(t *testing.T) {
			wantCheck(t, b.Exec(u, "UPDATE projects SET board_columns = $1::jsonb WHERE id = $2", bad, p), "projects_board_columns_valid")
		})
	}
}

func TestBoardColumnOfTask(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	p := b.newProject(u, "Board")
	other := b.newProject(u, "Other")
	must(t, b.Exec(u, "UPDATE projects SET board_columns = $1::jsonb WHERE id = $2", boardColumns, p))
	task := b.newTask(u, "title, project_id, board_column", "Card", p, "doing")

	// A column of another project, or any column for a task without one, is refused.
	wantError(t, b.Exec(u, "UPDATE tasks SET board_column = 'nope' WHERE id = $1", task), "23514", `board_column "nope" is not a column of the task's project`)
	wantError(t, b.Exec(u, "INSERT INTO tasks (title, board_column) VALUES ('Inbox card', 'todo')"), "23514", `board_column "todo" is not a column of the task's project`)

	// Moving the task to another project takes it out of its column...
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $1 WHERE id = $2", other, task))
	if got := superScalar[*string](b, "SELECT board_column FROM tasks WHERE id = $1", task); got != nil {
		t.Fatalf("column after moving project = %q, want null", *got)
	}
	// ...and back with a column named in the same write keeps it.
	must(t, b.Exec(u, "UPDATE tasks SET project_id = $1, board_column = 'done' WHERE id = $2", p, task))

	// Deleting the column moves its cards to "No column"; the others stay.
	stays := b.newTask(u, "title, project_id, board_column", "Stays", p, "todo")
	must(t, b.Exec(u, `UPDATE projects SET board_columns = '[{"id":"todo","name":"To do"}]' WHERE id = $1`, p))
	got := superScalar[string](b, "SELECT string_agg(title || '=' || coalesce(board_column, '-'), ' ' ORDER BY title) FROM tasks WHERE id IN ($1, $2)", task, stays)
	if got != "Card=- Stays=todo" {
		t.Fatalf("after deleting a column: %s", got)
	}
	// The views the app reads carry both columns.
	if got, err := scalar[string](b, u, "SELECT board_columns::text FROM user_accessible_projects WHERE id = $1", p); err != nil || !strings.Contains(got, "todo") {
		t.Fatalf("user_accessible_projects.board_columns = %q, %s", got, describe(err))
	}
	if got, err := scalar[string](b, u, "SELECT board_column FROM user_accessible_tasks_with_project WHERE id = $1", stays); err != nil || got != "todo" {
		t.Fatalf("user_accessible_tasks_with_project.board_column = %q, %s", got, describe(err))
	}
}

// Columns ride the project's own policies: its owner and admins edit them,
// a member moves cards (their task writes) but cannot redefine the board,
// a stranger neither sees nor touches either.
func TestBoardColumnsBySharing(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	set := "UPDATE projects SET board_columns = $1::jsonb WHERE id = $2"
	must(t, b.Exec(w.owner, set, boardColumns, idShared))
	must(t, b.Exec(w.admin, set, `[{"id":"todo","name":"Backlog"},{"id":"doing","name":"Doing"}]`, idShared))
	must(t, b.Exec(w.member, set, `[]`, idShared))
	must(t, b.Exec(w.stranger, set, `[]`, idShared))
	if got := superScalar[string](b, "SELECT board_columns::text FROM projects WHERE id = $1", idShared); !strings.Contains(got, "Backlog") {
		t.Fatalf("member or stranger rewrote the columns: %s", got)
	}
	// The member moves their own card, and the admin's column removal clears
	// the owner's card too (the cleanup is the server's, not the caller's rows).
	must(t, b.Exec(w.member, "UPDATE tasks SET board_column = 'doing' WHERE title = 'member shared'"))
	must(t, b.Exec(w.owner, "UPDATE tasks SET board_column = 'doing' WHERE title = 'owner shared'"))
	must(t, b.Exec(w.admin, set, `[{"id":"todo","name":"Backlog"}]`, idShared))
	if got := superScalar[int](b, "SELECT count(*)::int FROM tasks WHERE project_id = $1 AND board_column IS NOT NULL", idShared); got != 0 {
		t.Fatalf("%d cards still in a deleted column", got)
	}
	// A stranger's column ids are not theirs to use.
	n, err := scalar[int](b, w.stranger, "SELECT count(*)::int FROM user_accessible_projects WHERE id = $1", idShared)
	if err != nil || n != 0 {
		t.Fatalf("stranger sees the shared project's board: %d, %s", n, describe(err))
	}
}

func TestMoveBoardTask(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	other := b.NewUser("o@example.com", nil)
	p := b.newProject(u, "Board")
	must(t, b.Exec(u, "UPDATE projects SET board_columns = $1::jsonb WHERE id = $2", boardColumns, p))
	a := b.newTask(u, "title, project_id, board_column, sort_order", "A", p, "doing", 10)
	c := b.newTask(u, "title, project_id, board_column, sort_order", "C", p, "doing", 20)
	x := b.newTask(u, "title, project_id, board_column, sort_order", "X", p, "todo", 15)
	outside := b.newTask(u, "title, project_id, sort_order", "Outside", p, 12)
	order := func() string {
		return superScalar[string](b, `SELECT string_agg(title || ':' || coalesce(board_column, '-'), ' ' ORDER BY sort_order, created_at, id)
			FROM tasks WHERE project_id = $1`, p)
	}

	// X goes between A and C in Doing: the three trade A's, X's and C's values.
	must(t, b.Exec(u, "SELECT move_board_task($1, $2::jsonb, $3::uuid[])", x, `{"board_column":"doing"}`, []string{a, x, c}))
	if got := order(); got != "A:doing Outside:- X:doing C:doing" {
		t.Fatalf("after the move: %s", got)
	}
	// Within a column: C to the top. Outside keeps its place.
	must(t, b.Exec(u, "SELECT move_board_task($1, '{}'::jsonb, $2::uuid[])", c, []string{c, a, x}))
	if got := order(); got != "C:doing Outside:- A:doing X:doing" {
		t.Fatalf("after the reorder: %s", got)
	}
	// A by-priority drop writes the priority only; a by-due drop the date.
	must(t, b.Exec(u, "SELECT move_board_task($1, '{\"priority\":4}'::jsonb)", a))
	must(t, b.Exec(u, `SELECT move_board_task($1, '{"due_date":"2026-12-01","due_time":null,"reminders":[]}'::jsonb)`, outside))
	if got := superScalar[string](b, "SELECT priority || ' ' || (SELECT due_date::text FROM tasks WHERE id = $2) FROM tasks WHERE id = $1", a, outside); got != "4 2026-12-01" {
		t.Fatalf("priority and date = %q", got)
	}

	wantError(t, b.Exec(u, "SELECT move_board_task($1, '{\"sort_order\":1}'::jsonb)", a), "22023", "Unknown board field: sort_order")
	wantError(t, b.Exec(u, "SELECT move_board_task($1, '{}'::jsonb, $2::uuid[])", a, []string{c, x}), "22023", "The order must list the moved task")
	wantError(t, b.Exec(u, "SELECT move_board_task($1, '{}'::jsonb, $2::uuid[])", a, []string{a, a}), "22023", "The order lists a task twice")
	wantError(t, b.Exec(u, "SELECT move_board_task($1, '{\"board_column\":\"gone\"}'::jsonb)", a), "23514", `board_column "gone" is not a column of the task's project`)
	// Someone else's cards are not found, neither moved nor ordered.
	wantError(t, b.Exec(other, "SELECT move_board_task($1, '{\"priority\":1}'::jsonb)", a), "P0002", "Task not found")
	mine := b.newTask(other, "title", "Mine")
	wantError(t, b.Exec(other, "SELECT move_board_task($1, '{}'::jsonb, $2::uuid[])", mine, []string{mine, a}), "P0002", "Task not found")
	if got := order(); got != "C:doing Outside:- A:doing X:doing" {
		t.Fatalf("a refused move changed the order: %s", got)
	}
}
