package tasks_test

// The server side of the task module (issue 18): archived projects (0650),
// duplicating tasks (0651) and projects (0652), saving the project order
// (0653), bulk task changes (0654) and the invite preview (0655).

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"daybase/schema/internal/rlstest"
)

func TestArchiveProject(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()

	// Only the owner archives; archived_at is the server's.
	wantError(t, b.Exec(w.admin, "UPDATE projects SET is_archived = true WHERE id = $1", idShared),
		"42501", "Only the project owner can archive this project")
	must(t, b.Exec(w.owner, "UPDATE projects SET is_archived = true, archived_at = '2000-01-01' WHERE id = $1", idShared))
	if got := superScalar[bool](b, "SELECT is_archived AND archived_at > now() - interval '1 minute' FROM projects WHERE id = $1", idShared); !got {
		t.Errorf("archiving did not set archived_at from the server clock")
	}
	// A client cannot move archived_at afterwards, nor start a project archived.
	must(t, b.Exec(w.owner, "UPDATE projects SET archived_at = '2000-01-01', overview = 'x' WHERE id = $1", idShared))
	if got := superScalar[bool](b, "SELECT archived_at > now() - interval '1 minute' FROM projects WHERE id = $1", idShared); !got {
		t.Errorf("a client moved archived_at")
	}
	fresh, err := scalar[string](b, w.owner, "INSERT INTO projects (name, is_archived, archived_at) VALUES ('Fresh', true, now()) RETURNING (is_archived OR archived_at IS NOT NULL)::text")
	must(t, err)
	if fresh != "false" {
		t.Errorf("a new project started archived")
	}

	// Everyone in the project sees the state through the view; the tasks stay.
	for _, a := range []actor{w.owner, w.admin, w.member} {
		got, err := scalar[string](b, a, "SELECT is_archived::text FROM user_accessible_projects WHERE id = $1", idShared)
		must(t, err)
		if got != "true" {
			t.Errorf("%s sees is_archived %s", a.Email, got)
		}
	}
	if n := superScalar[int64](b, "SELECT count(*) FROM tasks WHERE project_id = $1 AND NOT is_deleted", idShared); n != 2 {
		t.Errorf("archiving changed the project's tasks: %d live", n)
	}

	// Restoring clears archived_at.
	wantError(t, b.Exec(w.admin, "UPDATE projects SET is_archived = false WHERE id = $1", idShared),
		"42501", "Only the project owner can archive this project")
	must(t, b.Exec(w.owner, "UPDATE projects SET is_archived = false WHERE id = $1", idShared))
	if got := superScalar[string](b, "SELECT concat_ws(' ', is_archived, archived_at IS NULL) FROM projects WHERE id = $1", idShared); got != "f t" {
		t.Errorf("restored project: %s", got)
	}
}

func TestDuplicateTask(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	parent := b.newTask(w.owner, "title, notes, due_date, priority, tags, project_id, reminders, recurrence, is_starred, importance, urgency",
		"Plan trip", "Book early", "2026-12-01", 3, "travel, family", idShared, []int32{15}, `{"type":"weekly","interval":2}`, true, 2, 1)
	b.newTask(w.owner, "title, parent_id", "Flights", parent)
	done := b.newTask(w.owner, "title, parent_id", "Hotel", parent)
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_completed = true WHERE id = $1", done))
	gone := b.newTask(w.owner, "title, parent_id", "Deleted step", parent)
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_deleted = true WHERE id = $1", gone))
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_completed = true WHERE id = $1", parent))

	// A member of the shared project duplicates the owner's task: the copy is
	// the member's, open, in the same project, with the live subtasks.
	copyID, err := scalar[string](b, w.member, "SELECT id::text FROM duplicate_task($1)", parent)
	must(t, err)
	got := superScalar[string](b, `SELECT concat_ws('|', user_id = $2, title, notes, due_date, priority, tags, project_id, list,
		reminders::text, recurrence, is_starred, importance, urgency, is_completed, parent_id IS NULL)
		FROM tasks WHERE id = $1`, copyID, w.member.ID)
	want := `t|Plan trip|Book early|2026-12-01|3|travel, family|` + idShared + `|Shared|{15}|{"type":"weekly","interval":2}|t|2|1|f|t`
	if got != want {
		t.Errorf("copy\n got %s\nwant %s", got, want)
	}
	subs := superScalar[string](b, `SELECT string_agg(title || ':' || is_completed || ':' || (project_id = $2), ',' ORDER BY title)
		FROM tasks WHERE parent_id = $1`, copyID, idShared)
	if subs != "Flights:false:true,Hotel:true:true" {
		t.Errorf("copied subtasks %s", subs)
	}

	// A stranger cannot reach the task; a deleted task is not found either.
	_, err = scalar[string](b, w.stranger, "SELECT id::text FROM duplicate_task($1)", parent)
	wantError(t, err, "P0002", "Task not found")
	_, err = scalar[string](b, w.owner, "SELECT id::text FROM duplicate_task($1)", gone)
	wantError(t, err, "P0002", "Task not found")
	_, err = scalar[string](b, anonymous, "SELECT id::text FROM duplicate_task($1)", parent)
	wantError(t, err, "42501", "permission denied for function duplicate_task")

	// The Free plan's caps hold: the copy of a parent with 20 subtasks would
	// be fine, one more subtask on the copy would not.
	free := b.NewUser("free@example.com", nil)
	big := b.newTask(free, "title", "Big")
	for i := 0; i < 20; i++ {
		b.newTask(free, "title, parent_id", "step", big)
	}
	bigCopy, err := scalar[string](b, free, "SELECT id::text FROM duplicate_task($1)", big)
	must(t, err)
	wantError(t, b.Exec(free, "INSERT INTO tasks (title, parent_id) VALUES ('one more', $1)", bigCopy), "P0001", "Subtask limit reached for Free plan")
}

func TestDuplicateProject(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, "UPDATE projects SET color = '#ef4444', icon_name = 'Rocket', icon_weight = 'bold', overview = 'Due: 2026-12-01', is_favorite = true WHERE id = $1", idShared))
	sub := b.newTask(w.owner, "title, parent_id", "owner shared step", superScalar[string](b, "SELECT id::text FROM tasks WHERE title = 'owner shared'"))
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_completed = true WHERE id = $1", sub))
	b.newTask(w.owner, "title, project_id, is_completed", "already done", idShared, true)

	names := []string{}
	for range 3 {
		name, err := scalar[string](b, w.owner, "SELECT name FROM duplicate_project($1)", idShared)
		must(t, err)
		names = append(names, name)
	}
	if diff := cmp.Diff([]string{"Shared (Copy)", "Shared (Copy 2)", "Shared (Copy 3)"}, names); diff != "" {
		t.Errorf("names (-want +got):\n%s", diff)
	}
	got := superScalar[string](b, `SELECT concat_ws('|', user_id = $1, color, icon_name, icon_weight, overview, is_favorite, is_shared)
		FROM projects WHERE name = 'Shared (Copy)'`, w.owner.ID)
	if got != "t|#ef4444|Rocket|bold|Due: 2026-12-01|f|f" {
		t.Errorf("copy %s", got)
	}
	// Open tasks of every member are copied (as the caller's), with their subtasks; done ones are not.
	tasks := superScalar[string](b, `SELECT string_agg(t.title || ':' || (t.user_id = $1) || ':' || coalesce(p.title, '-') || ':' || t.is_completed, ',' ORDER BY t.title)
		FROM tasks t JOIN projects pr ON pr.id = t.project_id LEFT JOIN tasks p ON p.id = t.parent_id
		WHERE pr.name = 'Shared (Copy)'`, w.owner.ID)
	if tasks != "member shared:true:-:false,owner shared:true:-:false,owner shared step:true:owner shared:true" {
		t.Errorf("copied tasks %s", tasks)
	}

	// A member may duplicate the project they are in: the copy is theirs.
	mine, err := scalar[string](b, w.member, "SELECT name || ':' || (user_id = $2) FROM duplicate_project($1)", idShared, w.member.ID)
	must(t, err)
	if mine != "Shared (Copy):true" {
		t.Errorf("member's copy %s", mine)
	}
	_, err = scalar[string](b, w.stranger, "SELECT name FROM duplicate_project($1)", idShared)
	wantError(t, err, "P0002", "Project not found")

	// Long names are cut to fit; the Free plan's project cap holds.
	long := b.newProject(w.stranger, strings.Repeat("x", 100))
	name, err := scalar[string](b, w.stranger, "SELECT name FROM duplicate_project($1)", long)
	must(t, err)
	if want := strings.Repeat("x", 93) + " (Copy)"; name != want {
		t.Errorf("long copy %q", name)
	}
	for i := 0; i < 7; i++ {
		b.newProject(w.stranger, "filler "+string(rune('a'+i)))
	}
	_, err = scalar[string](b, w.stranger, "SELECT name FROM duplicate_project($1)", long)
	wantError(t, err, "P0001", "Project limit reached for Free plan")
}

func TestReorderProjects(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	third := b.newProject(w.owner, "Third")
	must(t, b.Exec(w.owner, "SELECT reorder_projects($1::uuid[])", []string{third, idShared, idPrivate}))
	got := superScalar[string](b, "SELECT string_agg(name || '=' || sort_order, ',' ORDER BY sort_order) FROM projects WHERE user_id = $1", w.owner.ID)
	if got != "Third=1,Shared=2,Private=3" {
		t.Errorf("order %s", got)
	}
	// Only owned projects; each once; nothing changes on a refusal.
	wantError(t, b.Exec(w.admin, "SELECT reorder_projects($1::uuid[])", []string{idShared}), "42501", "Only projects you own can be reordered")
	wantError(t, b.Exec(w.owner, "SELECT reorder_projects($1::uuid[])", []string{idPrivate, idElsewhere}), "42501", "Only projects you own can be reordered")
	wantError(t, b.Exec(w.owner, "SELECT reorder_projects($1::uuid[])", []string{idPrivate, idPrivate}), "22023", "A project can appear only once in the order")
	if again := superScalar[string](b, "SELECT string_agg(name || '=' || sort_order, ',' ORDER BY sort_order) FROM projects WHERE user_id = $1", w.owner.ID); again != got {
		t.Errorf("a refused reorder changed the order: %s", again)
	}
	// A partial list moves what it names.
	must(t, b.Exec(w.owner, "SELECT reorder_projects($1::uuid[])", []string{idPrivate}))
	if got := superScalar[int32](b, "SELECT sort_order FROM projects WHERE id = $1", idPrivate); got != 1 {
		t.Errorf("Private at %d", got)
	}
}

func TestBulkUpdateTasks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	id := func(title string) string {
		return superScalar[string](b, "SELECT id::text FROM tasks WHERE title = $1", title)
	}
	inbox, shared, member := id("owner inbox"), id("owner shared"), id("member shared")

	// One call, a different change per task; the rows come back in order.
	changes := `[{"id":"` + inbox + `","priority":4,"due_date":"2026-12-24","tags":"home, urgent","project_id":"` + idPrivate + `"},
		{"id":"` + shared + `","is_completed":true,"reminders":[15, 60]},
		{"id":"` + member + `","is_starred":true,"due_time":"2026-12-24T09:30:00Z"}]`
	got, err := scalar[string](b, w.owner, `SELECT string_agg(title || ':' || concat_ws('/', priority, due_date, tags, list, is_completed, completed_at IS NOT NULL, reminders::text, is_starred, due_time), ',')
		FROM bulk_update_tasks($1::jsonb)`, changes)
	must(t, err)
	want := "owner inbox:4/2026-12-24/home, urgent/Private/f/f/{}/f," +
		"owner shared:0/Shared/t/t/{15,60}/f," +
		"member shared:0/Shared/f/f/{}/t/2026-12-24 09:30:00+00"
	if got != want {
		t.Errorf("bulk update\n got %s\nwant %s", got, want)
	}
	// Clearing with null, and the undo of a completion.
	must(t, b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)",
		`[{"id":"`+inbox+`","due_date":null,"project_id":null,"tags":null},{"id":"`+shared+`","is_completed":false,"reminders":null}]`))
	if got := superScalar[string](b, "SELECT concat_ws('/', due_date IS NULL, project_id IS NULL, list IS NULL, tags IS NULL) FROM tasks WHERE id = $1", inbox); got != "t/t/t/t" {
		t.Errorf("cleared %s", got)
	}

	// All or nothing: a task the caller cannot see fails the whole batch.
	stranger := id("stranger task")
	err = b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)", `[{"id":"`+inbox+`","priority":1},{"id":"`+stranger+`","priority":1}]`)
	wantError(t, err, "P0002", "Task not found")
	if p := superScalar[int16](b, "SELECT priority FROM tasks WHERE id = $1", inbox); p != 4 {
		t.Errorf("a failed batch changed a task (priority %d)", p)
	}
	wantError(t, b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)", `[{"id":"`+inbox+`","user_id":"`+w.stranger.ID+`"}]`),
		"22023", "Unknown task field: user_id")
	wantError(t, b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)", `[{"priority":1}]`), "22023", "Each change needs the id of its task")
	wantError(t, b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)", `{"id":"x"}`), "22023", "Changes must be a JSON array")
	many := "[" + strings.TrimSuffix(strings.Repeat(`{"id":"`+inbox+`"},`, 501), ",") + "]"
	wantError(t, b.Exec(w.owner, "SELECT * FROM bulk_update_tasks($1::jsonb)", many), "22023", "At most 500 tasks can be changed at once")

	// The tasks' own rules hold: a member cannot delete another member's task.
	wantError(t, b.Exec(w.member, "SELECT * FROM bulk_update_tasks($1::jsonb)", `[{"id":"`+shared+`","is_deleted":true}]`),
		"42501", "Only the project owner or an admin can delete tasks of other members")
	// ...and a cap's message comes through (Free: one reminder per task).
	wantError(t, b.Exec(w.member, "SELECT * FROM bulk_update_tasks($1::jsonb)", `[{"id":"`+member+`","reminders":[5,10]}]`),
		"P0001", "Reminder limit reached for Free plan")
}

func TestGetProjectInvite(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	preview := func(a actor, token string) string {
		t.Helper()
		got, err := scalar[*string](b, a, `SELECT (p - 'expires_at')::text FROM get_project_invite($1) p`, token)
		must(t, err)
		if got == nil {
			return "null"
		}
		return label(*got)
	}
	if got, want := preview(w.stranger, tokenLink),
		`{"status": "open", "is_link": true, "project_id": "Shared", "inviter_name": "Olive Owner", "project_name": "Shared", "project_color": "#3b82f6", "already_member": false, "wrong_recipient": false, "project_icon_name": "Folder"}`; got != want {
		t.Errorf("link preview\n got %s\nwant %s", got, want)
	}
	// An e-mail invitation opened by someone else says so; a member is told they are in.
	if got := preview(w.stranger, tokenEmail); !strings.Contains(got, `"wrong_recipient": true`) {
		t.Errorf("e-mail invitation for another address: %s", got)
	}
	if got := preview(w.member, tokenLink); !strings.Contains(got, `"already_member": true`) {
		t.Errorf("member: %s", got)
	}
	if got := preview(w.owner, "no-such-token"); got != "null" {
		t.Errorf("unknown token: %s", got)
	}
	b.Super("UPDATE project_invites SET expires_at = now() - interval '1 minute' WHERE token = $1", tokenElsewhere)
	if got := preview(w.owner, tokenElsewhere); got != `{"status": "expired"}` {
		t.Errorf("expired: %s", got)
	}
	_, err := scalar[string](b, w.stranger, "SELECT accept_project_invite($1)::text", tokenLink)
	must(t, err)
	if got := preview(w.invitee, tokenLink); got != `{"status": "used"}` {
		t.Errorf("used link for another person: %s", got)
	}
	if got := preview(w.stranger, tokenLink); !strings.Contains(got, `"already_member": true`) {
		t.Errorf("the person who used the link: %s", got)
	}
	// Removed afterwards, they cannot use it again.
	b.Super("DELETE FROM project_members WHERE user_id = $1 AND project_id = $2", w.stranger.ID, idShared)
	if got := preview(w.stranger, tokenLink); got != `{"status": "used"}` {
		t.Errorf("the person who used the link, removed since: %s", got)
	}
	_, err = scalar[string](b, anonymous, "SELECT get_project_invite($1)::text", tokenLink)
	wantError(t, err, "42501", "permission denied for function get_project_invite")
}

// TestTasksModuleIsolationMatrix runs the RPCs and the changed view of
// issue 18 as every actor of the world (see TestIsolationMatrix).
func TestTasksModuleIsolationMatrix(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	ownerShared := superScalar[string](b, "SELECT id::text FROM tasks WHERE title = 'owner shared'")
	ownerInbox := superScalar[string](b, "SELECT id::text FROM tasks WHERE title = 'owner inbox'")
	rlsDenied := fails("42501")
	notFound := fails("P0002")
	actors := []rlstest.MatrixActor[perActor]{
		{Name: "anon", Actor: anonymous, Want: func(p perActor) outcome { return p.anon }},
		{Name: "stranger", Actor: w.stranger, Want: func(p perActor) outcome { return p.stranger }},
		{Name: "invitee", Actor: w.invitee, Want: func(p perActor) outcome { return p.invitee }},
		{Name: "member", Actor: w.member, Want: func(p perActor) outcome { return p.member }},
		{Name: "admin", Actor: w.admin, Want: func(p perActor) outcome { return p.admin }},
		{Name: "owner", Actor: w.owner, Want: func(p perActor) outcome { return p.owner }},
	}
	rlstest.Matrix(t, b.Bundle, label, actors, []matrixCase{
		{"user_accessible_projects", "select archived state", "SELECT name || ':' || is_archived FROM user_accessible_projects", nil, perActor{
			anon: none, stranger: rows("Elsewhere:false"), invitee: none,
			member: rows("Shared:false"), admin: rows("Shared:false"), owner: rows("Private:false", "Shared:false")}},
		{"projects", "archive", "UPDATE projects SET is_archived = true RETURNING name", nil, perActor{
			anon: none, stranger: rows("Elsewhere"), invitee: none,
			member: none, admin: rlsDenied, owner: rows("Private", "Shared")}},
		{"duplicate_task", "call", "SELECT title FROM duplicate_task($1)", []any{ownerShared}, perActor{
			anon: rlsDenied, stranger: notFound, invitee: notFound,
			member: rows("owner shared"), admin: rows("owner shared"), owner: rows("owner shared")}},
		{"duplicate_task", "call on an inbox task", "SELECT title FROM duplicate_task($1)", []any{ownerInbox}, perActor{
			anon: rlsDenied, stranger: notFound, invitee: notFound,
			member: notFound, admin: notFound, owner: rows("owner inbox")}},
		{"duplicate_project", "call", "SELECT name FROM duplicate_project($1)", []any{idShared}, perActor{
			anon: rlsDenied, stranger: notFound, invitee: notFound,
			member: rows("Shared (Copy)"), admin: rows("Shared (Copy)"), owner: rows("Shared (Copy)")}},
		{"reorder_projects", "call", "SELECT 'saved' FROM reorder_projects(ARRAY[$1]::uuid[])", []any{idShared}, perActor{
			anon: rlsDenied, stranger: rlsDenied, invitee: rlsDenied,
			member: rlsDenied, admin: rlsDenied, owner: rows("saved")}},
		{"bulk_update_tasks", "call", "SELECT title FROM bulk_update_tasks(jsonb_build_array(jsonb_build_object('id', $1::text, 'priority', 2)))", []any{ownerShared}, perActor{
			anon: rlsDenied, stranger: notFound, invitee: notFound,
			member: rows("owner shared"), admin: rows("owner shared"), owner: rows("owner shared")}},
		{"get_project_invite", "call", "SELECT p ->> 'project_name' FROM get_project_invite($1) p", []any{tokenLink}, perActor{
			anon: rlsDenied, stranger: rows("Shared"), invitee: rows("Shared"),
			member: rows("Shared"), admin: rows("Shared"), owner: rows("Shared")}},
	})
}

func TestRestoringATaskRestoresItsSubtasks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("u@example.com", nil)
	parent := b.newTask(u, "title", "Trip")
	b.newTask(u, "title, parent_id", "Pack", parent)
	earlier := b.newTask(u, "title, parent_id", "Dropped earlier", parent)
	must(t, b.Exec(u, "UPDATE tasks SET is_deleted = true WHERE id = $1", earlier))
	must(t, b.Exec(u, "UPDATE tasks SET is_deleted = true WHERE id = $1", parent))
	must(t, b.Exec(u, "SELECT * FROM bulk_update_tasks(jsonb_build_array(jsonb_build_object('id', $1::text, 'is_deleted', false)))", parent))
	got := superScalar[string](b, "SELECT string_agg(title || ':' || is_deleted, ',' ORDER BY title) FROM tasks WHERE parent_id = $1", parent)
	if got != "Dropped earlier:true,Pack:false" {
		t.Errorf("subtasks after restoring their task: %s", got)
	}
}
