package auth

import (
	"context"
	"net/http"
	"slices"
	"testing"
	"time"

	"daybase/gateway/auth/apierr"
)

// signInAnonymously is auth-js's signInAnonymously: POST /signup with
// only data.
func (b *testBundle) signInAnonymously(t *testing.T) session {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"data": map[string]any{}}})
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	return s
}

// An anonymous user carries is_anonymous in its token, cannot set a
// password before it has an address, and becomes permanent by confirming
// one; then it signs in with the password it set.
func TestAnonymousSignInAndUpgrade(t *testing.T) {
	b := setup(t, func(c *Config) { c.AnonymousSignIns = true; c.RateLimits.EmailSend = Rate{} })
	s := b.signInAnonymously(t)
	c := b.claims(t, s.AccessToken)
	if c["is_anonymous"] != true || c["role"] != "authenticated" || c["email"] != "" {
		t.Fatalf("anonymous claims = %v", c)
	}
	if amr := c["amr"].([]any); amr[0].(map[string]any)["method"] != "anonymous" {
		t.Fatalf("amr = %v", amr)
	}
	if !s.User.IsAnonymous {
		t.Fatal("user.is_anonymous is false")
	}
	// No password without an address (GoTrue's rule).
	res := b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "correct horse battery"}})
	wantStatus(t, res, http.StatusUnprocessableEntity)

	email := uniqueEmail("upgrade")
	res = b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"email": email}})
	wantStatus(t, res, http.StatusOK)
	if m := res.object(t); m["new_email"] != email || m["is_anonymous"] != true {
		t.Fatalf("after adding an address: %s", res.Body)
	}
	_, code := b.mailLink(t, email)
	res = b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "email_change", "email": email, "token": code}})
	wantStatus(t, res, http.StatusOK)
	var up session
	res.decode(t, &up)
	if up.User.IsAnonymous || up.User.Email != email {
		t.Fatalf("after confirming: anonymous %v, email %q", up.User.IsAnonymous, up.User.Email)
	}
	if c := b.claims(t, up.AccessToken); c["is_anonymous"] != false || c["sub"] != s.User.ID {
		t.Fatalf("claims after the upgrade = %v (the same user must stay)", c)
	}
	wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: up.AccessToken, body: map[string]any{"password": "correct horse battery"}}), http.StatusOK)
	if in := b.signInPassword(t, email, "correct horse battery"); in.User.ID != s.User.ID {
		t.Fatal("the password signs in another user")
	}
}

func TestAnonymousSignInsOffByDefault(t *testing.T) {
	b := setup(t)
	wantError(t, b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"data": map[string]any{}}}),
		http.StatusUnprocessableEntity, apierr.CodeAnonymousDisabled)
	if m := b.do(t, req{method: "GET", path: "/settings"}).object(t); m["external"].(map[string]any)["anonymous_users"] != false {
		t.Fatal("settings announce anonymous sign-ins")
	}
}

// Idle anonymous users go with their data; recent ones, users with a
// session in use and permanent users stay.
func TestPruneAnonymousUsers(t *testing.T) {
	b := setup(t, func(c *Config) { c.AnonymousSignIns = true; c.AnonymousUserTTL = 30 * 24 * time.Hour })
	ctx := context.Background()
	idle := b.signInAnonymously(t).User.ID
	active := b.signInAnonymously(t).User.ID
	fresh := b.signInAnonymously(t).User.ID
	permanent := b.signUp(t, uniqueEmail("kept"), "correct horse battery").User.ID
	old := time.Now().Add(-40 * 24 * time.Hour)
	for _, id := range []string{idle, active, permanent} {
		if _, err := b.db.Pool.Exec(ctx, "UPDATE auth.users SET created_at = $2 WHERE id = $1", id, old); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range []string{idle, permanent} {
		if _, err := b.db.Pool.Exec(ctx, "UPDATE auth.sessions SET created_at = $2, updated_at = $2, refreshed_at = $2 WHERE user_id = $1", id, old); err != nil {
			t.Fatal(err)
		}
	}
	// The idle user owns a row in a public table: it goes with the user.
	if _, err := b.db.Pool.Exec(ctx, "INSERT INTO public.profiles (id) VALUES ($1) ON CONFLICT DO NOTHING", idle); err != nil {
		t.Fatal(err)
	}
	n, err := b.svc.PruneAnonymousUsers(ctx)
	if err != nil || n != 1 {
		t.Fatalf("pruned %d, %v; want 1", n, err)
	}
	var left []string
	rows, _ := b.db.Pool.Query(ctx, "SELECT id::text FROM auth.users ORDER BY created_at")
	for rows.Next() {
		var id string
		rows.Scan(&id)
		left = append(left, id)
	}
	if len(left) != 3 || slices.Contains(left, idle) {
		t.Fatalf("users left %v; idle %s must go, %s %s %s stay", left, idle, active, fresh, permanent)
	}
	if got := b.queryString(t, "SELECT count(*)::text FROM public.profiles WHERE id = $1", idle); got != "0" {
		t.Fatal("the idle user's profile stayed")
	}
	// TTL 0 keeps everyone.
	b.svc.cfg.AnonymousUserTTL = 0
	if _, err := b.db.Pool.Exec(ctx, "UPDATE auth.sessions SET created_at = $1, updated_at = $1, refreshed_at = $1", old); err != nil {
		t.Fatal(err)
	}
	if n, err := b.svc.PruneAnonymousUsers(ctx); n != 0 || err != nil {
		t.Fatalf("TTL 0 pruned %d, %v", n, err)
	}
}
