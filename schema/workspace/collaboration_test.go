package workspace_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMentionsNotifyOnlyWhoCanSeeTheTask: @[name](id) in a comment
// notifies mentioned people who reach the task, once, never the author;
// an edit notifies only people it adds.
func TestMentionsNotifyOnlyWhoCanSeeTheTask(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	const idAdmin = "00000000-0000-4000-8000-0000000000a2"
	notes := func(a actor) []string {
		t.Helper()
		got, err := column(b, a, `SELECT type || ':' || title || ':' || entity_type || ':' || entity_id || ':' || from_user_id || ':' || message
			FROM notifications WHERE type = 'comment' AND entity_type = 'task' ORDER BY created_at`)
		must(t, err)
		return got
	}
	content := "Ping @[Mia Member](" + idMember + ") and @[Stan](" + idStranger + ") and me @[Olive](" + idOwner + ")"
	id, err := scalar[string](b, w.owner, "INSERT INTO task_comments (task_id, content, team_id) VALUES ($1, $2, $3) RETURNING id::text", idTaskTeam, content, idTeam)
	must(t, err)
	want := []string{"comment:You were mentioned in a comment:task:task:team:owner:Olive Owner mentioned you on \"team\": Ping @Mia Member and @Stan and me @Olive"}
	if diff := cmp.Diff(want, notes(w.member)); diff != "" {
		t.Errorf("member's notifications (-want +got):\n%s", diff)
	}
	if got := notes(w.stranger); len(got) != 0 {
		t.Errorf("stranger, who cannot see the task, was notified: %v", got)
	}
	if got := notes(w.owner); len(got) != 0 {
		t.Errorf("the author was notified: %v", got)
	}
	mentions, err := scalar[[]string](b, w.owner, "SELECT mentions::text[] FROM task_comments WHERE id = $1", id)
	must(t, err)
	if diff := cmp.Diff(sorted([]string{idMember, idStranger, idOwner}), sorted(mentions)); diff != "" {
		t.Errorf("mentions (-want +got):\n%s", diff)
	}

	// The client's list counts too; an edit adding the admin tells only the admin.
	must(t, b.Exec(w.owner, "UPDATE task_comments SET mentions = mentions || $2::uuid, content = content || '!' WHERE id = $1", id, idAdmin))
	if got := notes(w.admin); len(got) != 1 {
		t.Errorf("admin notifications after the edit: %v", got)
	}
	if got := notes(w.member); len(got) != 1 {
		t.Errorf("member notified again by the edit: %v", got)
	}
	// A deleted comment tells nobody.
	must(t, b.Exec(w.owner, "INSERT INTO task_comments (task_id, content, is_deleted) VALUES ($1, $2, true)", idTaskShared, "@[Mia]("+idMember+")"))
	if got := notes(w.member); len(got) != 1 {
		t.Errorf("deleted comment notified: %v", got)
	}
	// On a project task, project members who are mentioned hear of it.
	must(t, b.Exec(w.owner, "INSERT INTO task_comments (task_id, content) VALUES ($1, $2)", idTaskShared, "see @[Mia]("+idMember+")"))
	if got := notes(w.member); len(got) != 2 {
		t.Errorf("project member's notifications: %v", got)
	}
}

// TestCommentLifecycle: validation, the two delete flags kept equal,
// '(edited)' detectable, authors only edit, activity written.
func TestCommentLifecycle(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	wantError(t, b.Exec(w.member, "INSERT INTO task_comments (task_id, content) VALUES ($1, '   ')", idTaskTeam), "23514", "Comment cannot be empty")
	id, err := scalar[string](b, w.member, "INSERT INTO task_comments (task_id, user_id, content, mentions, team_id) VALUES ($1, auth.uid(), '  hello ', '{}', $2) RETURNING id::text", idTaskTeam, idTeam)
	must(t, err)
	same, err := scalar[bool](b, w.member, "SELECT created_at = updated_at AND content = 'hello' FROM task_comments WHERE id = $1", id)
	must(t, err)
	if !same {
		t.Error("a new comment looks edited or was not trimmed")
	}
	must(t, b.Exec(w.member, "UPDATE task_comments SET content = 'hello again', updated_at = now() WHERE id = $1", id))
	wantError(t, b.Exec(w.owner, "UPDATE task_comments SET content = 'forged' WHERE id = $1", id), "42501", "Only the author can edit a comment")
	wantError(t, b.Exec(w.member, "INSERT INTO task_comments (task_id, content, team_id) VALUES ($1, 'x', $2)", idTaskTeam, idOther), "42501", "You are not a member of this team")

	must(t, b.Exec(w.member, "UPDATE task_comments SET is_marked_deleted = true, updated_at = now() WHERE id = $1", id))
	flags, err := scalar[string](b, w.member, "SELECT is_deleted || ':' || is_marked_deleted FROM task_comments WHERE id = $1", id)
	must(t, err)
	if flags != "true:true" {
		t.Errorf("after soft delete: %s", flags)
	}
	// The thread the app reads no longer has it; the count neither.
	n, err := scalar[int](b, w.member, "SELECT count(*) FROM task_comments WHERE task_id = $1 AND is_deleted = false AND is_marked_deleted = false", idTaskTeam)
	must(t, err)
	if n != 1 {
		t.Errorf("%d live comments, want 1 (the fixture's)", n)
	}
	act, err := scalar[int](b, w.member, "SELECT count(*) FROM activity_logs WHERE activity_type = 'comment_added' AND task_id = $1 AND user_id = auth.uid()", idTaskTeam)
	must(t, err)
	if act != 2 { // the fixture's comment and this one
		t.Errorf("%d comment_added rows", act)
	}
}

// TestAssignment: the app's two calls (assignment row, then the task)
// assign once and notify once; either call alone suffices; the assignee
// must be in the team.
func TestAssignment(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	const idAdmin = "00000000-0000-4000-8000-0000000000a2"
	err := b.Exec(w.member, "INSERT INTO task_assignments (task_id, assigned_to, team_id) VALUES ($1, $2, $3)", idTaskTeam, idStranger, idTeam)
	wantError(t, err, "23514", "The assignee must be an active member of the team")
	must(t, b.Exec(w.member, "INSERT INTO task_assignments (task_id, assigned_to, assigned_by, team_id) VALUES ($1, $2, auth.uid(), $3)", idTaskTeam, idAdmin, idTeam))
	must(t, b.Exec(w.member, "UPDATE tasks SET assigned_to = $2, team_id = $3 WHERE id = $1", idTaskTeam, idAdmin, idTeam))
	got, err := column(b, w.admin, "SELECT type || ':' || title || ':' || from_user_id || ':' || (metadata->>'task_title') FROM notifications")
	must(t, err)
	if diff := cmp.Diff([]string{"task_assigned:Task assigned to you:member:team"}, got); diff != "" {
		t.Errorf("assignee's notifications (-want +got):\n%s", diff)
	}
	assignee := superScalar[string](b, "SELECT assigned_to::text FROM tasks WHERE id = $1", idTaskTeam)
	if label(assignee) != "admin" {
		t.Errorf("task assigned to %s", label(assignee))
	}
	// Personal tasks go only to people of their project.
	err = b.Exec(w.owner, "UPDATE tasks SET assigned_to = $2 WHERE id = $1", idTaskPrivate, idMember)
	wantError(t, err, "23514", "A task can be assigned only to a member of its team or project")
	must(t, b.Exec(w.owner, "UPDATE tasks SET assigned_to = $2 WHERE id = $1", idTaskShared, idMember))
	// Assigning to oneself notifies nobody.
	must(t, b.Exec(w.owner, "UPDATE tasks SET assigned_to = auth.uid() WHERE id = $1", idTaskPrivate))
	if n := superScalar[int](b, "SELECT count(*) FROM notifications WHERE to_user_id = $1 AND type = 'task_assigned'", idOwner); n != 0 {
		t.Errorf("self-assignment notified %d times", n)
	}
}

// TestTaskPeople: get_task_people (0690) answers everyone who reaches the
// task — owner, assignee, project or active team members — and nobody else;
// a caller who cannot see the task gets 404, as for a task that is not there.
func TestTaskPeople(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	people := func(a actor, task string) []string {
		t.Helper()
		got, err := column(b, a, "SELECT email FROM get_task_people($1)", task)
		must(t, err)
		return sorted(got)
	}
	// The team's task: its owner and the active members (not the former one).
	team := []string{"admin@example.com", "member@example.com", "owner@example.com"}
	for _, a := range []actor{w.owner, w.admin, w.member} {
		if diff := cmp.Diff(team, people(a, idTaskTeam)); diff != "" {
			t.Errorf("team task people as %s (-want +got):\n%s", a.Email, diff)
		}
	}
	// The project's task: the owner and the project's members.
	shared := people(w.owner, idTaskShared)
	if diff := cmp.Diff(shared, people(w.member, idTaskShared)); diff != "" {
		t.Errorf("project members disagree (-owner +member):\n%s", diff)
	}
	for _, e := range shared {
		if e == "stranger@example.com" || e == "former@example.com" {
			t.Errorf("project task lists %s", e)
		}
	}
	// A private task: its owner alone.
	if diff := cmp.Diff([]string{"owner@example.com"}, people(w.owner, idTaskPrivate)); diff != "" {
		t.Errorf("private task people (-want +got):\n%s", diff)
	}
	for _, c := range []struct {
		who  actor
		task string
	}{{w.stranger, idTaskTeam}, {w.former, idTaskTeam}, {w.member, idTaskPrivate}, {w.owner, idTaskAlien},
		{w.owner, "00000000-0000-4000-8000-0000000000ff"}} {
		_, err := column(b, c.who, "SELECT email FROM get_task_people($1)", c.task)
		wantError(t, err, "PT404", "Task not found")
	}
}
