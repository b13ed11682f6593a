package auth

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"daybase/gateway/auth/apierr"
)

func TestAdminNeedsServiceRole(t *testing.T) {
	b := setup(t)
	user := b.signUp(t, uniqueEmail("plain"), "hunter-two-2")
	tests := []struct {
		name   string
		rq     req
		status int
		code   apierr.Code
	}{
		{"anon key", req{method: "GET", path: "/admin/users", bearer: b.anonKey}, 403, apierr.CodeNotAdmin},
		{"user token", req{method: "GET", path: "/admin/users", bearer: user.AccessToken}, 403, apierr.CodeNotAdmin},
		{"bad token", req{method: "GET", path: "/admin/users", bearer: "nope"}, 403, apierr.CodeBadJWT},
		{"anon apikey, no bearer", req{method: "GET", path: "/admin/users"}, 401, apierr.CodeNoAuthorization},
		{"invite as user", req{method: "POST", path: "/invite", bearer: user.AccessToken, body: map[string]any{"email": "x@example.test"}}, 403, apierr.CodeNotAdmin},
		{"generate_link as anon", req{method: "POST", path: "/admin/generate_link", bearer: b.anonKey, body: map[string]any{}}, 403, apierr.CodeNotAdmin},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			wantError(t, b.do(t, tt.rq), tt.status, tt.code)
		})
	}
}

func TestAdminUsers(t *testing.T) {
	b := setup(t)
	admin := func(method, path string, body any) response {
		return b.do(t, req{method: method, path: path, body: body, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	email := uniqueEmail("admin")
	res := admin("POST", "/admin/users", map[string]any{
		"email": email, "password": "hunter-two-2", "email_confirm": true,
		"user_metadata": map[string]any{"full_name": "Ada"}, "app_metadata": map[string]any{"plan": "pro"},
	})
	wantStatus(t, res, 200)
	var u User
	res.decode(t, &u)
	if u.EmailConfirmedAt == nil || u.UserMetadata["full_name"] != "Ada" || u.AppMetadata["plan"] != "pro" || u.AppMetadata["provider"] != "email" {
		t.Fatalf("created: %+v", u)
	}
	wantError(t, admin("POST", "/admin/users", map[string]any{"email": email}), 422, apierr.CodeEmailExists)
	// The created user signs in.
	b.signInPassword(t, email, "hunter-two-2")

	for i := range 3 {
		wantStatus(t, admin("POST", "/admin/users", map[string]any{"email": uniqueEmail("page" + string(rune('a'+i)))}), 200)
	}
	res = admin("GET", "/admin/users?page=1&per_page=2", nil)
	wantStatus(t, res, 200)
	var list struct {
		Users []User `json:"users"`
		Aud   string `json:"aud"`
	}
	res.decode(t, &list)
	if len(list.Users) != 2 || list.Aud != "authenticated" {
		t.Fatalf("page 1: %d users, aud %q", len(list.Users), list.Aud)
	}
	if got := res.Header.Get("X-Total-Count"); got != "4" {
		t.Fatalf("X-Total-Count = %q", got)
	}
	wantLink := `</admin/users?page=2&per_page=2>; rel="next", </admin/users?page=2&per_page=2>; rel="last"`
	if got := res.Header.Get("Link"); got != wantLink {
		t.Fatalf("Link = %q\nwant %q", got, wantLink)
	}

	res = admin("PUT", "/admin/users/"+u.ID, map[string]any{
		"email": "renamed-" + email, "user_metadata": map[string]any{"full_name": nil, "team": "blue"},
		"app_metadata": map[string]any{"plan": "team"}, "password": "new password", "ban_duration": "24h",
	})
	wantStatus(t, res, 200)
	var up User
	res.decode(t, &up)
	if up.Email != "renamed-"+email || up.UserMetadata["team"] != "blue" || up.UserMetadata["full_name"] != nil ||
		up.AppMetadata["plan"] != "team" || up.BannedUntil == nil || up.BannedUntil.Before(time.Now().Add(23*time.Hour)) {
		t.Fatalf("updated: %s", res.Body)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": "renamed-" + email, "password": "new password"}}),
		400, apierr.CodeUserBanned)
	wantStatus(t, admin("PUT", "/admin/users/"+u.ID, map[string]any{"ban_duration": "none"}), 200)
	b.signInPassword(t, "renamed-"+email, "new password")

	wantStatus(t, admin("GET", "/admin/users/"+u.ID, nil), 200)
	wantError(t, admin("GET", "/admin/users/00000000-0000-4000-8000-000000000000", nil), 404, apierr.CodeUserNotFound)

	// Soft delete frees the address; hard delete removes the row.
	wantStatus(t, admin("DELETE", "/admin/users/"+u.ID, map[string]any{"should_soft_delete": true}), 200)
	wantError(t, admin("GET", "/admin/users/"+u.ID, nil), 404, apierr.CodeUserNotFound)
	b.signUp(t, "renamed-"+email, "hunter-two-2")
	other := b.signUp(t, uniqueEmail("gone"), "hunter-two-2")
	wantStatus(t, admin("DELETE", "/admin/users/"+other.User.ID, map[string]any{"should_soft_delete": false}), 200)
	var n int
	b.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM auth.users WHERE id = $1", other.User.ID).Scan(&n)
	if n != 0 {
		t.Fatal("hard-deleted user still there")
	}
	// A deleted user's token is refused.
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: other.AccessToken}), 403, apierr.CodeUserNotFound)
}

func TestAdminFactors(t *testing.T) {
	b := setup(t)
	_, aal2, f := b.mfaUser(t)
	admin := func(method, path string) response {
		return b.do(t, req{method: method, path: path, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	res := admin("GET", "/admin/users/"+aal2.User.ID+"/factors")
	wantStatus(t, res, 200)
	var fs []Factor
	res.decode(t, &fs)
	if len(fs) != 1 || fs[0].ID != f.ID || fs[0].Status != "verified" {
		t.Fatalf("factors: %s", res.Body)
	}
	wantStatus(t, admin("DELETE", "/admin/users/"+aal2.User.ID+"/factors/"+f.ID), 200)
	wantError(t, admin("DELETE", "/admin/users/"+aal2.User.ID+"/factors/"+f.ID), 404, apierr.CodeMFAFactorNotFound)
}

func TestAdminGenerateLinkAndInvite(t *testing.T) {
	b := setup(t)
	admin := func(method, path string, body any) response {
		return b.do(t, req{method: method, path: path, body: body, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	email := uniqueEmail("link")
	res := admin("POST", "/admin/generate_link", map[string]any{"type": "signup", "email": email, "password": "hunter-two-2", "data": map[string]any{"x": 1}})
	wantStatus(t, res, 200)
	m := res.object(t)
	for _, k := range []string{"action_link", "email_otp", "hashed_token", "redirect_to", "verification_type", "id", "email"} {
		if m[k] == nil || m[k] == "" {
			t.Fatalf("generate_link lacks %s: %s", k, res.Body)
		}
	}
	if m["verification_type"] != "signup" || !strings.Contains(m["action_link"].(string), "/auth/v1/verify?") {
		t.Fatalf("generate_link: %s", res.Body)
	}
	// The code verifies.
	v := b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "signup", "email": email, "token": m["email_otp"]}})
	wantStatus(t, v, 200)

	wantError(t, admin("POST", "/admin/generate_link", map[string]any{"type": "recovery", "email": uniqueEmail("nobody")}), 404, apierr.CodeUserNotFound)
	wantError(t, admin("POST", "/admin/generate_link", map[string]any{"type": "bogus", "email": email}), 400, apierr.CodeValidationFailed)
	res = admin("POST", "/admin/generate_link", map[string]any{"type": "recovery", "email": email})
	wantStatus(t, res, 200)
	v = b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "recovery", "token_hash": res.object(t)["hashed_token"]}})
	wantStatus(t, v, 200)

	invited := uniqueEmail("invited")
	res = admin("POST", "/invite", map[string]any{"email": invited, "data": map[string]any{"team": "blue"}})
	wantStatus(t, res, http.StatusOK)
	if m := res.object(t); m["invited_at"] == nil || m["email"] != invited {
		t.Fatalf("invite: %s", res.Body)
	}
	mail := b.lastMail(t, invited)
	if !strings.Contains(mail, "type=invite") {
		t.Fatalf("invite mail: %s", mail)
	}
	wantError(t, admin("POST", "/invite", map[string]any{"email": email}), 422, apierr.CodeEmailExists)
}

func TestPublicEndpoints(t *testing.T) {
	b := setup(t)
	res := b.do(t, req{method: "GET", path: "/.well-known/jwks.json"})
	wantStatus(t, res, 200)
	if string(res.Body) != "{\"keys\":[]}\n" {
		t.Fatalf("jwks = %s", res.Body)
	}
	res = b.do(t, req{method: "GET", path: "/settings"})
	wantStatus(t, res, 200)
	if m := res.object(t); m["mailer_autoconfirm"] != true || m["external"].(map[string]any)["email"] != true {
		t.Fatalf("settings = %s", res.Body)
	}
	wantStatus(t, b.do(t, req{method: "GET", path: "/health"}), 200)
	wantError(t, b.do(t, req{method: "GET", path: "/nope"}), 404, apierr.CodeValidationFailed)
}
