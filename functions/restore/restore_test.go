package restore_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"daybase/functions/export"
	"daybase/functions/internal/fntest"
	"daybase/functions/restore"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// backupOf exports the user's data with export-data, as the app downloads it.
func backupOf(t *testing.T, b *fntest.Bundle, user string) map[string]any {
	t.Helper()
	id := fntest.As(user)
	res := fntest.Invoke(b.Server(export.Function()), "POST", "/export-data", &id, map[string]any{"format": "json"})
	if res.Code != 200 {
		t.Fatalf("export: %d %s", res.Code, res.Body)
	}
	var out map[string]any
	res.JSON(t, &out)
	return out
}

func importData(b *fntest.Bundle, user string, dryRun bool, backup any) fntest.Response {
	id := fntest.As(user)
	return fntest.Invoke(b.Server(restore.Function()), "POST", "/import-data", &id, map[string]any{"dryRun": dryRun, "backup": backup})
}

// content is a one-line summary of what the user has, for comparing accounts.
func content(t *testing.T, b *fntest.Bundle, user string) string {
	t.Helper()
	var got string
	b.Scalar(&got, `SELECT concat_ws(' | ',
  (SELECT string_agg(name || ' ' || color, ', ' ORDER BY name) FROM public.projects WHERE user_id = $1 AND NOT is_deleted),
  (SELECT string_agg(t.title || coalesce(' in ' || t.list, '') || coalesce(' under ' || p.title, '') || CASE WHEN t.is_completed THEN ' done' ELSE '' END,
                     ', ' ORDER BY t.title)
     FROM public.tasks t LEFT JOIN public.tasks p ON p.id = t.parent_id AND p.user_id = t.user_id WHERE t.user_id = $1 AND NOT t.is_deleted),
  (SELECT string_agg(name, ', ' ORDER BY name) FROM public.note_folders WHERE user_id = $1 AND NOT is_deleted),
  (SELECT string_agg(title || coalesce(' in ' || folder, '') || ' ' || created_at::date, ', ' ORDER BY title) FROM public.notes WHERE user_id = $1 AND NOT is_deleted),
  (SELECT string_agg(e.title || ' ' || e.date || coalesce(' in ' || f.name, ''), ', ' ORDER BY e.title)
     FROM public.journal_entries e LEFT JOIN public.journal_folders f ON f.id = e.folder WHERE e.user_id = $1 AND NOT e.is_deleted))`, user)
	return got
}

func TestRestoreIntoAnEmptyAccount(t *testing.T) {
	b := fntest.New(t)
	ada := b.User("ada@example.test")
	b.Exec(`INSERT INTO public.projects (user_id, name, color) VALUES ($1, 'Work', '#ef4444'), ($1, 'Home', '#10b981')`, ada)
	b.Exec(`INSERT INTO public.tasks (user_id, title, list, due_date, priority, tags) VALUES
  ($1, 'Write report', 'Work', '2026-12-01', 3, 'writing'), ($1, 'Water plants', 'Home', NULL, 0, NULL), ($1, 'Call mum', NULL, NULL, 0, NULL)`, ada)
	b.Exec(`INSERT INTO public.tasks (user_id, title, parent_id) SELECT $1, 'Outline', id FROM public.tasks WHERE title = 'Write report'`, ada)
	b.Exec(`INSERT INTO public.tasks (user_id, title, recurrence, due_date) VALUES ($1, 'Pay rent', '{"type":"monthly","interval":1}', '2026-11-01')`, ada)
	b.Exec(`UPDATE public.tasks SET is_completed = true WHERE user_id = $1 AND title = 'Pay rent'`, ada) // makes December's
	b.Exec(`INSERT INTO public.tasks (user_id, title, is_deleted) VALUES ($1, 'Deleted', true)`, ada)
	b.Exec(`INSERT INTO public.note_folders (user_id, name) VALUES ($1, 'Ideas')`, ada)
	b.Exec(`INSERT INTO public.notes (user_id, title, folder, created_at) VALUES ($1, 'Garden', 'Ideas', '2026-03-04'), ($1, 'Loose', NULL, '2026-05-06')`, ada)
	b.Exec(`INSERT INTO public.journal_folders (user_id, name) VALUES ($1, 'Travel')`, ada)
	b.Exec(`INSERT INTO public.journal_entries (user_id, title, date, folder) SELECT $1, 'Lisbon', '2026-06-01', id FROM public.journal_folders WHERE user_id = $1`, ada)
	b.Exec(`INSERT INTO public.journal_entries (user_id, title, date) VALUES ($1, 'Monday', '2026-06-08')`, ada)
	backup := backupOf(t, b, ada)
	want := content(t, b, ada)

	ben := b.User("ben@example.test")
	res := importData(b, ben, true, backup)
	if res.Code != 200 {
		t.Fatalf("dry run: %d %s", res.Code, res.Body)
	}
	var dry restore.Result
	res.JSON(t, &dry)
	wantCounts := restore.Counts{Projects: 2, Tasks: 6, Subtasks: 1, CompletedTasks: 1, Notes: 2, NoteFolders: 1, Journals: 2, JournalFolders: 1}
	if !dry.DryRun || dry.Counts != wantCounts || dry.Email != "ada@example.test" || dry.ExportedAt != backup["exportedAt"] {
		t.Errorf("dry run = %+v", dry)
	}
	if got := content(t, b, ben); got != "" {
		t.Fatalf("the dry run wrote: %s", got)
	}

	res = importData(b, ben, false, backup)
	var done restore.Result
	res.JSON(t, &done)
	if res.Code != 200 || done.DryRun || done.Counts != wantCounts {
		t.Fatalf("restore: %d %s", res.Code, res.Body)
	}
	if got := content(t, b, ben); got != want {
		t.Errorf("restored content:\n got %s\nwant %s", got, want)
	}
	var foreign int
	b.Scalar(&foreign, `SELECT count(*) FROM public.tasks t JOIN public.tasks p ON p.id = t.parent_id WHERE t.user_id = $1 AND p.user_id <> $1`, ben)
	if foreign != 0 {
		t.Errorf("%d restored subtasks point at the other account's tasks", foreign)
	}

	// A second restore finds the account in use.
	res = importData(b, ben, true, backup)
	if want := `{"error":"Restore needs an empty account, and this one has 6 tasks, 2 projects, 2 notes, 2 journal entries, 1 note folder and 1 journal. Restore into a new account, or delete them first."}` + "\n"; res.Code != 409 || res.Body != want {
		t.Errorf("second restore: %d %s", res.Code, res.Body)
	}
}

func TestRestoreRefuses(t *testing.T) {
	b := fntest.New(t)
	cy := b.User("cy@example.test")
	tasks := make([]map[string]any, 501)
	for i := range tasks {
		tasks[i] = map[string]any{"id": fmt.Sprintf("00000000-0000-4000-8000-%012d", i), "title": fmt.Sprintf("Task %d", i+1)}
	}
	spec := map[string]any{"profile": nil, "tasks": tasks, "notes": []any{}, "journals": []any{}, "exportedAt": "2026-11-20T10:00:00Z"}
	for _, c := range []struct {
		name     string
		backup   any
		wantCode int
		wantBody string
	}{
		{"not an export", map[string]any{"hello": "world"}, 400, `{"error":"This file is not a Daybase export: it needs tasks, notes, journals and exportedAt"}`},
		{"no date", map[string]any{"tasks": []any{}, "notes": []any{}, "journals": []any{}, "exportedAt": "yesterday"}, 400,
			`{"error":"This file is not a Daybase export: exportedAt is not a date"}`},
		// The Free plan's 500 tasks (000 §9) hold for a restore too; the dry run says so.
		{"over the plan", spec, 422,
			`{"error":"Could not restore task 501 (\"Task 501\"): Task limit reached for Free plan","item":"task 501 (\"Task 501\")","reason":"Task limit reached for Free plan"}`},
		{"bad value", map[string]any{"tasks": []any{map[string]any{"title": "x", "priority": "high"}}, "notes": []any{}, "journals": []any{}, "exportedAt": "2026-11-20T10:00:00Z"}, 422,
			`{"error":"Could not restore task 1 (\"x\"): invalid input syntax for type smallint: \"high\"","item":"task 1 (\"x\")","reason":"invalid input syntax for type smallint: \"high\""}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			res := importData(b, cy, true, c.backup)
			if res.Code != c.wantCode || strings.TrimSpace(res.Body) != c.wantBody {
				t.Errorf("got %d %s\nwant %d %s", res.Code, res.Body, c.wantCode, c.wantBody)
			}
		})
	}
	if got := content(t, b, cy); got != "" {
		t.Errorf("a refused restore wrote: %s", got)
	}

	// A backup in the spec's shape alone (no project list) makes the
	// projects its tasks name; an anonymous call is refused by the server.
	small := map[string]any{"profile": map[string]any{"email": "x@example.test"}, "tasks": []any{
		map[string]any{"id": "t1", "title": "Plan trip", "list": "Travel"},
		map[string]any{"id": "t2", "title": "Book hotel", "list": "travel"},
	}, "notes": []any{}, "journals": []any{}, "exportedAt": "2026-11-20T10:00:00Z"}
	res := importData(b, cy, false, small)
	var out restore.Result
	res.JSON(t, &out)
	if res.Code != 200 || out.Counts.Projects != 1 || out.Counts.Tasks != 2 || len(out.Notes) != 2 {
		t.Errorf("spec-shaped backup: %d %s", res.Code, res.Body)
	}
	if got := content(t, b, cy); got != "Travel #3b82f6 | Book hotel in Travel, Plan trip in Travel" {
		t.Errorf("restored: %s", got)
	}
	anon := identity.New(map[string]any{"role": "anon"}, "")
	if res := fntest.Invoke(b.Server(restore.Function()), "POST", "/import-data", &anon, map[string]any{"backup": small}); res.Code != 401 {
		b, _ := json.Marshal(res)
		t.Errorf("anonymous: %s", b)
	}
}

// A restore runs as the service, so it applies the assured-session rule of
// row-level security itself: a user with a second factor at aal1, or a
// session that has ended, restores nothing and learns nothing of the
// account (not even what requireEmpty would count).
func TestRestoreNeedsAnAssuredSession(t *testing.T) {
	b := fntest.New(t)
	dee := b.User("dee@example.test")
	b.Exec(`INSERT INTO public.tasks (user_id, title) VALUES ($1, 'Existing')`, dee)
	b.Exec(`INSERT INTO auth.mfa_factors (user_id, factor_type, status, friendly_name) VALUES ($1, 'totp', 'verified', 'app')`, dee)
	var session string
	b.Scalar(&session, `INSERT INTO auth.sessions (user_id, aal) VALUES ($1, 'aal1') RETURNING id::text`, dee)
	ended := "00000000-0000-4000-8000-000000000000" // no such session
	backup := map[string]any{"tasks": []any{map[string]any{"title": "Sneaked in"}}, "notes": []any{}, "journals": []any{},
		"exportedAt": "2026-11-20T10:00:00Z"}
	for _, c := range []struct {
		name     string
		claims   map[string]any
		wantBody string
	}{
		{"aal1 with a verified factor", map[string]any{"aal": "aal1", "session_id": session},
			`{"error":"Verify your second factor first: this needs a session at aal2"}`},
		{"an ended session", map[string]any{"aal": "aal2", "session_id": ended},
			`{"error":"This session has ended; sign in again"}`},
	} {
		t.Run(c.name, func(t *testing.T) {
			claims := map[string]any{"sub": dee, "role": "authenticated", "aud": "authenticated"}
			for k, v := range c.claims {
				claims[k] = v
			}
			id := identity.New(claims, "token")
			res := fntest.Invoke(b.Server(restore.Function()), "POST", "/import-data", &id, map[string]any{"backup": backup})
			if res.Code != 403 || strings.TrimSpace(res.Body) != c.wantBody {
				t.Errorf("got %d %s\nwant 403 %s", res.Code, res.Body, c.wantBody)
			}
		})
	}
	if got := content(t, b, dee); got != "Existing" {
		t.Errorf("content after refused restores: %q", got)
	}
}

// An error names a row by its title, cut on a character boundary.
func TestRestoreErrorNamesLongTitles(t *testing.T) {
	b := fntest.New(t)
	eve := b.User("eve@example.test")
	title := strings.Repeat("é", 56) + "ü€" + strings.Repeat("x", 10)
	res := importData(b, eve, true, map[string]any{"tasks": []any{map[string]any{"title": title, "priority": "high"}},
		"notes": []any{}, "journals": []any{}, "exportedAt": "2026-11-20T10:00:00Z"})
	var out struct{ Item string }
	res.JSON(t, &out)
	if want := `task 1 ("` + strings.Repeat("é", 56) + `ü…")`; res.Code != 422 || out.Item != want {
		t.Errorf("got %d item %q, want 422 item %q", res.Code, out.Item, want)
	}
}
