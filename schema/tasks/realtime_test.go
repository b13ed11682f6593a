package tasks_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestRealtimePublication(t *testing.T) {
	t.Parallel()
	b := setup(t)
	var got []string
	rows, err := b.DB.Pool.Query(b.Ctx, `SELECT t.tablename || ':' || c.relreplident::text
		FROM pg_publication_tables t
		JOIN pg_class c ON c.oid = (quote_ident(t.schemaname) || '.' || quote_ident(t.tablename))::regclass
		WHERE t.pubname = 'supabase_realtime' AND t.tablename IN
		  ('pomodoro_sessions', 'smart_lists', 'projects', 'project_members', 'project_invites', 'tasks')
		ORDER BY 1`)
	must(t, err)
	for rows.Next() {
		var s string
		must(t, rows.Scan(&s))
		got = append(got, s)
	}
	must(t, rows.Err())
	// 'f': REPLICA IDENTITY FULL.
	want := []string{"pomodoro_sessions:f", "project_invites:f", "project_members:f", "projects:f", "smart_lists:f", "tasks:f"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("publication (-want +got):\n%s", diff)
	}
}
