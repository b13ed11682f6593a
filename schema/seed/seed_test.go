package seed_test

import (
	"context"
	"log/slog"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgtest"
	"daybase/schema/seed"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// logger writes to the test log.
func logger(t *testing.T) *slog.Logger {
	return slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// counts is what the demo account owns, table by table.
func counts(t *testing.T, ctx context.Context, pool *pgxpool.Pool) map[string]int {
	t.Helper()
	got := map[string]int{}
	for _, q := range []struct{ name, sql string }{
		{"accounts", "SELECT count(*) FROM auth.users WHERE email LIKE '%@daybase.local'"},
		{"identities", "SELECT count(*) FROM auth.identities WHERE provider = 'email' AND email LIKE '%@daybase.local'"},
		{"projects", "SELECT count(*) FROM projects"},
		{"members", "SELECT count(*) FROM project_members"},
		{"open invites", "SELECT count(*) FROM project_invites WHERE accepted_at IS NULL"},
		{"tasks", "SELECT count(*) FROM tasks"},
		{"subtasks", "SELECT count(*) FROM tasks WHERE parent_id IS NOT NULL"},
		{"smart lists", "SELECT count(*) FROM smart_lists"},
		{"tags", "SELECT count(*) FROM global_tags"},
		{"focus sessions", "SELECT count(*) FROM pomodoro_sessions"},
		{"preferences", "SELECT count(*) FROM user_preferences"},
	} {
		var n int
		if err := pool.QueryRow(ctx, q.sql).Scan(&n); err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
		got[q.name] = n
	}
	return got
}

func TestDemoIsIdempotent(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	if err := seed.Demo(ctx, db.Pool, logger(t)); err != nil {
		t.Fatal(err)
	}
	first := counts(t, ctx, db.Pool)
	want := map[string]int{
		"accounts": 2, "identities": 2, "projects": 4, "members": 5, "open invites": 1, "tasks": 28,
		"subtasks": 6, "smart lists": 9, "tags": 9, "focus sessions": 5, "preferences": 5,
	}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("after the first run (-want +got):\n%s", diff)
	}
	if err := seed.Demo(ctx, db.Pool, logger(t)); err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(first, counts(t, ctx, db.Pool)); diff != "" {
		t.Errorf("the second run changed data (-first +second):\n%s", diff)
	}
}

func TestDemoAccountSignsInAndSeesItsData(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	if err := seed.Demo(ctx, db.Pool, logger(t)); err != nil {
		t.Fatal(err)
	}
	var id string
	var passwordOK, confirmed bool
	var identity string
	err := db.Pool.QueryRow(ctx, `SELECT u.id::text, u.encrypted_password = extensions.crypt($2, u.encrypted_password),
		u.email_confirmed_at IS NOT NULL, i.provider_id || ' ' || (i.identity_data ->> 'sub') || ' ' || (i.identity_data ->> 'email')
		FROM auth.users u JOIN auth.identities i ON i.user_id = u.id AND i.provider = 'email' WHERE u.email = $1`,
		seed.DemoEmail, seed.DemoPassword).Scan(&id, &passwordOK, &confirmed, &identity)
	if err != nil {
		t.Fatal(err)
	}
	if !passwordOK || !confirmed || identity != id+" "+id+" "+seed.DemoEmail {
		t.Errorf("password ok %v, confirmed %v, identity %q", passwordOK, confirmed, identity)
	}

	// As the demo user through the API role: its tasks plus Sam's in the
	// shared project, all inside the Free plan's caps.
	api := db.AuthenticatorPool(t)
	var got string
	err = pgx.BeginFunc(ctx, api, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true)",
			`{"sub":"`+id+`","role":"authenticated","email":"`+seed.DemoEmail+`"}`); err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT concat_ws(' ',
			(SELECT count(*) FROM user_accessible_tasks_with_project),
			(SELECT count(*) FROM user_accessible_tasks_with_project WHERE NOT is_owner),
			(SELECT string_agg(name || ':' || user_role || ':' || is_shared, ',' ORDER BY sort_order) FROM user_accessible_projects))`).Scan(&got)
	})
	if err != nil {
		t.Fatal(err)
	}
	want := "28 3 Website Relaunch:owner:true,Personal:owner:false,Home Renovation:owner:false,Learning Go:owner:false"
	if got != want {
		t.Errorf("as the demo user:\n got %s\nwant %s", got, want)
	}
}
