package admins_test

import (
	"context"
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"daybase/internal/admins"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type bundle struct {
	db  *pgtest.DB
	ctx context.Context
}

func setup(t *testing.T) bundle {
	t.Helper()
	return bundle{db: pgtest.New(t), ctx: context.Background()}
}

// user creates an account with a live session and returns its id and the
// session's id.
func (b bundle) user(t *testing.T, email string) (id, session string) {
	t.Helper()
	err := b.db.Pool.QueryRow(b.ctx, `WITH u AS (INSERT INTO auth.users (email, email_confirmed_at) VALUES ($1, now()) RETURNING id)
		INSERT INTO auth.sessions (user_id) SELECT id FROM u RETURNING user_id::text, id::text`, email).Scan(&id, &session)
	if err != nil {
		t.Fatal(err)
	}
	return id, session
}

func claims(id, session, aal string) map[string]any {
	return map[string]any{"sub": id, "role": "authenticated", "session_id": session, "aal": aal}
}

func TestGrantRevokeList(t *testing.T) {
	b := setup(t)
	ada, _ := b.user(t, "ada@example.test")
	b.user(t, "bob@example.test")

	if _, err := admins.Grant(b.ctx, b.db.Pool, "nobody@example.test"); !errors.Is(err, admins.ErrNoUser) {
		t.Fatalf("grant to a missing account: %v", err)
	}
	got, err := admins.Grant(b.ctx, b.db.Pool, "ADA@example.test") // e-mails match case-insensitively
	if err != nil || got.ID != ada || got.Email != "ada@example.test" {
		t.Fatalf("grant: %+v %v", got, err)
	}
	if _, err := admins.Grant(b.ctx, b.db.Pool, "ada@example.test"); err != nil {
		t.Fatalf("second grant: %v", err)
	}
	var meta string
	b.db.Pool.QueryRow(b.ctx, `SELECT raw_app_meta_data::text FROM auth.users WHERE id = $1`, ada).Scan(&meta)
	if meta != `{"daybase_admin": true}` {
		t.Errorf("app_metadata = %s", meta)
	}

	list, err := admins.List(b.ctx, b.db.Pool)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]admins.Admin{{ID: ada, Email: "ada@example.test"}}, list); diff != "" {
		t.Errorf("list mismatch (-want +got):\n%s", diff)
	}

	r, err := admins.Revoke(b.ctx, b.db.Pool, "ada@example.test")
	if err != nil || !r.WasAdmin {
		t.Fatalf("revoke: %+v %v", r, err)
	}
	r, err = admins.Revoke(b.ctx, b.db.Pool, "ada@example.test")
	if err != nil || r.WasAdmin {
		t.Fatalf("second revoke: %+v %v", r, err)
	}
	if _, err := admins.Revoke(b.ctx, b.db.Pool, "nobody@example.test"); !errors.Is(err, admins.ErrNoUser) {
		t.Fatalf("revoke of a missing account: %v", err)
	}
	b.db.Pool.QueryRow(b.ctx, `SELECT raw_app_meta_data::text FROM auth.users WHERE id = $1`, ada).Scan(&meta)
	if meta != `{}` {
		t.Errorf("app_metadata after revoke = %s", meta)
	}
	if list, _ := admins.List(b.ctx, b.db.Pool); len(list) != 0 {
		t.Errorf("list after revoke: %+v", list)
	}
}

func TestCheck(t *testing.T) {
	b := setup(t)
	admin, adminSession := b.user(t, "admin@example.test")
	user, userSession := b.user(t, "user@example.test")
	withFactor, factorSession := b.user(t, "mfa@example.test")
	banned, bannedSession := b.user(t, "banned@example.test")
	for _, e := range []string{"admin@example.test", "mfa@example.test", "banned@example.test"} {
		if _, err := admins.Grant(b.ctx, b.db.Pool, e); err != nil {
			t.Fatal(err)
		}
	}
	exec := func(sql string, args ...any) {
		t.Helper()
		if _, err := b.db.Pool.Exec(b.ctx, sql, args...); err != nil {
			t.Fatal(err)
		}
	}
	exec(`INSERT INTO auth.mfa_factors (user_id, factor_type, status, friendly_name) VALUES ($1, 'totp', 'verified', 'app')`, withFactor)
	exec(`UPDATE auth.users SET banned_until = now() + interval '1 day' WHERE id = $1`, banned)
	// A user who wrote the claim into their own metadata (all they can reach).
	exec(`UPDATE auth.users SET raw_user_meta_data = '{"daybase_admin": true}' WHERE id = $1`, user)
	signedOut, signedOutSession := b.user(t, "gone@example.test")
	admins.Grant(b.ctx, b.db.Pool, "gone@example.test")
	exec(`DELETE FROM auth.sessions WHERE id = $1`, signedOutSession)

	forged := claims(user, userSession, "aal1")
	forged["app_metadata"] = map[string]any{admins.Claim: true}
	tests := []struct {
		name   string
		claims map[string]any
		want   error
	}{
		{"admin", claims(admin, adminSession, "aal1"), nil},
		{"user", claims(user, userSession, "aal1"), admins.ErrNotAdmin},
		{"user whose token claims admin", forged, admins.ErrNotAdmin},
		{"anon", map[string]any{"role": "anon"}, admins.ErrNotAdmin},
		{"service role", map[string]any{"role": "service_role"}, admins.ErrNotAdmin},
		{"sub not a uuid", map[string]any{"role": "authenticated", "sub": "x'; --"}, admins.ErrNotAdmin},
		{"unknown user", claims("00000000-0000-0000-0000-000000000001", adminSession, "aal1"), admins.ErrNotAdmin},
		{"admin with factor at aal1", claims(withFactor, factorSession, "aal1"), admins.ErrNeedsAAL2},
		{"admin with factor at aal2", claims(withFactor, factorSession, "aal2"), nil},
		{"banned admin", claims(banned, bannedSession, "aal1"), admins.ErrNotAdmin},
		{"signed-out session", claims(signedOut, signedOutSession, "aal1"), admins.ErrSignedOut},
		{"another user's session", claims(admin, userSession, "aal1"), admins.ErrSignedOut},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := admins.Check(b.ctx, b.db.Pool, tt.claims)
			if !errors.Is(err, tt.want) || (tt.want == nil && err != nil) {
				t.Errorf("Check = %v, want %v", err, tt.want)
			}
		})
	}

	// A revoke takes effect at the next call, whatever the token says.
	admins.Revoke(b.ctx, b.db.Pool, "admin@example.test")
	if _, err := admins.Check(b.ctx, b.db.Pool, claims(admin, adminSession, "aal1")); !errors.Is(err, admins.ErrNotAdmin) {
		t.Errorf("after revoke: %v", err)
	}
}
