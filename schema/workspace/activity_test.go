package workspace_test

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestActivityTriggers: every task change of 002 §3 writes its row, with
// the actor who made it, whatever the client logs itself.
func TestActivityTriggers(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	id, err := scalar[string](b, w.owner, "INSERT INTO tasks (title, project_id, priority) VALUES ('Plan', $1, 1) RETURNING id::text", idShared)
	must(t, err)
	steps := []string{
		"UPDATE tasks SET priority = 3 WHERE id = $1",
		"UPDATE tasks SET due_date = '2026-12-01' WHERE id = $1",
		"UPDATE tasks SET title = 'Plan B' WHERE id = $1",
		"UPDATE tasks SET notes = 'details' WHERE id = $1",
		"UPDATE tasks SET tags = 'work, q4' WHERE id = $1",
		"UPDATE tasks SET location = 'office' WHERE id = $1",
		"UPDATE tasks SET assigned_to = '" + idMember + "' WHERE id = $1",
		"UPDATE tasks SET is_completed = true WHERE id = $1",
		"UPDATE tasks SET is_completed = false WHERE id = $1",
		"UPDATE tasks SET assigned_to = NULL WHERE id = $1",
		"UPDATE tasks SET sort_order = 99, is_starred = true WHERE id = $1", // not news
		"UPDATE tasks SET project_id = NULL WHERE id = $1",
		"UPDATE tasks SET is_deleted = true WHERE id = $1",
	}
	for _, s := range steps {
		must(t, b.Exec(w.owner, s, id))
	}
	// A member comments and attaches (the task was in the project then).
	b.Super("UPDATE tasks SET is_deleted = false, project_id = $2 WHERE id = $1", id, idShared)
	must(t, b.Exec(w.member, "INSERT INTO task_comments (task_id, content) VALUES ($1, 'nice')", id))
	must(t, b.Exec(w.member, "INSERT INTO task_attachments (task_id, filename, file_size, mime_type) VALUES ($1, 'a.png', 5, 'image/png')", id))
	must(t, b.Exec(w.member, "UPDATE task_attachments SET is_marked_deleted = true WHERE task_id = $1", id))

	got, err := column(b, w.owner, `SELECT activity_type || ' | ' || user_id || ' | ' || activity_description FROM activity_logs
		WHERE task_id = $1 ORDER BY created_at, activity_type`, id)
	must(t, err)
	want := []string{
		"task_created | owner | Created task \"Plan\"",
		"priority_changed | owner | Changed priority from Low to High",
		"due_date_changed | owner | Changed due date to 2026-12-01",
		"title_changed | owner | Renamed task from \"Plan\" to \"Plan B\"",
		"notes_changed | owner | Updated the notes",
		"tags_changed | owner | Changed tags to \"work, q4\"",
		"task_updated | owner | Updated task \"Plan B\"",
		"task_assigned | owner | Assigned to Mia Member",
		"task_completed | owner | Completed task \"Plan B\"",
		"status_changed | owner | Reopened task \"Plan B\"",
		"task_unassigned | owner | Unassigned Mia Member",
		"project_changed | owner | Moved to Inbox",
		"task_deleted | owner | Deleted task \"Plan B\"",
		"project_changed | owner | Moved to project \"Shared\"",
		"status_changed | owner | Restored task \"Plan B\"",
		"comment_added | member | Added a comment",
		"attachment_added | member | Attached \"a.png\"",
		"attachment_removed | member | Removed \"a.png\"",
	}
	if diff := cmp.Diff(sorted(want), sorted(got)); diff != "" {
		t.Errorf("activity (-want +got):\n%s", diff)
	}
}

// TestClientActivityInsertIsFoldedIn: the app logs a change after making
// it (002 §7); the row the trigger wrote takes the app's description and
// the change appears once. An insert about nothing the trigger saw stays.
func TestClientActivityInsertIsFoldedIn(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_completed = true WHERE id = $1", idTaskPrivate))
	must(t, b.Exec(w.owner, `INSERT INTO activity_logs (user_id, task_id, project_id, activity_type, activity_description, entity_name, metadata, created_at)
		VALUES (auth.uid(), $1, NULL, 'task_completed', 'Marked "private" as done', 'private', '{"via": "pane"}', '2000-01-01')`, idTaskPrivate))
	got, err := column(b, w.owner, `SELECT activity_description || ' | ' || (metadata->'client'->>'via') || ' | ' || (created_at > now() - interval '1 minute')
		FROM activity_logs WHERE task_id = $1 AND activity_type = 'task_completed'`, idTaskPrivate)
	must(t, err)
	if diff := cmp.Diff([]string{`Marked "private" as done | pane | true`}, got); diff != "" {
		t.Errorf("completion rows (-want +got):\n%s", diff)
	}
	must(t, b.Exec(w.owner, "INSERT INTO activity_logs (task_id, activity_type, activity_description) VALUES ($1, 'task_completed', 'again')", idTaskPrivate))
	if n := superScalar[int](b, "SELECT count(*) FROM activity_logs WHERE task_id = $1 AND activity_type = 'task_completed'", idTaskPrivate); n != 2 {
		t.Errorf("%d completion rows after a second client insert, want 2", n)
	}
	err = b.Exec(w.member, "INSERT INTO activity_logs (task_id, activity_type) VALUES ($1, 'bogus')", idTaskTeam)
	wantError(t, err, "23514", `new row for relation "activity_logs" violates check constraint "activity_logs_type_valid"`)
}

// TestGetActivityLogs: the read form, paging, the type filter, total_count
// and the parameter names of 002 §7.
func TestGetActivityLogs(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	for i := 0; i < 6; i++ {
		must(t, b.Exec(w.member, "UPDATE tasks SET priority = $2 WHERE id = $1", idTaskShared, i%4+1))
	}
	page, err := column(b, w.owner, `SELECT activity_type || ':' || actor_name || ':' || project_name || ':' || jsonb_array_length(member_avatars) || ':' || total_count
		FROM get_activity_logs(p_user_id => $1, p_project_id => $2, p_activity_types => ARRAY['priority_changed'], p_limit => 4, p_offset => 0)`, idOwner, idShared)
	must(t, err)
	want := []string{}
	for i := 0; i < 4; i++ {
		want = append(want, "priority_changed:Mia Member:Shared:2:6")
	}
	if diff := cmp.Diff(want, page); diff != "" {
		t.Errorf("page (-want +got):\n%s", diff)
	}
	rest, err := column(b, w.owner, "SELECT total_count::text FROM get_activity_logs($1, $2, ARRAY['priority_changed'], 4, 4)", idOwner, idShared)
	must(t, err)
	if diff := cmp.Diff([]string{"6", "6"}, rest); diff != "" {
		t.Errorf("second page (-want +got):\n%s", diff)
	}
	avatars, err := scalar[string](b, w.owner, "SELECT member_avatars::text FROM get_activity_logs($1, $2, NULL, 1, 0)", idOwner, idShared)
	must(t, err)
	var av []map[string]any
	must(t, json.Unmarshal([]byte(avatars), &av))
	if len(av) != 2 || label(av[0]["user_id"].(string)) != "owner" || av[1]["name"] != "Mia Member" {
		t.Errorf("member_avatars %s", label(avatars))
	}
	// The owner's own feed shows what others did to the owner's tasks.
	feed, err := column(b, w.owner, "SELECT DISTINCT activity_type || ':' || actor_name FROM get_activity_logs($1) WHERE actor_name = 'Mia Member'", idOwner)
	must(t, err)
	if diff := cmp.Diff([]string{"comment_added:Mia Member", "priority_changed:Mia Member"}, sorted(feed)); diff != "" {
		t.Errorf("owner's feed from others (-want +got):\n%s", diff)
	}
	// Someone else's feed is refused; so is a project one is not in.
	_, err = column(b, w.member, "SELECT id::text FROM get_activity_logs($1)", idOwner)
	wantError(t, err, "42501", "Not authorized")
	_, err = column(b, w.admin, "SELECT id::text FROM get_activity_logs(NULL, $1)", idShared)
	wantError(t, err, "42501", "You do not have access to this project")
	// Limits are held to 1..100.
	n, err := scalar[int](b, w.owner, "SELECT count(*) FROM get_activity_logs(NULL, $1, NULL, 1000, -5)", idShared)
	must(t, err)
	if n > 100 {
		t.Errorf("%d rows for p_limit 1000", n)
	}
}
