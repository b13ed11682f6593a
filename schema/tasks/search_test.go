package tasks_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
)

func TestSearchUserContent(t *testing.T) {
	t.Parallel()
	b := setup(t)
	w := b.loadWorld()
	must(t, b.Exec(w.owner, `INSERT INTO tasks (title, notes, tags) VALUES
		('Plan the launch', 'Write the 100% plan_v2 with the team', 'work, launch'),
		('Launch', NULL, NULL),
		('Buy milk', 'for the launch party', NULL),
		('Deleted launch', NULL, NULL)`))
	must(t, b.Exec(w.owner, "UPDATE tasks SET is_deleted = true WHERE title = 'Deleted launch'"))
	must(t, b.Exec(w.owner, "INSERT INTO projects (name, overview) VALUES ('Launch Week', 'Due: 2026-12-01')"))
	must(t, b.Exec(w.owner, "INSERT INTO global_tags (name) VALUES ('launch')"))

	search := func(a actor, term, kind string, limit any) ([]string, error) {
		var got []string
		err := b.As(a, func(tx pgx.Tx) error {
			r, _ := tx.Query(b.Ctx, "SELECT content_type || ':' || title || ':' || rank FROM search_user_content($1, $2, $3)", term, kind, limit)
			var err error
			got, err = pgx.CollectRows(r, pgx.RowTo[string])
			return err
		})
		return got, err
	}
	for _, c := range []struct {
		name, term, kind string
		limit            any
		want             []string
	}{
		{"ranked: exact, prefix, contains, elsewhere", "launch", "all", 20, []string{
			"task:Launch:4", "tag:launch:4", "project:Launch Week:3", "task:Plan the launch:2", "task:Buy milk:1"}},
		{"tasks only", " LAUNCH ", "tasks", 20, []string{"task:Launch:4", "task:Plan the launch:2", "task:Buy milk:1"}},
		{"singular kind", "launch", "project", 20, []string{"project:Launch Week:3"}},
		{"limit", "launch", "all", 2, nil},
		{"default limit and kind", "launch", "", nil, nil},
		{"one character finds nothing", "l", "all", 20, []string{}},
		{"markup stripped", "<launch>", "tags", 20, []string{"tag:launch:4"}},
		{"percent is literal", "100%", "all", 20, []string{"task:Plan the launch:1"}},
		{"underscore is literal", "n_v", "all", 20, []string{"task:Plan the launch:1"}},
		{"wildcards alone find nothing", "%_", "all", 20, []string{}},
		{"unknown kind finds nothing", "launch", "notes", 20, []string{}},
		{"over 200 characters is cut", strings.Repeat("x", 300), "all", 20, []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := search(w.owner, c.term, c.kind, c.limit)
			must(t, err)
			switch c.name {
			case "limit":
				if len(got) != 2 {
					t.Errorf("%d results, want 2", len(got))
				}
				return
			case "default limit and kind":
				if len(got) != 5 {
					t.Errorf("%d results, want 5", len(got))
				}
				return
			}
			if got == nil {
				got = []string{}
			}
			if diff := cmp.Diff(c.want, got); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// Others find only what they may read.
	got, err := search(w.stranger, "launch", "all", 20)
	must(t, err)
	if len(got) != 0 {
		t.Errorf("stranger found %v", got)
	}
	got, err = search(w.member, "shared", "all", 50)
	must(t, err)
	if diff := cmp.Diff([]string{"project:Shared:4", "task:member shared:2", "task:owner shared:2"}, sorted(got)); diff != "" {
		t.Errorf("member (-want +got):\n%s", diff)
	}
}

func TestSearchSnippetAndMetadata(t *testing.T) {
	t.Parallel()
	b := setup(t)
	u := b.NewUser("s@example.com", nil)
	notes := strings.Repeat("a", 100) + " the needle is here " + strings.Repeat("b", 200)
	must(t, b.Exec(u, "INSERT INTO tasks (title, notes, priority, list) VALUES ('haystack', $1, 3, 'Home')", notes))
	b.newProject(u, "Home")
	var snippet, meta string
	must(t, b.As(u, func(tx pgx.Tx) error {
		return tx.QueryRow(b.Ctx, "SELECT snippet, metadata::text FROM search_user_content('needle', 'tasks', 20)").Scan(&snippet, &meta)
	}))
	if !strings.HasPrefix(snippet, "…") || !strings.Contains(snippet, "the needle is here") || !strings.HasSuffix(snippet, "…") || len([]rune(snippet)) > 162 {
		t.Errorf("snippet %q", snippet)
	}
	if !strings.Contains(meta, `"priority": 3`) || !strings.Contains(meta, `"is_completed": false`) {
		t.Errorf("metadata %s", meta)
	}
}
