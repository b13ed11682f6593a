package auth

import (
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"daybase/gateway/auth/apierr"
)

var (
	linkPattern = regexp.MustCompile(`http://daybase\.test/auth/v1/verify\?\S+`)
	codePattern = regexp.MustCompile(`code: (\d{6})`)
)

// mailLink returns the verify link and the code of the newest mail to address.
func (b *testBundle) mailLink(t testing.TB, address string) (link, code string) {
	t.Helper()
	body := b.lastMail(t, address)
	link = linkPattern.FindString(body)
	if m := codePattern.FindStringSubmatch(body); m != nil {
		code = m[1]
	}
	if link == "" {
		t.Fatalf("no link in mail to %s:\n%s", address, body)
	}
	return link, code
}

// follow GETs a mailed link the way a browser would and returns the
// redirect target.
func (b *testBundle) follow(t testing.TB, link string) *url.URL {
	t.Helper()
	u, _ := url.Parse(link)
	res := b.do(t, req{method: "GET", path: strings.TrimPrefix(u.Path, "/auth/v1") + "?" + u.RawQuery, apikey: "-"})
	wantStatus(t, res, http.StatusSeeOther)
	loc, err := url.Parse(res.Header.Get("Location"))
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestRecoveryFlow(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("recover")
	b.signUp(t, email, "hunter-two-2")

	res := b.do(t, req{method: "POST", path: "/recover?redirect_to=" + url.QueryEscape("http://daybase.test/app/reset"),
		body: map[string]any{"email": email, "gotrue_meta_security": map[string]any{}, "code_challenge": nil, "code_challenge_method": nil}})
	wantStatus(t, res, 200)
	if string(res.Body) != "{}\n" {
		t.Fatalf("recover answered %s", res.Body)
	}
	// Unknown addresses get the same answer and no mail.
	unknown := uniqueEmail("unknown")
	res = b.do(t, req{method: "POST", path: "/recover", body: map[string]any{"email": unknown}})
	wantStatus(t, res, 200)

	link, code := b.mailLink(t, email)
	if !strings.Contains(link, "type=recovery") || code == "" {
		t.Fatalf("recovery mail: %s %s", link, code)
	}
	loc := b.follow(t, link)
	if loc.Path != "/app/reset" {
		t.Fatalf("redirected to %s", loc)
	}
	frag, _ := url.ParseQuery(loc.Fragment)
	if frag.Get("type") != "recovery" || frag.Get("access_token") == "" || frag.Get("refresh_token") == "" || frag.Get("expires_in") != "3600" {
		t.Fatalf("fragment = %v", frag)
	}
	// The link works once.
	loc = b.follow(t, link)
	again, _ := url.ParseQuery(loc.Fragment)
	if again.Get("error_code") != "otp_expired" || again.Get("error") != "access_denied" {
		t.Fatalf("second use: %v", again)
	}
	// The recovery session sets a new password.
	wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: frag.Get("access_token"), body: map[string]any{"password": "brand new"}}), http.StatusOK)
	b.signInPassword(t, email, "brand new")
}

func TestRecoveryWithCode(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("code")
	b.signUp(t, email, "hunter-two-2")
	wantStatus(t, b.do(t, req{method: "POST", path: "/recover", body: map[string]any{"email": email}}), 200)
	_, code := b.mailLink(t, email)
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "recovery", "email": email, "token": "000000"}}), 403, apierr.CodeOTPExpired)
	res := b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "recovery", "email": email, "token": code}})
	wantStatus(t, res, 200)
	var s session
	res.decode(t, &s)
	wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "brand new"}}), 200)
	b.signInPassword(t, email, "brand new")
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "brand new"}}), 422, apierr.CodeSamePassword)
}

// TestWrongCodesPerAddress is issue 17's finding 8: wrong guesses of an
// e-mailed code are counted per address, whatever the IP. Five attempts
// from five addresses use up the code: the right one no longer works, and
// only a newly requested code does.
func TestWrongCodesPerAddress(t *testing.T) {
	b := setup(t, func(c *Config) { c.RateLimits.EmailSend = Rate{} })
	email := uniqueEmail("guessed")
	b.signUp(t, email, "hunter-two-2")
	wantStatus(t, b.do(t, req{method: "POST", path: "/recover", body: map[string]any{"email": email}}), 200)
	_, code := b.mailLink(t, email)
	wrong := fmt.Sprintf("%06d", (mustAtoi(t, code)+1)%1_000_000)
	for i := range 5 {
		wantError(t, b.do(t, req{method: "POST", path: "/verify", ip: fmt.Sprintf("203.0.113.%d", i+1),
			body: map[string]any{"type": "recovery", "email": email, "token": wrong}}), 403, apierr.CodeOTPExpired)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/verify", ip: "203.0.113.99",
		body: map[string]any{"type": "recovery", "email": email, "token": code}}), 403, apierr.CodeOTPExpired)

	// A new code works (and starts from zero failures).
	b.db.Pool.Exec(t.Context(), "UPDATE auth.users SET recovery_sent_at = now() - interval '2 minutes' WHERE email = $1", email)
	wantStatus(t, b.do(t, req{method: "POST", path: "/recover", body: map[string]any{"email": email}}), 200)
	_, fresh := b.mailLink(t, email)
	wantError(t, b.do(t, req{method: "POST", path: "/verify",
		body: map[string]any{"type": "recovery", "email": email, "token": wrong}}), 403, apierr.CodeOTPExpired)
	wantStatus(t, b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "recovery", "email": email, "token": fresh}}), 200)
}

func mustAtoi(t testing.TB, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSignUpConfirmationAndPKCE(t *testing.T) {
	b := setup(t, func(c *Config) { c.Autoconfirm = false })
	email := uniqueEmail("pkce")
	verifier := strings.Repeat("a1b2c3d4", 8)
	sum := sha256.Sum256([]byte(verifier))
	challenge := base64.RawURLEncoding.EncodeToString(sum[:])
	res := b.do(t, req{method: "POST", path: "/signup?redirect_to=" + url.QueryEscape("http://daybase.test/welcome"),
		body: map[string]any{"email": email, "password": "hunter-two-2", "code_challenge": challenge, "code_challenge_method": "s256"}})
	wantStatus(t, res, 200)
	link, _ := b.mailLink(t, email)
	if !strings.Contains(link, "token=pkce_") {
		t.Fatalf("PKCE link without pkce_ token: %s", link)
	}
	loc := b.follow(t, link)
	if loc.Path != "/welcome" || loc.Query().Get("code") == "" {
		t.Fatalf("redirect %s", loc)
	}
	code := loc.Query().Get("code")
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=pkce", body: map[string]any{"auth_code": code, "code_verifier": strings.Repeat("z", 64)}}),
		400, apierr.CodeBadCodeVerifier)
	res = b.do(t, req{method: "POST", path: "/token?grant_type=pkce", body: map[string]any{"auth_code": code, "code_verifier": verifier}})
	wantStatus(t, res, 200)
	var s session
	res.decode(t, &s)
	if s.User.EmailConfirmedAt == nil || b.claims(t, s.AccessToken)["amr"].([]any)[0].(map[string]any)["method"] != "email/signup" {
		t.Fatalf("pkce session: %s", res.Body)
	}
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=pkce", body: map[string]any{"auth_code": code, "code_verifier": verifier}}),
		404, apierr.CodeFlowStateNotFound)

	// A registered address answers like a new one when confirmation is on.
	res = b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": "hunter-two-2"}})
	wantStatus(t, res, 200)
	var fake User
	res.decode(t, &fake)
	if fake.ID == s.User.ID || len(fake.Identities) != 0 {
		t.Fatalf("obfuscated user leaks the account: %s", res.Body)
	}
}

func TestRedirectToIsChecked(t *testing.T) {
	b := setup(t, func(c *Config) { c.RedirectAllowList = []string{"myapp://**"} })
	tests := []struct{ in, want string }{
		{"http://daybase.test/app", "http://daybase.test/app"},
		{"https://evil.example/steal", "http://daybase.test"},
		{"myapp://callback/x", "myapp://callback/x"},
		{"", "http://daybase.test"},
	}
	for _, tt := range tests {
		if got := b.svc.redirectTarget(tt.in); got != tt.want {
			t.Errorf("redirectTarget(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMagicLinkOTP(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("otp")
	wantError(t, b.do(t, req{method: "POST", path: "/otp", body: map[string]any{"email": email, "create_user": false}}), 422, apierr.CodeOTPDisabled)
	res := b.do(t, req{method: "POST", path: "/otp", body: map[string]any{"email": email, "create_user": true, "data": map[string]any{}}})
	wantStatus(t, res, 200)
	_, code := b.mailLink(t, email)
	res = b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "email", "email": email, "token": code}})
	wantStatus(t, res, 200)
	var s session
	res.decode(t, &s)
	if s.User.EmailConfirmedAt == nil {
		t.Fatal("OTP sign-up did not confirm the address")
	}
	// A confirmed address gets a magic link, within the mail rate limit.
	res = b.do(t, req{method: "POST", path: "/otp", body: map[string]any{"email": email}})
	wantError(t, res, 429, apierr.CodeOverEmailSendRateLimit)
}

func TestResendAndEmailChange(t *testing.T) {
	b := setup(t, func(c *Config) { c.RateLimits.EmailSend = Rate{} })
	email := uniqueEmail("change")
	s := b.signUp(t, email, "hunter-two-2")
	newEmail := uniqueEmail("new")
	taken := uniqueEmail("taken")
	b.signUp(t, taken, "hunter-two-2")
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"email": taken}}), 422, apierr.CodeEmailExists)

	res := b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"email": newEmail}})
	wantStatus(t, res, 200)
	if m := res.object(t); m["new_email"] != newEmail || m["email"] != email {
		t.Fatalf("after PUT: %s", res.Body)
	}
	// Resend mails both again.
	wantStatus(t, b.do(t, req{method: "POST", path: "/resend", body: map[string]any{"type": "email_change", "email": email}}), 200)
	newLink, _ := b.mailLink(t, newEmail)
	curLink, _ := b.mailLink(t, email)
	loc := b.follow(t, newLink)
	if frag, _ := url.ParseQuery(loc.Fragment); !strings.HasPrefix(frag.Get("message"), "Confirmation link accepted") {
		t.Fatalf("first confirmation: %s", loc)
	}
	loc = b.follow(t, curLink)
	if frag, _ := url.ParseQuery(loc.Fragment); frag.Get("access_token") == "" {
		t.Fatalf("second confirmation: %s", loc)
	}
	u := b.do(t, req{method: "GET", path: "/user", bearer: s.AccessToken}).object(t)
	if u["email"] != newEmail || u["new_email"] != nil {
		t.Fatalf("after change: %v", u)
	}
	b.signInPassword(t, newEmail, "hunter-two-2")

	// Resend of a sign-up confirmation for an unknown address answers {}.
	wantStatus(t, b.do(t, req{method: "POST", path: "/resend", body: map[string]any{"type": "signup", "email": uniqueEmail("ghost")}}), 200)
	wantError(t, b.do(t, req{method: "POST", path: "/resend", body: map[string]any{"type": "nope", "email": email}}), 400, apierr.CodeValidationFailed)
}

func TestReauthenticateNonce(t *testing.T) {
	b := setup(t, func(c *Config) { c.SecurePasswordChange = true })
	email := uniqueEmail("nonce")
	s := b.signUp(t, email, "hunter-two-2")
	// A fresh session changes the password without a nonce.
	wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "second pw"}}), 200)
	// An old one needs the nonce.
	b.db.Pool.Exec(t.Context(), "UPDATE auth.sessions SET created_at = now() - interval '25 hours'")
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "third pw"}}), 400, apierr.CodeReauthNeeded)
	wantStatus(t, b.do(t, req{method: "GET", path: "/reauthenticate", bearer: s.AccessToken}), 200)
	body := b.lastMail(t, email)
	nonce := regexp.MustCompile(`\b(\d{6})\b`).FindString(body)
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "third pw", "nonce": "999999"}}), 400, apierr.CodeReauthNotValid)
	wantStatus(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"password": "third pw", "nonce": nonce}}), 200)
}

func TestLogoutScopes(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("logout")
	s1 := b.signUp(t, email, "hunter-two-2")
	s2 := b.signInPassword(t, email, "hunter-two-2")
	s3 := b.signInPassword(t, email, "hunter-two-2")

	wantError(t, b.do(t, req{method: "POST", path: "/logout?scope=everything", bearer: s1.AccessToken}), 400, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "POST", path: "/logout"}), 401, apierr.CodeNoAuthorization)

	wantStatus(t, b.do(t, req{method: "POST", path: "/logout?scope=local", bearer: s3.AccessToken}), 204)
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: s3.AccessToken}), 403, apierr.CodeSessionNotFound)
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s1.AccessToken}), 200)

	wantStatus(t, b.do(t, req{method: "POST", path: "/logout?scope=others", bearer: s1.AccessToken}), 204)
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: s2.AccessToken}), 403, apierr.CodeSessionNotFound)
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s1.AccessToken}), 200)

	s4 := b.signInPassword(t, email, "hunter-two-2")
	wantStatus(t, b.do(t, req{method: "POST", path: "/logout", bearer: s4.AccessToken}), 204)
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: s1.AccessToken}), 403, apierr.CodeSessionNotFound)
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s1.RefreshToken}}),
		400, apierr.CodeRefreshTokenNotFound)
}

func TestUserEndpointTokens(t *testing.T) {
	b := setup(t)
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: b.anonKey}), 403, apierr.CodeBadJWT)
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: "abc.def.ghi"}), 403, apierr.CodeBadJWT)
	wantError(t, b.do(t, req{method: "GET", path: "/user"}), 401, apierr.CodeNoAuthorization)
	s := b.signUp(t, uniqueEmail("meta"), "hunter-two-2")
	expired := b.claims(t, s.AccessToken)
	expired["exp"] = time.Now().Add(-time.Minute).Unix()
	old, _ := b.signer.Sign(expired)
	res := b.do(t, req{method: "GET", path: "/user", bearer: old})
	wantError(t, res, 403, apierr.CodeBadJWT)
	if msg := res.object(t)["message"].(string); msg != "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired" {
		t.Fatalf("expired token message %q", msg)
	}
	res = b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"data": map[string]any{"full_name": "Ada", "x": 1}}})
	wantStatus(t, res, 200)
	res = b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"data": map[string]any{"x": nil}}})
	md := res.object(t)["user_metadata"].(map[string]any)
	if md["full_name"] != "Ada" || md["x"] != nil {
		t.Fatalf("metadata merge: %v", md)
	}
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s.AccessToken, body: map[string]any{"app_metadata": map[string]any{"role": "x"}}}), 403, apierr.CodeNotAdmin)
}
