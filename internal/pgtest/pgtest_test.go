package pgtest_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestCloneIsMigratedAndIsolated(t *testing.T) {
	ctx := context.Background()
	a := pgtest.New(t)
	b := pgtest.New(t)
	if a.Name == b.Name {
		t.Fatalf("two tests got the same database %s", a.Name)
	}
	var n int
	if err := a.Pool.QueryRow(ctx, "SELECT count(*) FROM daybase.schema_migrations").Scan(&n); err != nil || n == 0 {
		t.Fatalf("template not migrated: n=%d err=%v", n, err)
	}
	if _, err := a.Pool.Exec(ctx, "CREATE TABLE public.only_in_a (id int)"); err != nil {
		t.Fatal(err)
	}
	var exists bool
	if err := b.Pool.QueryRow(ctx, "SELECT to_regclass('public.only_in_a') IS NOT NULL").Scan(&exists); err != nil || exists {
		t.Fatalf("databases are not isolated: exists=%v err=%v", exists, err)
	}
}

func TestAuthenticatorSwitchesRoles(t *testing.T) {
	ctx := context.Background()
	db := pgtest.New(t)
	conn, err := pgx.Connect(ctx, db.AuthenticatorURL())
	if err != nil {
		t.Fatalf("authenticator cannot log in: %v", err)
	}
	defer conn.Close(ctx)
	for _, role := range []string{"anon", "authenticated", "service_role"} {
		var got string
		err := pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
				role, `{"sub":"8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e","role":"`+role+`","email":"a@b.co"}`); err != nil {
				return err
			}
			return tx.QueryRow(ctx, "SELECT current_user || ' ' || auth.role() || ' ' || auth.uid()::text || ' ' || auth.email()").Scan(&got)
		})
		if err != nil {
			t.Fatalf("%s: %v", role, err)
		}
		want := role + " " + role + " 8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e a@b.co"
		if got != want {
			t.Errorf("as %s: got %q, want %q", role, got, want)
		}
	}
}

// BenchmarkClone measures one template clone (goal < 150 ms). The first
// clone, which may build the template, is not timed.
func BenchmarkClone(b *testing.B) {
	pgtest.New(b)
	var total time.Duration
	for b.Loop() {
		start := time.Now()
		pgtest.New(b)
		total += time.Since(start)
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(b.N), "ms/clone")
}
