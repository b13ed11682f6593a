package workspace_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRPCParameterNames: the RPCs answer to the names supabase-js sends
// (002 §7), so /rest/v1/rpc/{name} with a JSON body of them works.
func TestRPCParameterNames(t *testing.T) {
	t.Parallel()
	b := setup(t)
	want := map[string]string{
		"create_task_journal_link": "p_task_id,p_journal_id",
		"create_task_note_link":    "p_task_id,p_note_id",
		"search_user_content":      "p_search_term,p_content_type,p_limit",
		"get_activity_logs":        "p_user_id,p_project_id,p_activity_types,p_limit,p_offset",
		"get_journal_statistics":   "p_user_id,p_today",
		"get_recent_content":       "p_limit",
	}
	for name, args := range want {
		got := superScalar[string](b, `SELECT array_to_string(proargnames[1:pronargs], ',') FROM pg_proc
			WHERE proname = $1 AND pronamespace = 'public'::regnamespace`, name)
		if got != args {
			t.Errorf("%s(%s), want (%s)", name, got, args)
		}
	}
	if d := superScalar[string](b, `SELECT pg_get_expr(proargdefaults, 0) FROM pg_proc WHERE proname = 'search_user_content'`); !strings.Contains(d, "20") {
		t.Errorf("search_user_content defaults %s, want p_limit 20", d)
	}
}

// TestLinkedContent: linking from a task (002 §4 "Content creation from a
// task"), the view's rows and order, unlinking, soft-deleted content.
func TestLinkedContent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	// Create from a task: insert, then link — as the app does.
	note, err := scalar[string](b, w.owner, "INSERT INTO notes (title, content, user_id) VALUES ('From task', 'body', auth.uid()) RETURNING id::text")
	must(t, err)
	entry, err := scalar[string](b, w.owner, "INSERT INTO journal_entries (title, content, user_id, date) VALUES ('Diary', 'today', auth.uid(), '2026-11-20') RETURNING id::text")
	must(t, err)
	must(t, b.Exec(w.owner, "SELECT create_task_note_link(p_task_id => $1, p_note_id => $2)", idTaskPrivate, note))
	must(t, b.Exec(w.owner, "SELECT create_task_journal_link(p_task_id => $1, p_journal_id => $2)", idTaskPrivate, entry))
	// Linking again is harmless and returns the same link.
	again, err := scalar[int](b, w.owner, "SELECT count(*) FROM task_note_links WHERE task_id = $1", idTaskPrivate)
	must(t, err)
	must(t, b.Exec(w.owner, "SELECT create_task_note_link($1, $2)", idTaskPrivate, note))
	if n, _ := scalar[int](b, w.owner, "SELECT count(*) FROM task_note_links WHERE task_id = $1", idTaskPrivate); n != again {
		t.Errorf("a second link was made")
	}
	got, err := column(b, w.owner, `SELECT content_type || ':' || title || ':' || content_markdown || ':' || author_id || ':' || linked_by
		FROM task_attachments_v WHERE task_id = $1 ORDER BY linked_at DESC, content_type`, idTaskPrivate)
	must(t, err)
	if diff := cmp.Diff([]string{"journal:Diary:today:owner:owner", "note:From task:body:owner:owner"}, got); diff != "" {
		t.Errorf("linked content (-want +got):\n%s", diff)
	}
	// Someone else's note cannot be linked; a task out of reach neither.
	err = b.Exec(w.member, "SELECT create_task_note_link($1, $2)", idTaskTeam, note)
	wantError(t, err, "P0001", "Note not found")
	err = b.Exec(w.owner, "SELECT create_task_note_link($1, $2)", idTaskAlien, note)
	wantError(t, err, "P0001", "Task not found")
	// A deleted note leaves the view; unlinking deletes the link row.
	must(t, b.Exec(w.owner, "UPDATE notes SET is_deleted = true WHERE id = $1", note))
	must(t, b.Exec(w.owner, "DELETE FROM task_journal_links WHERE task_id = $1 AND journal_id = $2", idTaskPrivate, entry))
	n, err := scalar[int](b, w.owner, "SELECT count(*) FROM task_attachments_v WHERE task_id = $1", idTaskPrivate)
	must(t, err)
	if n != 0 {
		t.Errorf("%d linked rows after delete and unlink", n)
	}
	err = b.Exec(w.owner, "SELECT create_task_note_link($1, $2)", idTaskPrivate, note)
	wantError(t, err, "P0001", "Note not found")
}

// TestSearchNotesAndJournal: ranked full-text search over the caller's
// own live notes and entries, mixed with tasks on one scale.
func TestSearchNotesAndJournal(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("search@example.com", nil)
	other := b.NewUser("other@example.com", nil)
	b.Super(`INSERT INTO notes (user_id, title, content, is_deleted) VALUES
		($1, 'Garden', 'plant tomatoes', false),
		($1, 'Gardening tips', 'compost', false),
		($1, 'Weekend', 'work in the garden and read', false),
		($1, 'Deleted garden', 'gone', true),
		($2, 'Garden', 'not yours', false)`, u.ID, other.ID)
	b.Super(`INSERT INTO journal_entries (user_id, title, content) VALUES ($1, 'Sunday', 'The garden was lovely')`, u.ID)
	b.Super(`INSERT INTO tasks (user_id, title) VALUES ($1, 'Water garden')`, u.ID)
	got, err := column(b, u, "SELECT content_type || ':' || title || ':' || floor(rank)::int FROM search_user_content(p_search_term => 'garden', p_content_type => 'all', p_limit => 20)")
	must(t, err)
	want := []string{"note:Garden:4", "note:Gardening tips:3", "task:Water garden:2", "note:Weekend:1", "journal:Sunday:1"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("search (-want +got):\n%s", diff)
	}
	for kind, want := range map[string][]string{
		"notes":           {"note:Garden", "note:Gardening tips", "note:Weekend"},
		"journal":         {"journal:Sunday"},
		"journal_entries": {"journal:Sunday"},
	} {
		got, err := column(b, u, "SELECT content_type || ':' || title FROM search_user_content('garden', $1)", kind)
		must(t, err)
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("kind %s (-want +got):\n%s", kind, diff)
		}
	}
	// Prefixes of every word, any order; under 2 characters finds nothing.
	got, err = column(b, u, "SELECT title FROM search_user_content('tomat plan', 'notes')")
	must(t, err)
	if diff := cmp.Diff([]string{"Garden"}, got); diff != "" {
		t.Errorf("prefix search (-want +got):\n%s", diff)
	}
	got, err = column(b, u, "SELECT title FROM search_user_content(' g ', 'notes')")
	must(t, err)
	if len(got) != 0 {
		t.Errorf("one-character search found %v", got)
	}
	// The rank follows a renamed title (0217 ranks from the stored title);
	// another user's text holding this user's owner lexeme changes nothing.
	must(t, b.Exec(u, "UPDATE notes SET title = 'Garden diary' WHERE title = 'Weekend'"))
	b.Super(`INSERT INTO notes (user_id, title, content) VALUES ($1, 'Garden', 'garden ' || private.owner_lexeme($2))`, other.ID, u.ID)
	got, err = column(b, u, "SELECT title || ':' || floor(rank)::int FROM search_user_content('garden', 'notes', 2)")
	must(t, err)
	if diff := cmp.Diff([]string{"Garden:4", "Garden diary:3"}, got); diff != "" {
		t.Errorf("after a rename (-want +got):\n%s", diff)
	}
}

// TestRecentContent: half of 20 from each kind, the other kind filling
// in when one has fewer; newest change first; deleted left out.
func TestRecentContent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("recent@example.com", nil)
	b.Super(`INSERT INTO notes (user_id, title, updated_at) SELECT $1, 'n' || g, now() - g * interval '1 minute' FROM generate_series(1, 15) g`, u.ID)
	b.Super(`INSERT INTO journal_entries (user_id, title, updated_at) SELECT $1, 'j' || g, now() - g * interval '1 minute' - interval '30 seconds' FROM generate_series(1, 13) g`, u.ID)
	b.Super(`UPDATE journal_entries SET is_deleted = true WHERE title = 'j1'`)
	got, err := column(b, u, "SELECT title FROM get_recent_content()")
	must(t, err)
	var want []string
	for i := 1; i <= 10; i++ {
		want = append(want, fmt.Sprintf("n%d", i))
		if i >= 2 && i <= 11 {
			want = append(want, fmt.Sprintf("j%d", i))
		}
	}
	want = append(want, "j11")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("recent (-want +got):\n%s", diff)
	}
	b.Super(`UPDATE journal_entries SET is_deleted = true WHERE title <> 'j2'`)
	got, err = column(b, u, "SELECT title FROM get_recent_content(p_limit => 4)")
	must(t, err)
	if diff := cmp.Diff([]string{"n1", "n2", "j2", "n3"}, got); diff != "" {
		t.Errorf("recent with one entry (-want +got):\n%s", diff)
	}
}

// TestJournalStatistics: entries this month, total words, average mood,
// current and longest streak, over live entries.
func TestJournalStatistics(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("stats@example.com", nil)
	b.Super(`INSERT INTO journal_entries (user_id, title, content, date, mood, is_deleted) VALUES
		($1, 'a', 'one two three', '2026-03-10', 4, false),
		($1, 'b', 'four', '2026-03-09', 2, false),
		($1, 'c', '  five   six ', '2026-03-09', NULL, false),
		($1, 'd', 'seven', '2026-03-08', 5, false),
		($1, 'e', 'x', '2026-03-07', 1, true),
		($1, 'f', 'eight', '2026-03-05', 3, false),
		($1, 'g', 'nine ten', '2026-03-04', NULL, false),
		($1, 'h', '', '2026-02-28', NULL, false)`, u.ID)
	for _, c := range []struct {
		today, want string
	}{
		{"2026-03-10", "6:7:10:3.50:3:3"},
		{"2026-03-11", "6:7:10:3.50:3:3"}, // nothing today yet: the streak holds until the day ends
		{"2026-03-12", "6:7:10:3.50:0:3"},
		{"2026-04-01", "0:7:10:3.50:0:3"},
	} {
		got, err := scalar[string](b, u, `SELECT entries_this_month || ':' || total_entries || ':' || total_words || ':' || average_mood || ':' ||
			current_streak || ':' || longest_streak FROM get_journal_statistics(p_user_id => auth.uid(), p_today => $1::date)`, c.today)
		must(t, err)
		if got != c.want {
			t.Errorf("on %s: %s, want %s", c.today, got, c.want)
		}
	}
}
