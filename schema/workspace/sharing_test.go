package workspace_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestNoteSharingByLink: 'Can view' reads but does not write, 'Can edit'
// writes title and content only, the token is the server's 64 hex
// characters, folders share their notes, and revoking or lowering the
// permission takes effect at once (0214).
func TestNoteSharingByLink(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.NewUser("share-owner@example.com", nil)
	viewer := b.NewUser("share-viewer@example.com", nil)
	editor := b.NewUser("share-editor@example.com", nil)
	stranger := b.NewUser("share-stranger@example.com", nil)

	must(t, b.Exec(owner, "INSERT INTO note_folders (name) VALUES ('Trips')"))
	note, err := scalar[string](b, owner, "INSERT INTO notes (title, content) VALUES ('Plan', 'secret plan') RETURNING id::text")
	must(t, err)
	inFolder, err := scalar[string](b, owner, "INSERT INTO notes (title, folder) VALUES ('Rome', 'Trips') RETURNING id::text")
	must(t, err)
	folder, err := scalar[string](b, owner, "SELECT id::text FROM note_folders WHERE name = 'Trips'")
	must(t, err)

	// The client cannot choose the token; the note becomes is_shared.
	viewToken, err := scalar[string](b, owner, "INSERT INTO note_shares (note_id, permission, token) VALUES ($1, 'view', repeat('a', 64)) RETURNING token", note)
	must(t, err)
	if !regexp.MustCompile(`^[0-9a-f]{64}$`).MatchString(viewToken) || viewToken == strings.Repeat("a", 64) {
		t.Errorf("token %q", viewToken)
	}
	shared, err := scalar[bool](b, owner, "SELECT is_shared FROM notes WHERE id = $1", note)
	must(t, err)
	if !shared {
		t.Error("note not marked shared")
	}
	wantError(t, b.Exec(owner, "INSERT INTO note_shares (note_id) VALUES ($1)", note), "23505", "This item already has a share link")
	// Nobody shares what is not theirs.
	wantError(t, b.Exec(stranger, "INSERT INTO note_shares (note_id) VALUES ($1)", note), "23503", "Note not found")
	wantError(t, b.Exec(stranger, "INSERT INTO note_shares (folder_id) VALUES ($1)", folder), "23503", "Folder not found")

	// Before opening the link, nothing is visible.
	n, err := scalar[int](b, viewer, "SELECT count(*) FROM notes WHERE id = $1", note)
	must(t, err)
	if n != 0 {
		t.Fatal("viewer reads the note before opening the link")
	}
	got, err := column(b, viewer, "SELECT content_type || ':' || permission FROM open_share_link($1)", viewToken)
	must(t, err)
	if diff := cmp.Diff([]string{"note:view"}, got); diff != "" {
		t.Errorf("open_share_link (-want +got):\n%s", diff)
	}
	content, err := scalar[string](b, viewer, "SELECT content FROM notes WHERE id = $1", note)
	must(t, err)
	if content != "secret plan" {
		t.Errorf("viewer reads %q", content)
	}
	// View: no write.
	tag, err := scalar[int](b, viewer, "WITH u AS (UPDATE notes SET content = 'changed' WHERE id = $1 RETURNING 1) SELECT count(*) FROM u", note)
	must(t, err)
	if tag != 0 {
		t.Error("viewer changed the note")
	}
	_, err = column(b, stranger, "SELECT content_type FROM open_share_link($1)", "0000000000000000000000000000000000000000000000000000000000000000")
	wantError(t, err, "P0001", "Invalid or expired share link")
	n, err = scalar[int](b, stranger, "SELECT count(*) FROM notes WHERE user_id = $1", owner.ID)
	must(t, err)
	if n != 0 {
		t.Error("stranger reads the owner's notes")
	}

	// Edit, on the folder: its notes (and the folder) are readable and
	// their text writable; moving, pinning and deleting stay the owner's.
	editToken, err := scalar[string](b, owner, "INSERT INTO note_shares (folder_id, permission) VALUES ($1, 'edit') RETURNING token", folder)
	must(t, err)
	_, err = column(b, editor, "SELECT permission FROM open_share_link($1)", editToken)
	must(t, err)
	titles, err := column(b, editor, "SELECT title FROM notes ORDER BY title")
	must(t, err)
	if diff := cmp.Diff([]string{"Rome"}, titles); diff != "" {
		t.Errorf("editor reads (-want +got):\n%s", diff)
	}
	fname, err := scalar[string](b, editor, "SELECT name FROM note_folders WHERE id = $1", folder)
	must(t, err)
	if fname != "Trips" {
		t.Errorf("folder %q", fname)
	}
	must(t, b.Exec(editor, "UPDATE notes SET title = 'Rome 2026', content = 'Colosseum' WHERE id = $1", inFolder))
	title, err := scalar[string](b, owner, "SELECT title FROM notes WHERE id = $1", inFolder)
	must(t, err)
	if title != "Rome 2026" {
		t.Errorf("editor's change not saved: %q", title)
	}
	wantError(t, b.Exec(editor, "UPDATE notes SET is_deleted = true WHERE id = $1", inFolder), "42501",
		"Only the owner can move, pin, share or delete this note")
	wantError(t, b.Exec(editor, "UPDATE notes SET folder = NULL WHERE id = $1", inFolder), "42501",
		"Only the owner can move, pin, share or delete this note")
	// The editor cannot touch the share or the folder.
	n, err = scalar[int](b, editor, "WITH u AS (UPDATE note_shares SET permission = 'edit' RETURNING 1) SELECT count(*) FROM u")
	must(t, err)
	if n != 0 {
		t.Error("recipient changed a share link")
	}
	n, err = scalar[int](b, editor, "WITH u AS (UPDATE note_folders SET name = 'Mine' RETURNING 1) SELECT count(*) FROM u")
	must(t, err)
	if n != 0 {
		t.Error("recipient renamed the folder")
	}
	// The viewer's link does not reach the folder's notes.
	n, err = scalar[int](b, viewer, "SELECT count(*) FROM notes WHERE id = $1", inFolder)
	must(t, err)
	if n != 0 {
		t.Error("viewer of one note reads the folder")
	}

	// Lowering to view stops writes; revoking stops reads; both at once.
	must(t, b.Exec(owner, "UPDATE note_shares SET permission = 'view' WHERE folder_id = $1", folder))
	n, err = scalar[int](b, editor, "WITH u AS (UPDATE notes SET title = 'again' WHERE id = $1 RETURNING 1) SELECT count(*) FROM u", inFolder)
	must(t, err)
	if n != 0 {
		t.Error("write after the link became view-only")
	}
	must(t, b.Exec(owner, "UPDATE note_shares SET is_deleted = true WHERE note_id = $1", note))
	n, err = scalar[int](b, viewer, "SELECT count(*) FROM notes WHERE id = $1", note)
	must(t, err)
	if n != 0 {
		t.Error("read after the link was revoked")
	}
	shared, err = scalar[bool](b, owner, "SELECT is_shared FROM notes WHERE id = $1", note)
	must(t, err)
	if shared {
		t.Error("revoked note still is_shared")
	}
	wantError(t, b.Exec(owner, "UPDATE note_shares SET is_deleted = false WHERE note_id = $1", note), "42501", "A revoked share link cannot be restored")
	_, err = column(b, viewer, "SELECT permission FROM open_share_link($1)", viewToken)
	wantError(t, err, "P0001", "Invalid or expired share link")

	// The owner sees who opened the folder's link and removes them.
	who, err := column(b, owner, "SELECT r.user_id::text FROM note_share_recipients r JOIN note_shares s ON s.id = r.share_id WHERE s.folder_id = $1", folder)
	must(t, err)
	if diff := cmp.Diff([]string{editor.ID}, who); diff != "" {
		t.Errorf("recipients (-want +got):\n%s", diff)
	}
	n, err = scalar[int](b, stranger, "SELECT count(*) FROM note_share_recipients")
	must(t, err)
	if n != 0 {
		t.Error("stranger reads recipients")
	}
	must(t, b.Exec(owner, "DELETE FROM note_share_recipients WHERE user_id = $1", editor.ID))
	n, err = scalar[int](b, editor, "SELECT count(*) FROM notes")
	must(t, err)
	if n != 0 {
		t.Error("removed recipient still reads")
	}
	// Anonymous callers cannot open links.
	_, err = column(b, actor{Role: "anon"}, "SELECT permission FROM open_share_link($1)", editToken)
	wantError(t, err, "42501", "permission denied for function open_share_link")
}

// TestActivityHistoryByPlan: get_activity_logs reaches back to the start
// of the current month on Free, 12 more months on Pro, 24 on Team (0215).
func TestActivityHistoryByPlan(t *testing.T) {
	t.Parallel()
	b := setup(t)
	free := b.NewUser("history-free@example.com", nil)
	pro := b.NewUser("history-pro@example.com", nil)
	team := b.NewUser("history-team@example.com", nil)
	b.SetPlan(pro, "pro_monthly")
	b.SetPlan(team, "team_monthly")
	for _, u := range []actor{free, pro, team} {
		task := superScalar[string](b, "INSERT INTO tasks (user_id, title) VALUES ($1, 'History') RETURNING id::text", u.ID)
		// Rows of today (the trigger's task_created), last month, 13 months
		// ago and 25 months ago.
		b.Super(`INSERT INTO activity_logs (user_id, task_id, activity_type, activity_description, created_at)
			SELECT $1, $2, 'task_updated', m::text, date_trunc('month', now()) - make_interval(months => m) + interval '1 day'
			FROM unnest(ARRAY[1, 13, 25]) m`, u.ID, task)
	}
	cases := []struct {
		who  actor
		want []string
	}{
		{free, []string{"task_created::1"}},
		{pro, []string{"task_created::2", "task_updated:1:2"}},
		{team, []string{"task_created::3", "task_updated:13:3", "task_updated:1:3"}},
	}
	for _, c := range cases {
		got, err := column(b, c.who, "SELECT activity_type || ':' || coalesce(activity_description, '') || ':' || total_count FROM get_activity_logs($1) ORDER BY 1", c.who.ID)
		must(t, err)
		// task_created's description is the trigger's; keep only the type.
		for i, g := range got {
			if len(g) > 12 && g[:12] == "task_created" {
				got[i] = "task_created::" + g[len(g)-1:]
			}
		}
		if diff := cmp.Diff(c.want, got); diff != "" {
			t.Errorf("%s (-want +got):\n%s", c.who.Email, diff)
		}
	}
}
