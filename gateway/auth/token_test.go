package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5/pgconn"
	"golang.org/x/crypto/bcrypt"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/wire"
)

func TestSignUpReturnsSessionWithClaims(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("signup")
	res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{
		"email": email, "password": "hunter-two-2", "data": map[string]any{"full_name": "Ada"},
		"gotrue_meta_security": map[string]any{}, "code_challenge": nil, "code_challenge_method": nil,
	}})
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	if s.TokenType != "bearer" || s.ExpiresIn != 3600 || s.RefreshToken == "" {
		t.Fatalf("session fields: %+v", s)
	}
	if s.User.Email != email || s.User.EmailConfirmedAt == nil || s.User.UserMetadata["full_name"] != "Ada" {
		t.Fatalf("user: %+v", s.User)
	}
	if len(s.User.Identities) != 1 || s.User.Identities[0].Provider != "email" || s.User.Identities[0].ID != s.User.ID {
		t.Fatalf("identities: %+v", s.User.Identities)
	}
	c := b.claims(t, s.AccessToken)
	for k, want := range map[string]any{
		"iss": "http://daybase.test/auth/v1", "sub": s.User.ID, "aud": "authenticated", "email": email,
		"phone": "", "role": "authenticated", "aal": "aal1", "is_anonymous": false,
	} {
		if c[k] != want {
			t.Errorf("claim %s = %v, want %v", k, c[k], want)
		}
	}
	amr, _ := c["amr"].([]any)
	if len(amr) != 1 || amr[0].(map[string]any)["method"] != "password" {
		t.Errorf("amr = %v", c["amr"])
	}
	if c["session_id"] == "" || c["app_metadata"].(map[string]any)["provider"] != "email" {
		t.Errorf("claims = %v", c)
	}
	if exp, iat := c["exp"].(float64), c["iat"].(float64); exp-iat != 3600 {
		t.Errorf("exp - iat = %v", exp-iat)
	}
	// The raw JSON keeps the keys GoTrue always sends.
	m := res.object(t)["user"].(map[string]any)
	for _, k := range []string{"id", "aud", "role", "email", "phone", "app_metadata", "user_metadata", "identities", "created_at", "updated_at", "is_anonymous"} {
		if _, ok := m[k]; !ok {
			t.Errorf("user JSON lacks %q", k)
		}
	}
	if _, ok := m["factors"]; ok {
		t.Errorf("factors present without factors: %v", m["factors"])
	}
}

func TestSignUpErrors(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("dup")
	b.signUp(t, email, "hunter-two-2")
	tests := []struct {
		name   string
		body   any
		status int
		code   apierr.Code
	}{
		{"existing user", map[string]any{"email": email, "password": "hunter-two-2"}, 422, apierr.CodeUserAlreadyExists},
		{"existing user, other case", map[string]any{"email": "  " + upper(email), "password": "hunter-two-2"}, 422, apierr.CodeUserAlreadyExists},
		{"weak password", map[string]any{"email": uniqueEmail("weak"), "password": "abc"}, 422, apierr.CodeWeakPassword},
		{"password too long", map[string]any{"email": uniqueEmail("long"), "password": string(make([]byte, 73))}, 400, apierr.CodeValidationFailed},
		{"bad email", map[string]any{"email": "not-an-email", "password": "hunter-two-2"}, 400, apierr.CodeEmailAddressInvalid},
		{"no password", map[string]any{"email": uniqueEmail("nopw")}, 400, apierr.CodeValidationFailed},
		{"phone", map[string]any{"phone": "+15555550100", "password": "hunter-two-2"}, 422, apierr.CodePhoneProviderDisabled},
		{"anonymous disabled", map[string]any{"data": map[string]any{}}, 422, apierr.CodeAnonymousDisabled},
		{"bad json", "{nope", 400, apierr.CodeBadJSON},
		{"bad pkce", map[string]any{"email": uniqueEmail("pkce"), "password": "hunter-two-2", "code_challenge": "short", "code_challenge_method": "s256"}, 400, apierr.CodeValidationFailed},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := b.do(t, req{method: "POST", path: "/signup", body: tt.body})
			wantError(t, res, tt.status, tt.code)
		})
	}
	// Issue 17, finding 7: at least 8 characters, and none of the most
	// common passwords, in GoTrue's weak_password shape (code, message,
	// weak_password.reasons).
	for _, tt := range []struct {
		password string
		reasons  []any
		msg      string
	}{
		{"x7q-z", []any{"length"}, "Password should be at least 8 characters."},
		{"x7q-z9k", []any{"length"}, "Password should be at least 8 characters."},
		{"Password1", []any{"pwned"}, "Password is known to be weak and easy to guess, please choose a different one."},
		{"QWERTYUIOP", []any{"pwned"}, "Password is known to be weak and easy to guess, please choose a different one."},
		{"abc123", []any{"length", "pwned"},
			"Password should be at least 8 characters. Password is known to be weak and easy to guess, please choose a different one."},
	} {
		t.Run("weak password "+tt.password, func(t *testing.T) {
			res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": uniqueEmail("weak"), "password": tt.password}})
			wantError(t, res, 422, apierr.CodeWeakPassword)
			m := res.object(t)
			want := map[string]any{"code": "weak_password", "error_code": "weak_password", "message": tt.msg,
				"weak_password": map[string]any{"reasons": tt.reasons}}
			if diff := cmp.Diff(want, m); diff != "" {
				t.Fatalf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// A password that is neither short nor common passes.
	wantStatus(t, b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": uniqueEmail("strong"), "password": "x7q-z9k!"}}), 200)
}

func upper(s string) string {
	out := []byte(s)
	for i, c := range out {
		if c >= 'a' && c <= 'z' {
			out[i] = c - 32
		}
	}
	return string(out)
}

func TestPasswordGrant(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("pw")
	b.signUp(t, email, "correct horse")
	s := b.signInPassword(t, email, "correct horse")
	if s.User.LastSignInAt == nil || s.User.Email != email {
		t.Fatalf("user: %+v", s.User)
	}
	wrong := b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": "wrong!!"}})
	wantError(t, wrong, 400, apierr.CodeInvalidCredentials)
	unknown := b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": uniqueEmail("nobody"), "password": "wrong!!"}})
	wantError(t, unknown, 400, apierr.CodeInvalidCredentials)
	if string(wrong.object(t)["message"].(string)) != unknown.object(t)["message"].(string) {
		t.Fatalf("unknown e-mail and wrong password answer differently: %s vs %s", wrong.Body, unknown.Body)
	}
	grant := b.do(t, req{method: "POST", path: "/token?grant_type=magic", body: map[string]any{}})
	wantError(t, grant, 400, apierr.CodeInvalidCredentials)
}

func TestPasswordGrantNeedsConfirmedEmail(t *testing.T) {
	b := setup(t, func(c *Config) { c.Autoconfirm = false })
	email := uniqueEmail("unconfirmed")
	res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": "hunter-two-2"}})
	wantStatus(t, res, 200)
	m := res.object(t)
	if m["id"] == nil || m["access_token"] != nil || m["confirmation_sent_at"] == nil {
		t.Fatalf("want a flat unconfirmed user, got %s", res.Body)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": "hunter-two-2"}}),
		400, apierr.CodeEmailNotConfirmed)
}

func TestRefreshRotation(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("refresh")
	s0 := b.signUp(t, email, "hunter-two-2")
	refresh := func(tok string) response {
		return b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": tok}})
	}

	res := refresh(s0.RefreshToken)
	wantStatus(t, res, 200)
	var s1 session
	res.decode(t, &s1)
	if s1.RefreshToken == s0.RefreshToken || s1.RefreshToken == "" {
		t.Fatalf("refresh token not rotated: %q", s1.RefreshToken)
	}
	c0, c1 := b.claims(t, s0.AccessToken), b.claims(t, s1.AccessToken)
	if c0["session_id"] != c1["session_id"] || c1["aal"] != "aal1" {
		t.Fatalf("session changed across refresh: %v -> %v", c0["session_id"], c1["session_id"])
	}

	// The parent of the active token answers the active token (the client
	// lost the last answer).
	res = refresh(s0.RefreshToken)
	wantStatus(t, res, 200)
	var again session
	res.decode(t, &again)
	if again.RefreshToken != s1.RefreshToken {
		t.Fatalf("parent of the active token gave %q, want the active %q", again.RefreshToken, s1.RefreshToken)
	}

	// Rotate once more: s0 is now a grandparent, still inside the reuse
	// interval, so it gets a fresh child.
	res = refresh(s1.RefreshToken)
	wantStatus(t, res, 200)
	var s2 session
	res.decode(t, &s2)
	res = refresh(s0.RefreshToken)
	wantStatus(t, res, 200)
	var d session
	res.decode(t, &d)
	if d.RefreshToken == s2.RefreshToken || d.RefreshToken == s1.RefreshToken {
		t.Fatalf("reuse within the interval did not issue a fresh child")
	}

	// Past the interval, reusing s1 (revoked, not the active token's
	// parent) revokes the whole family.
	b.db.Pool.Exec(context.Background(), "UPDATE auth.refresh_tokens SET updated_at = now() - interval '11 seconds' WHERE token = $1", s1.RefreshToken)
	wantError(t, refresh(s1.RefreshToken), 400, apierr.CodeRefreshTokenAlreadyUsed)
	var live int
	b.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM auth.refresh_tokens WHERE session_id = $1 AND NOT revoked", c0["session_id"]).Scan(&live)
	if live != 0 {
		t.Fatalf("%d tokens of the session still live after reuse", live)
	}
	wantError(t, refresh(s2.RefreshToken), 400, apierr.CodeRefreshTokenAlreadyUsed)
	wantError(t, refresh(d.RefreshToken), 400, apierr.CodeRefreshTokenAlreadyUsed)

	wantError(t, refresh("no-such-token"), 400, apierr.CodeRefreshTokenNotFound)
	empty := refresh("")
	wantStatus(t, empty, 400)
	if m := empty.object(t); m["error"] != "invalid_request" || m["error_description"] != "refresh_token required" {
		t.Fatalf("empty token: %s", empty.Body)
	}
}

// TestReuseDetectionEndsAccessTokens is issue 17's finding 3: a thief who
// replays a stolen refresh token gets the session ended, and the session's
// access tokens — the thief's as well as the owner's — are refused at once
// for the account endpoints, as after sign-out, not when they expire.
func TestReuseDetectionEndsAccessTokens(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("reuse")
	owner := b.signUp(t, email, "correct horse 1")
	refresh := func(tok string) response {
		return b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": tok}})
	}
	// The thief copied the refresh token and uses it first, and once more
	// (the copied token is then no longer the parent of the live one,
	// which would be handed back as a lost answer).
	res := refresh(owner.RefreshToken)
	wantStatus(t, res, 200)
	var thief session
	res.decode(t, &thief)
	res = refresh(thief.RefreshToken)
	wantStatus(t, res, 200)
	res.decode(t, &thief)
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: thief.AccessToken}), 200)

	// The owner's client refreshes with the same (now old) token after the
	// reuse interval: reuse detected, the session ends.
	b.db.Pool.Exec(context.Background(), "UPDATE auth.refresh_tokens SET updated_at = now() - interval '11 seconds' WHERE token = $1", owner.RefreshToken)
	wantError(t, refresh(owner.RefreshToken), 400, apierr.CodeRefreshTokenAlreadyUsed)

	for _, tok := range []string{thief.AccessToken, owner.AccessToken} {
		wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: tok}), 403, apierr.CodeSessionNotFound)
		wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: tok, body: map[string]any{"password": "the thief's own pass"}}),
			403, apierr.CodeSessionNotFound)
	}
	// The password is unchanged: the owner still signs in with it.
	b.signInPassword(t, email, "correct horse 1")
}

// TestRefreshTokensGoWithTheirSession: since 0773 no foreign key ties a
// refresh token to its session; a trigger deletes the tokens of every
// session that goes, as the key's ON DELETE CASCADE did: sign-out, a
// user's hard delete (which cascades to the sessions) and plain SQL.
func TestRefreshTokensGoWithTheirSession(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	tokensOf := func(userID string) int {
		t.Helper()
		var n int
		if err := b.db.Pool.QueryRow(ctx, "SELECT count(*) FROM auth.refresh_tokens WHERE user_id = $1", userID).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	refresh := func(tok string) session {
		t.Helper()
		res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": tok}})
		wantStatus(t, res, 200)
		var s session
		res.decode(t, &s)
		return s
	}
	kept := b.signUp(t, uniqueEmail("kept"), "hunter-two-2")
	refresh(kept.RefreshToken)

	out := b.signUp(t, uniqueEmail("signout"), "hunter-two-2")
	s1 := refresh(out.RefreshToken)
	if n := tokensOf(out.User.ID); n != 2 {
		t.Fatalf("%d tokens after one refresh, want 2", n)
	}
	wantStatus(t, b.do(t, req{method: "POST", path: "/logout", bearer: s1.AccessToken}), 204)
	if n := tokensOf(out.User.ID); n != 0 {
		t.Fatalf("%d tokens left after sign-out", n)
	}

	gone := b.signUp(t, uniqueEmail("deleted"), "hunter-two-2")
	refresh(gone.RefreshToken)
	admin := b.do(t, req{method: "DELETE", path: "/admin/users/" + gone.User.ID, bearer: b.serviceKey, body: map[string]any{"should_soft_delete": false}})
	wantStatus(t, admin, 200)
	if n := tokensOf(gone.User.ID); n != 0 {
		t.Fatalf("%d tokens left after the user was deleted", n)
	}

	bySQL := b.signUp(t, uniqueEmail("sql"), "hunter-two-2")
	if _, err := b.db.Pool.Exec(ctx, "DELETE FROM auth.sessions WHERE user_id = $1", bySQL.User.ID); err != nil {
		t.Fatal(err)
	}
	if n := tokensOf(bySQL.User.ID); n != 0 {
		t.Fatalf("%d tokens left after DELETE FROM auth.sessions", n)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": bySQL.RefreshToken}}),
		400, apierr.CodeRefreshTokenNotFound)

	// The other user's tokens are untouched.
	if n := tokensOf(kept.User.ID); n != 2 {
		t.Fatalf("another user's tokens: %d, want 2", n)
	}
}

func TestRefreshSeesMetadataChanges(t *testing.T) {
	b := setup(t)
	s0 := b.signUp(t, uniqueEmail("meta"), "hunter-two-2")
	res := b.do(t, req{method: "PUT", path: "/user", bearer: s0.AccessToken, body: map[string]any{"data": map[string]any{"full_name": "Grace"}}})
	wantStatus(t, res, 200)
	res = b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}})
	wantStatus(t, res, 200)
	var s1 session
	res.decode(t, &s1)
	if md := b.claims(t, s1.AccessToken)["user_metadata"].(map[string]any); md["full_name"] != "Grace" {
		t.Fatalf("user_metadata after refresh = %v", md)
	}
}

// Concurrent refreshes of one token all succeed with the same child: the
// row lock serialises them and the losers get the active token back.
func TestRefreshConcurrentSameToken(t *testing.T) {
	b := setup(t)
	s0 := b.signUp(t, uniqueEmail("race"), "hunter-two-2")
	const n = 8
	var wg sync.WaitGroup
	tokens := make([]string, n)
	statuses := make([]int, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}})
			statuses[i] = res.Status
			var s session
			if res.Status == 200 {
				res.decode(t, &s)
			}
			tokens[i] = s.RefreshToken
		}()
	}
	wg.Wait()
	for i := range n {
		if statuses[i] != 200 || tokens[i] != tokens[0] {
			t.Fatalf("refresh %d: status %d token %q, first %q", i, statuses[i], tokens[i], tokens[0])
		}
	}
	var children int
	b.db.Pool.QueryRow(context.Background(), "SELECT count(*) FROM auth.refresh_tokens WHERE parent = $1", s0.RefreshToken).Scan(&children)
	if children != 1 {
		t.Fatalf("%d children of one token, want 1", children)
	}
}

func TestSessionTimebox(t *testing.T) {
	b := setup(t, func(c *Config) { c.SessionTimebox = time.Hour })
	s0 := b.signUp(t, uniqueEmail("timebox"), "hunter-two-2")
	sid := b.claims(t, s0.AccessToken)["session_id"]
	b.db.Pool.Exec(context.Background(), "UPDATE auth.sessions SET not_after = now() - interval '1 second' WHERE id = $1", sid)
	res := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}})
	wantError(t, res, 400, apierr.CodeSessionExpired)
}

func TestRefreshBannedUser(t *testing.T) {
	b := setup(t)
	s0 := b.signUp(t, uniqueEmail("banned"), "hunter-two-2")
	b.db.Pool.Exec(context.Background(), "UPDATE auth.users SET banned_until = now() + interval '1 hour' WHERE id = $1", s0.User.ID)
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}}),
		400, apierr.CodeUserBanned)
	b.db.Pool.Exec(context.Background(), "UPDATE auth.users SET banned_until = NULL WHERE id = $1", s0.User.ID)
	// The refused attempt revoked the token; within the reuse interval it
	// still gets a child once the ban is lifted.
	wantStatus(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}}), 200)
}

// Accounts are plain INSERTs into auth.users, so triggers there (the app's
// profile rows) fire for every way an account is made.
func TestNewUsersFireTriggers(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	if _, err := b.db.Pool.Exec(ctx, `
		CREATE TABLE public.zz_new_users (id uuid PRIMARY KEY, email text);
		CREATE FUNCTION public.zz_log_user() RETURNS trigger LANGUAGE plpgsql AS
		  $$ BEGIN INSERT INTO public.zz_new_users VALUES (NEW.id, NEW.email); RETURN NULL; END $$;
		CREATE TRIGGER zz_log_user AFTER INSERT ON auth.users FOR EACH ROW EXECUTE FUNCTION public.zz_log_user();`); err != nil {
		t.Fatal(err)
	}
	s := b.signUp(t, uniqueEmail("trigger"), "hunter-two-2")
	res := b.do(t, req{method: "POST", path: "/admin/users", apikey: b.serviceKey, bearer: b.serviceKey, body: map[string]any{"email": uniqueEmail("admin-made")}})
	wantStatus(t, res, 200)
	var n int
	b.db.Pool.QueryRow(ctx, "SELECT count(*) FROM public.zz_new_users WHERE id = $1 OR id = $2", s.User.ID, res.object(t)["id"]).Scan(&n)
	if n != 2 {
		t.Fatalf("trigger saw %d of 2 new users", n)
	}
}

// An unknown e-mail costs one bcrypt comparison at the configured cost, as
// a known one does, so timing does not reveal which accounts exist.
func TestUnknownEmailComparesAtTheConfiguredCost(t *testing.T) {
	b := setup(t, func(c *Config) { c.BcryptCost = 5 })
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=password",
		body: map[string]any{"email": uniqueEmail("ghost"), "password": "whatever"}}), 400, apierr.CodeInvalidCredentials)
	if cost, err := bcrypt.Cost(b.svc.dummyHash()); err != nil || cost != 5 {
		t.Fatalf("dummy hash cost %d (%v), want the configured 5", cost, err)
	}
}

// The access token's claims struct must encode exactly as the map of the
// same claims did, keys sorted, so tokens stay byte for byte the same.
func TestAccessClaimsEncodeLikeAMap(t *testing.T) {
	c := wire.AccessClaims{AAL: "aal2", AMR: []wire.AMREntry{{Method: "totp", Timestamp: 2}, {Method: "password", Timestamp: 1}},
		AppMetadata: map[string]any{"providers": []any{"email"}, "provider": "email"}, Aud: "authenticated",
		Email: "a@example.test", Exp: 2, Iat: 1, IsAnonymous: true, Iss: "http://x/auth/v1", Phone: "",
		Role: "authenticated", SessionID: "s", Sub: "u", UserMetadata: map[string]any{"b": 1.5, "a": "<&>"}}
	m := map[string]any{"aal": c.AAL, "amr": c.AMR, "app_metadata": c.AppMetadata, "aud": c.Aud, "email": c.Email,
		"exp": c.Exp, "iat": c.Iat, "is_anonymous": c.IsAnonymous, "iss": c.Iss, "phone": c.Phone, "role": c.Role,
		"session_id": c.SessionID, "sub": c.Sub, "user_metadata": c.UserMetadata}
	got, _ := json.Marshal(c)
	want, _ := json.Marshal(m)
	if string(got) != string(want) {
		t.Fatalf("claims\n got %s\nwant %s", got, want)
	}
	// The raw metadata fields (a kept answer's bytes) are never encoded.
	encoded := 0
	for f := range reflect.TypeOf(c).Fields() {
		if f.Tag.Get("json") != "-" {
			encoded++
		}
	}
	if encoded != len(m) {
		t.Fatalf("wire.AccessClaims has %d encoded fields, the test %d", encoded, len(m))
	}
}

// TestRefreshAnswerUser: the user object of a refresh answer carries the
// account as the tables hold it — metadata, every identity and every
// factor with their fields, in created_at order — and is byte for byte
// the object GET /user answers. The expectation is read from the tables
// with plain SQL, not with the statement the answer comes from, so a
// change of how the grant builds the user row (issue 24, w/i24i: arrays
// instead of json_agg) cannot move it unnoticed.
func TestRefreshAnswerUser(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	s0 := b.signUp(t, uniqueEmail("answer"), "hunter-two-2")
	uid := s0.User.ID
	res := b.do(t, req{method: "PUT", path: "/user", bearer: s0.AccessToken, body: map[string]any{"data": map[string]any{
		"full_name": "Grace \"Q\" Hopper", "nested": map[string]any{"list": []any{1, 2.5, map[string]any{"none": nil}}}, "unicode": "é ✓"}}})
	wantStatus(t, res, 200)
	for _, sql := range []string{
		`UPDATE auth.users SET raw_app_meta_data = raw_app_meta_data || '{"plan": {"tier": "pro", "seats": 3}}' WHERE id = $1`,
		`INSERT INTO auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
		 VALUES ('gh-4711', $1, '{"sub": "gh-4711", "email": "Grace@Example.test", "user_name": "grace", "orgs": ["a", "b"], "meta": {"x": 1}}',
		         'github', '2026-01-02 03:04:05.123456+00', now() + interval '1 second', now() + interval '2 seconds')`,
		`INSERT INTO auth.mfa_factors (user_id, friendly_name, factor_type, status, secret, last_challenged_at, created_at)
		 VALUES ($1, 'Phone app', 'totp', 'verified', 'JBSWY3DPEHPK3PXP', '2026-03-04 05:06:07.5+00', now() + interval '3 seconds')`,
		`INSERT INTO auth.mfa_factors (user_id, factor_type, created_at) VALUES ($1, 'webauthn', now() + interval '4 seconds')`,
	} {
		if _, err := b.db.Pool.Exec(ctx, sql, uid); err != nil {
			t.Fatal(err)
		}
	}

	res = b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s0.RefreshToken}})
	wantStatus(t, res, 200)
	var answer struct {
		AccessToken string          `json:"access_token"`
		User        json.RawMessage `json:"user"`
	}
	res.decode(t, &answer)
	me := b.do(t, req{method: "GET", path: "/user", bearer: answer.AccessToken})
	wantStatus(t, me, 200)
	if !bytes.Equal(answer.User, bytes.TrimSpace(me.Body)) {
		t.Fatalf("refresh answer's user\n%s\ndiffers from GET /user\n%s", answer.User, me.Body)
	}

	var user map[string]any
	if err := json.Unmarshal(answer.User, &user); err != nil {
		t.Fatal(err)
	}
	// want compares a field of the answer with a column's value: times as
	// instants, JSON as decoded values, the rest as strings.
	want := func(what string, got any, col any) {
		t.Helper()
		switch c := col.(type) {
		case *time.Time:
			if c == nil {
				if got != nil {
					t.Errorf("%s = %v, want null", what, got)
				}
				return
			}
			g, err := time.Parse(time.RFC3339Nano, fmt.Sprint(got))
			if err != nil || !g.Equal(*c) {
				t.Errorf("%s = %v, want %v", what, got, c)
			}
		case []byte:
			var v any
			if err := json.Unmarshal(c, &v); err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, v) {
				t.Errorf("%s = %v, want %v", what, got, v)
			}
		default:
			if fmt.Sprint(got) != fmt.Sprint(c) {
				t.Errorf("%s = %v, want %v", what, got, c)
			}
		}
	}
	var appMeta, userMeta []byte
	if err := b.db.Pool.QueryRow(ctx, "SELECT raw_app_meta_data, raw_user_meta_data FROM auth.users WHERE id = $1", uid).Scan(&appMeta, &userMeta); err != nil {
		t.Fatal(err)
	}
	want("app_metadata", user["app_metadata"], appMeta)
	want("user_metadata", user["user_metadata"], userMeta)

	rows, err := b.db.Pool.Query(ctx, `SELECT id::text, provider_id, user_id::text, identity_data, provider, coalesce(email, ''),
		last_sign_in_at, created_at, updated_at FROM auth.identities WHERE user_id = $1 ORDER BY created_at`, uid)
	if err != nil {
		t.Fatal(err)
	}
	identities, _ := user["identities"].([]any)
	n := 0
	for ; rows.Next(); n++ {
		var id, providerID, userID, provider, email string
		var data []byte
		var last *time.Time
		var created, updated time.Time
		if err := rows.Scan(&id, &providerID, &userID, &data, &provider, &email, &last, &created, &updated); err != nil {
			t.Fatal(err)
		}
		if n >= len(identities) {
			t.Fatalf("answer has %d identities, the table more", len(identities))
		}
		got := identities[n].(map[string]any)
		for _, f := range []struct {
			key string
			col any
		}{{"identity_id", id}, {"id", providerID}, {"user_id", userID}, {"identity_data", data}, {"provider", provider},
			{"email", email}, {"last_sign_in_at", last}, {"created_at", &created}, {"updated_at", &updated}} {
			want(fmt.Sprintf("identities[%d].%s", n, f.key), got[f.key], f.col)
		}
	}
	if rows.Err() != nil || n != 2 || len(identities) != 2 {
		t.Fatalf("identities: %d rows, %d in the answer (%v)", n, len(identities), rows.Err())
	}

	rows, err = b.db.Pool.Query(ctx, `SELECT id::text, coalesce(friendly_name, ''), factor_type, status, created_at, updated_at,
		last_challenged_at FROM auth.mfa_factors WHERE user_id = $1 ORDER BY created_at`, uid)
	if err != nil {
		t.Fatal(err)
	}
	factors, _ := user["factors"].([]any)
	n = 0
	for ; rows.Next(); n++ {
		var id, name, typ, status string
		var created, updated time.Time
		var challenged *time.Time
		if err := rows.Scan(&id, &name, &typ, &status, &created, &updated, &challenged); err != nil {
			t.Fatal(err)
		}
		if n >= len(factors) {
			t.Fatalf("answer has %d factors, the table more", len(factors))
		}
		got := factors[n].(map[string]any)
		var friendly any = name
		if name == "" {
			friendly = nil // the answer leaves an unnamed factor's name out, as GoTrue does
		}
		for _, f := range []struct {
			key string
			col any
		}{{"id", id}, {"friendly_name", friendly}, {"factor_type", typ}, {"status", status},
			{"created_at", &created}, {"updated_at", &updated}, {"last_challenged_at", challenged}} {
			want(fmt.Sprintf("factors[%d].%s", n, f.key), got[f.key], f.col)
		}
		if _, ok := got["secret"]; ok {
			t.Errorf("factors[%d] carries its secret", n)
		}
	}
	if rows.Err() != nil || n != 2 || len(factors) != 2 {
		t.Fatalf("factors: %d rows, %d in the answer (%v)", n, len(factors), rows.Err())
	}
}

// TestSessionAALStaysChecked: since 0777 a domain, not a table CHECK,
// keeps auth.sessions.aal to aal1/aal2/aal3; an INSERT or an UPDATE that
// sets another value is still refused, and one that leaves aal alone
// (a refresh's stamp) passes.
func TestSessionAALStaysChecked(t *testing.T) {
	b := setup(t)
	ctx := context.Background()
	s := b.signUp(t, uniqueEmail("aal"), "hunter-two-2")
	sid := b.claims(t, s.AccessToken)["session_id"]
	for _, sql := range []string{
		"UPDATE auth.sessions SET aal = 'aal9' WHERE id = $1",
		"INSERT INTO auth.sessions (user_id, aal) SELECT user_id, 'root' FROM auth.sessions WHERE id = $1",
	} {
		_, err := b.db.Pool.Exec(ctx, sql, sid)
		if pe := (*pgconn.PgError)(nil); !errors.As(err, &pe) || pe.Code != "23514" {
			t.Fatalf("%s: %v, want a check violation", sql, err)
		}
	}
	if _, err := b.db.Pool.Exec(ctx, "UPDATE auth.sessions SET aal = 'aal2' WHERE id = $1", sid); err != nil {
		t.Fatal(err)
	}
	var aal string
	if err := b.db.Pool.QueryRow(ctx, "SELECT aal FROM auth.sessions WHERE id = $1", sid).Scan(&aal); err != nil || aal != "aal2" {
		t.Fatalf("aal %q, %v", aal, err)
	}
}
