package workspace_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNoteAndFolderRules: 002 §5's rules for folders, notes and journals,
// folder names on notes, and the cleaning of titles.
func TestNoteAndFolderRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("rules@example.com", nil)
	cases := []struct {
		sql, code, msg string
	}{
		{"INSERT INTO note_folders (name) VALUES ('  ')", "23514", "Folder name is required"},
		{"INSERT INTO note_folders (name) VALUES ('work')", "23505", "A folder with this name already exists"},
		{"INSERT INTO note_folders (name, color) VALUES ('Odd', 'url(x)')", "23514", `new row for relation "note_folders" violates check constraint "note_folders_color_valid"`},
		{"INSERT INTO journal_folders (name) VALUES (' \t ')", "23514", "Journal name is required"},
		{`INSERT INTO journal_folders (name, color) VALUES ('J', '{"icon":"skull"}')`, "23514", "Invalid journal appearance"},
		{"INSERT INTO journal_folders (name, color) VALUES ('J', 'blue')", "23514", "Invalid journal appearance"},
		{"INSERT INTO notes (title, folder) VALUES ('x', 'Nope')", "23503", "Folder not found"},
		{"INSERT INTO notes (title) VALUES (repeat('x', 501))", "23514", "Title must be at most 500 characters"},
		{"INSERT INTO notes (content) VALUES (repeat('x', 50001))", "23514", "Content must be at most 50,000 characters"},
		{"INSERT INTO journal_entries (title, mood) VALUES ('x', 6)", "23514", "Mood must be between 1 and 5"},
		{"INSERT INTO journal_entries (title, date) VALUES ('x', NULL)", "23514", "Entry date is required"},
		{"INSERT INTO journal_entries (title, folder) VALUES ('x', gen_random_uuid())", "23503", "Journal not found"},
	}
	must(t, b.Exec(u, "INSERT INTO note_folders (name) VALUES ('Work')"))
	for _, c := range cases {
		wantError(t, b.Exec(u, c.sql), c.code, c.msg)
	}
	must(t, b.Exec(u, `INSERT INTO journal_folders (name, color) VALUES ('  Work  journal ', '{"icon":"briefcase","color":"bg-blue-500"}')`))
	must(t, b.Exec(u, "INSERT INTO notes (title, content, folder) VALUES (E'  Plan\\x01  for\\tQ4 ', E'line\\nnext\\x07', ' WORK ')"))
	must(t, b.Exec(u, "INSERT INTO notes (title, folder) VALUES ('loose', '')"))
	got, err := column(b, u, "SELECT title || '|' || content || '|' || coalesce(folder, '<none>') FROM notes ORDER BY created_at")
	must(t, err)
	if diff := cmp.Diff([]string{"Plan for Q4|line\nnext|Work", "loose||<none>"}, got); diff != "" {
		t.Errorf("notes (-want +got):\n%s", diff)
	}
	name, err := scalar[string](b, u, "SELECT name FROM journal_folders")
	must(t, err)
	if name != "Work journal" {
		t.Errorf("journal name %q", name)
	}
	// Moving by drag and drop: rename the folder, its notes follow;
	// delete it, they become Uncategorized.
	must(t, b.Exec(u, "UPDATE note_folders SET name = 'Projects' WHERE name = 'Work'"))
	f, err := scalar[string](b, u, "SELECT folder FROM notes WHERE title = 'Plan for Q4'")
	must(t, err)
	if f != "Projects" {
		t.Errorf("folder after rename %q", f)
	}
	must(t, b.Exec(u, "UPDATE note_folders SET is_deleted = true WHERE name = 'Projects'"))
	n, err := scalar[int](b, u, "SELECT count(*) FROM notes WHERE folder IS NULL")
	must(t, err)
	if n != 2 {
		t.Errorf("%d uncategorized notes after deleting the folder, want 2", n)
	}
	// A deleted folder frees its name.
	must(t, b.Exec(u, "INSERT INTO note_folders (name) VALUES ('projects')"))
	// Owners cannot be changed.
	err = b.Exec(u, "UPDATE notes SET user_id = gen_random_uuid()")
	wantError(t, err, "42501", "Note owner cannot be changed")
}

// TestAttachmentRules: the file rules of 002 §5 that the metadata shows.
func TestAttachmentRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("attach@example.com", nil)
	b.SetPlan(u, "pro_monthly")
	task, err := scalar[string](b, u, "INSERT INTO tasks (title) VALUES ('t') RETURNING id::text")
	must(t, err)
	insert := func(name, mime string, size int64, path string) error {
		var p any
		if path != "" {
			p = strings.ReplaceAll(strings.ReplaceAll(path, "{user}", u.ID), "{task}", task)
		}
		return b.Exec(u, "INSERT INTO task_attachments (task_id, filename, file_size, mime_type, local_path) VALUES ($1, $2, $3, $4, $5)", task, name, size, mime, p)
	}
	for _, c := range []struct {
		name, mime string
		size       int64
		path       string
		msg        string
	}{
		{"run.sh", "text/plain", 10, "", `File type "sh" is not allowed for security reasons`},
		{"App.JS", "text/javascript", 10, "", `File type "js" is not allowed for security reasons`},
		{"a.exe", "application/pdf", 10, "", `File type "exe" is not allowed for security reasons`},
		{"a.bin", "application/x-msdownload", 10, "", `File type "application/x-msdownload" is not supported`},
		{"empty.pdf", "application/pdf", 0, "", `File "empty.pdf" is empty`},
		{"../up.pdf", "application/pdf", 10, "", `File name "../up.pdf" must not contain slashes`},
		{"a..b.pdf", "application/pdf", 10, "", `File name "a..b.pdf" must not contain parent-path sequences`},
		{"CON.txt", "text/plain", 10, "", `File name "CON.txt" is reserved by the system`},
		{"lpt1", "text/plain", 10, "", `File name "lpt1" is reserved by the system`},
		{"a\x07.pdf", "application/pdf", 10, "", "File name must not contain control characters"},
		{strings.Repeat("a", 252) + ".pdf", "application/pdf", 10, "", `File name "` + strings.Repeat("a", 100) + `" is longer than 255 characters`},
		{"ok.pdf", "application/pdf", 10, "someone/{task}/x.pdf", "Attachment path must be below {userId}/{taskId}/"},
	} {
		wantError(t, insert(c.name, c.mime, c.size, c.path), "23514", c.msg)
	}
	must(t, insert("photo.JPG", "image/jpeg; charset=binary", 10, "{user}/{task}/abc.jpg"))
	must(t, insert("notes.md", "text/markdown", 10, ""))
	// Soft delete sets the server's change stamp; a deleted file stays deleted.
	before := superScalar[int64](b, "SELECT change_id FROM task_attachments WHERE filename = 'notes.md'")
	must(t, b.Exec(u, "UPDATE task_attachments SET is_marked_deleted = true, change_id = 1 WHERE filename = 'notes.md'"))
	after := superScalar[int64](b, "SELECT change_id FROM task_attachments WHERE filename = 'notes.md'")
	if after <= before {
		t.Errorf("change_id %d after delete, %d before", after, before)
	}
	wantError(t, b.Exec(u, "UPDATE task_attachments SET is_marked_deleted = false WHERE filename = 'notes.md'"), "P0001", "Attachment not found")
}

// TestNotificationRules: read state, what recipients may change, types.
func TestNotificationRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, "UPDATE notifications SET is_read = true, title = 'changed', message = 'forged'"))
	got, err := scalar[string](b, w.owner, "SELECT title || ':' || is_read || ':' || (read_at IS NOT NULL) FROM notifications")
	must(t, err)
	if got != "to owner:true:true" {
		t.Errorf("after marking read: %s", got)
	}
	must(t, b.Exec(w.owner, "UPDATE notifications SET is_read = false"))
	got, err = scalar[string](b, w.owner, "SELECT is_read || ':' || (read_at IS NULL) FROM notifications")
	must(t, err)
	if got != "false:true" {
		t.Errorf("after marking unread: %s", got)
	}
	err = b.Exec(w.owner, "INSERT INTO notifications (to_user_id, type, title) VALUES ($1, 'gossip', 'x')", idMember)
	wantError(t, err, "23514", `new row for relation "notifications" violates check constraint "notifications_type_valid"`)
	err = b.Exec(w.owner, "INSERT INTO notifications (to_user_id, type, title) VALUES ($1, 'system', 'x')", idMember)
	wantError(t, err, "42501", "Only the server sends system notifications to others")
	must(t, b.Exec(w.owner, `INSERT INTO notifications (type, title, message, to_user_id, is_read, metadata, from_user_id, entity_id, entity_type)
		VALUES ('reminder', 'Due soon', 'Task "x" is due', auth.uid(), false, '{"actionUrl": "/app/tasks", "priority": 3}', auth.uid(), $1, 'task')`, idTaskPrivate))
}

// TestRealtimePublication: the tables the app listens to (002 §4, §7) are
// published with their whole old rows (activity_logs, insert-only, with
// the default identity: 0695).
func TestRealtimePublication(t *testing.T) {
	t.Parallel()
	b := setup(t)
	got, err := column(b, service, `SELECT t.tablename || ':' || c.relreplident::text
		FROM pg_publication_tables t
		JOIN pg_class c ON c.oid = (quote_ident(t.schemaname) || '.' || quote_ident(t.tablename))::regclass
		WHERE t.pubname = 'supabase_realtime' AND t.tablename IN ('activity_logs', 'notifications', 'task_comments', 'task_attachments', 'teams',
		  'team_members', 'team_invitations', 'team_activity_log', 'task_assignments')
		ORDER BY 1`)
	must(t, err)
	want := []string{"activity_logs:d", "notifications:f", "task_assignments:d", "task_attachments:f", "task_comments:f", "team_activity_log:d",
		"team_invitations:f", "team_members:f", "teams:f"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("publication (-want +got):\n%s", diff)
	}
}

// TestMemberReadsOwnProjectMembership: 0211 lets a member read their own
// project_members row even when the project is in the bin.
func TestMemberReadsOwnProjectMembership(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	b.Super("UPDATE projects SET is_deleted = true WHERE id = $1", idShared)
	got, err := column(b, w.member, "SELECT project_id || ':' || user_id FROM project_members")
	must(t, err)
	if diff := cmp.Diff([]string{"Shared:member"}, got); diff != "" {
		t.Errorf("member's rows (-want +got):\n%s", diff)
	}
}
