package workspace_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests of issue 20's server parts: the creation rate limit per request
// (0670), the people of a shared note and what is shared with me, and
// mentions in notes (0672).

// TestImportCountsOnce: one insert of 500 notes (an import) counts as one
// creation, while creating one by one is limited as before (10 a minute);
// one request creates at most 1,000 rows; the Free cap still counts rows.
func TestImportCountsOnce(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("import@example.com", nil)
	b.SetPlan(u, "pro_monthly")

	n, err := scalar[int](b, u, `WITH i AS (INSERT INTO notes (title, content)
		SELECT 'Imported ' || g, '# Imported ' || g FROM generate_series(1, 500) g RETURNING 1) SELECT count(*) FROM i`)
	must(t, err)
	if n != 500 {
		t.Fatalf("imported %d notes, want 500", n)
	}
	creations := superScalar[int](b, "SELECT count(*) FROM private.content_creations WHERE user_id = $1", u.ID)
	if creations != 1 {
		t.Errorf("the import counted %d creations, want 1", creations)
	}
	// Nine more one by one make ten this minute; the eleventh is refused.
	for i := 0; i < 9; i++ {
		must(t, b.Exec(u, "INSERT INTO notes (title) VALUES ('one by one')"))
	}
	err = b.Exec(u, "INSERT INTO notes (title) VALUES ('eleventh')")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last minute. Please wait.")
	// So is an import at that point, and it creates nothing.
	err = b.Exec(u, "INSERT INTO notes (title) SELECT 'late ' || g FROM generate_series(1, 20) g")
	wantError(t, err, "P0001", "Rate limit exceeded: too many creations in the last minute. Please wait.")
	if got := superScalar[int](b, "SELECT count(*) FROM notes WHERE user_id = $1", u.ID); got != 509 {
		t.Errorf("%d notes, want 509", got)
	}

	// A fresh minute: 1,001 rows in one request are too many; journal
	// entries count the same way.
	b.Super("UPDATE private.content_creations SET created_at = created_at - interval '2 minutes'")
	err = b.Exec(u, "INSERT INTO notes (title) SELECT 'n' || g FROM generate_series(1, 1001) g")
	wantError(t, err, "PT413", "Too many items in one request",
		"This request creates 1001 notes; one request creates at most 1,000.")
	must(t, b.Exec(u, "INSERT INTO journal_entries (title, date) SELECT 'day ' || g, current_date - g FROM generate_series(1, 300) g"))
	if got := superScalar[int](b, "SELECT count(*) FROM private.content_creations WHERE user_id = $1 AND created_at > now() - interval '1 minute'", u.ID); got != 1 {
		t.Errorf("%d creations this minute after the journal import, want 1", got)
	}
	// The service side is not counted at all.
	b.Super("INSERT INTO notes (user_id, title) SELECT $1, 's' || g FROM generate_series(1, 50) g", u.ID)

	// Free: the cap counts each row of an import.
	f := b.NewUser("import-free@example.com", nil)
	must(t, b.Exec(f, "INSERT INTO notes (title) SELECT 'f' || g FROM generate_series(1, 50) g"))
	err = b.Exec(f, "INSERT INTO notes (title) SELECT 'g' || g FROM generate_series(1, 51) g")
	wantError(t, err, "P0001", "Note limit reached for Free plan", "This would make 101 notes; the Free plan allows 100.")
	if got := superScalar[int](b, "SELECT count(*) FROM notes WHERE user_id = $1", f.ID); got != 50 {
		t.Errorf("%d notes after the refused import, want 50", got)
	}
}

// TestNotePeople: the owner and the recipients of links to a note or its
// folder, with display data, for whoever has the note; recipients of a
// link for its owner; what is shared with me.
func TestNotePeople(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.NewUser("people-owner@example.com", map[string]any{"full_name": "Olivia Owner"})
	viewer := b.NewUser("people-viewer@example.com", map[string]any{"full_name": "Victor Viewer"})
	editor := b.NewUser("people-editor@example.com", nil)
	stranger := b.NewUser("people-stranger@example.com", nil)

	must(t, b.Exec(owner, "INSERT INTO note_folders (name) VALUES ('Work')"))
	note, err := scalar[string](b, owner, "INSERT INTO notes (title, folder) VALUES ('Roadmap', 'Work') RETURNING id::text")
	must(t, err)
	folder, err := scalar[string](b, owner, "SELECT id::text FROM note_folders WHERE name = 'Work'")
	must(t, err)
	viewToken, err := scalar[string](b, owner, "INSERT INTO note_shares (note_id, permission) VALUES ($1, 'view') RETURNING token", note)
	must(t, err)
	editToken, err := scalar[string](b, owner, "INSERT INTO note_shares (folder_id, permission) VALUES ($1, 'edit') RETURNING token", folder)
	must(t, err)
	_, err = column(b, viewer, "SELECT content_type FROM open_share_link($1)", viewToken)
	must(t, err)
	_, err = column(b, editor, "SELECT content_type FROM open_share_link($1)", editToken)
	must(t, err)
	// The viewer also opens the folder's link: edit wins.
	_, err = column(b, viewer, "SELECT content_type FROM open_share_link($1)", editToken)
	must(t, err)

	want := []string{
		"Olivia Owner|people-owner@example.com|owner",
		"people-editor@example.com|people-editor@example.com|edit",
		"Victor Viewer|people-viewer@example.com|edit",
	}
	for _, a := range []actor{owner, viewer, editor} {
		got, err := column(b, a, "SELECT full_name || '|' || email || '|' || permission FROM get_note_people($1)", note)
		must(t, err)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("get_note_people as %s (-want +got):\n%s", a.Email, diff)
		}
	}
	_, err = column(b, stranger, "SELECT email FROM get_note_people($1)", note)
	wantError(t, err, "PT404", "Note not found")

	// Recipients of one link, for its owner only.
	share, err := scalar[string](b, owner, "SELECT id::text FROM note_shares WHERE folder_id = $1", folder)
	must(t, err)
	got, err := column(b, owner, "SELECT email FROM get_share_recipients($1)", share)
	must(t, err)
	if diff := cmp.Diff([]string{"people-editor@example.com", "people-viewer@example.com"}, got); diff != "" {
		t.Errorf("get_share_recipients (-want +got):\n%s", diff)
	}
	_, err = column(b, editor, "SELECT email FROM get_share_recipients($1)", share)
	wantError(t, err, "PT404", "Share link not found")

	// Shared with me: the viewer has the note and the folder (with its token).
	got, err = column(b, viewer, `SELECT content_type || '|' || title || '|' || permission || '|' || owner_name || '|' || (token IS NOT NULL)
		FROM get_shared_with_me()`)
	must(t, err)
	if diff := cmp.Diff([]string{"folder|Work|edit|Olivia Owner|true", "note|Roadmap|view|Olivia Owner|false"}, got); diff != "" {
		t.Errorf("get_shared_with_me (-want +got):\n%s", diff)
	}
	// The owner removes the viewer; revoking the folder link ends the editor's share.
	must(t, b.Exec(owner, "DELETE FROM note_share_recipients WHERE user_id = $1", viewer.ID))
	must(t, b.Exec(owner, "UPDATE note_shares SET is_deleted = true WHERE id = $1", share))
	got, err = column(b, owner, "SELECT email FROM get_note_people($1)", note)
	must(t, err)
	if diff := cmp.Diff([]string{"people-owner@example.com"}, got); diff != "" {
		t.Errorf("after removal and revocation (-want +got):\n%s", diff)
	}
	got, err = column(b, editor, "SELECT title FROM get_shared_with_me()")
	must(t, err)
	if len(got) != 0 {
		t.Errorf("editor still has %v shared", got)
	}
}

// TestNoteMentions: people who have the note and are newly mentioned in
// it are notified once; strangers and the author never.
func TestNoteMentions(t *testing.T) {
	t.Parallel()
	b := setup(t)
	owner := b.NewUser("mention-owner@example.com", map[string]any{"full_name": "Olivia Owner"})
	friend := b.NewUser("mention-friend@example.com", nil)
	stranger := b.NewUser("mention-stranger@example.com", nil)

	note, err := scalar[string](b, owner, "INSERT INTO notes (title) VALUES ('Trip') RETURNING id::text")
	must(t, err)
	token, err := scalar[string](b, owner, "INSERT INTO note_shares (note_id, permission) VALUES ($1, 'edit') RETURNING token", note)
	must(t, err)
	_, err = column(b, friend, "SELECT content_type FROM open_share_link($1)", token)
	must(t, err)

	mention := func(a actor) string { return "@[" + a.Email + "](" + a.ID + ")" }
	content := "Ask " + mention(friend) + " and " + mention(stranger) + " and me " + mention(owner)
	must(t, b.Exec(owner, "UPDATE notes SET content = $2 WHERE id = $1", note, content))
	// Saving again (autosave) with the same mentions tells nobody twice.
	must(t, b.Exec(owner, "UPDATE notes SET content = $2 WHERE id = $1", note, content+" today"))

	got, err := column(b, friend, "SELECT type || '|' || title || '|' || message || '|' || entity_type || '|' || (metadata->>'actionUrl') FROM notifications")
	must(t, err)
	want := []string{"comment|You were mentioned in a note|Olivia Owner mentioned you in \"Trip\"|note|/app/notes/" + note}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("friend's notifications (-want +got):\n%s", diff)
	}
	for _, a := range []actor{stranger, owner} {
		n, err := scalar[int](b, a, "SELECT count(*) FROM notifications")
		must(t, err)
		if n != 0 {
			t.Errorf("%s got %d notifications", a.Email, n)
		}
	}
	// The friend (edit) rewrites the note: the owner, mentioned by
	// themselves before, is mentioned anew by the friend.
	must(t, b.Exec(friend, "UPDATE notes SET content = 'Booked.' WHERE id = $1", note))
	must(t, b.Exec(friend, "UPDATE notes SET content = content || ' cc ' || $2 WHERE id = $1", note, "@[Olivia]("+owner.ID+")"))
	n, err := scalar[int](b, owner, "SELECT count(*) FROM notifications WHERE from_user_id = $1", friend.ID)
	must(t, err)
	if n != 1 {
		t.Errorf("owner got %d notifications from the friend, want 1", n)
	}
}
