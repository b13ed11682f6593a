package auth

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/conf"
)

func TestLimiterBucket(t *testing.T) {
	l := newLimiter(Rate{Burst: 3, Per: 3 * time.Minute}, apierr.CodeOverRequestRateLimit)
	t0 := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	for i := range 3 {
		if err := l.take("k", t0); err != nil {
			t.Fatalf("take %d: %v", i, err)
		}
	}
	err := l.take("k", t0)
	ae, ok := err.(*apierr.Error)
	if !ok || ae.HTTPStatus() != 429 || ae.RetryAfter != 60 {
		t.Fatalf("4th take: %v", err)
	}
	if l.take("other", t0) != nil {
		t.Fatal("keys share a bucket")
	}
	if l.take("k", t0.Add(59*time.Second)) == nil {
		t.Fatal("refilled too early")
	}
	if err := l.take("k", t0.Add(61*time.Second)); err != nil {
		t.Fatalf("not refilled after a minute: %v", err)
	}
	// check never spends.
	l2 := newLimiter(Rate{Burst: 1, Per: time.Minute}, apierr.CodeOverRequestRateLimit)
	for range 5 {
		if l2.check("k", t0) != nil {
			t.Fatal("check spent a token")
		}
	}
	if newLimiter(Rate{}, apierr.CodeOverRequestRateLimit).take("k", t0) != nil {
		t.Fatal("a zero rate limits")
	}
}

func TestWrongPasswordsAreSlowedDown(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("victim")
	b.signUp(t, email, "the right one")
	var last response
	for i := range 10 {
		last = b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": "guess " + string(rune('a'+i))}})
		if i < 5 && last.Status != 400 {
			t.Fatalf("attempt %d: %d %s", i, last.Status, last.Body)
		}
	}
	wantError(t, last, 429, apierr.CodeOverRequestRateLimit)
	// Even the right password waits now; another address does not.
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": "the right one"}}),
		429, apierr.CodeOverRequestRateLimit)
	other := uniqueEmail("bystander")
	b.signUp(t, other, "hunter-two-2")
	b.signInPassword(t, other, "hunter-two-2")
}

func TestSignUpRateLimitPerIP(t *testing.T) {
	b := setup(t, func(c *Config) { c.RateLimits.SignUpIP = Rate{Burst: 3, Per: time.Hour}; c.BcryptCost = 4 })
	for i := range 3 {
		wantStatus(t, b.do(t, req{method: "POST", path: "/signup", ip: "203.0.113.9", body: map[string]any{"email": uniqueEmail("burst"), "password": "hunter-two-2"}}), 200)
		_ = i
	}
	res := b.do(t, req{method: "POST", path: "/signup", ip: "203.0.113.9", body: map[string]any{"email": uniqueEmail("burst"), "password": "hunter-two-2"}})
	wantError(t, res, 429, apierr.CodeOverRequestRateLimit)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("no Retry-After")
	}
	wantStatus(t, b.do(t, req{method: "POST", path: "/signup", ip: "203.0.113.10", body: map[string]any{"email": uniqueEmail("burst"), "password": "hunter-two-2"}}), 200)
}

// The defaults let one address sign up a few hundred users in a test run.
func TestDefaultSignUpLimitAllowsTestRuns(t *testing.T) {
	l := newLimiter(Defaults().RateLimits.SignUpIP, apierr.CodeOverRequestRateLimit)
	now := time.Now()
	for i := range 400 {
		if err := l.take("127.0.0.1", now.Add(time.Duration(i)*250*time.Millisecond)); err != nil {
			t.Fatalf("sign-up %d within %s refused", i, time.Duration(i)*250*time.Millisecond)
		}
	}
}

func TestVerifyRateLimit(t *testing.T) {
	b := setup(t, func(c *Config) { c.RateLimits.VerifyIP = Rate{Burst: 2, Per: time.Hour} })
	body := map[string]any{"type": "signup", "email": "x@example.test", "token": "123456"}
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body}), 403, apierr.CodeOTPExpired)
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body}), 403, apierr.CodeOTPExpired)
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body}), 429, apierr.CodeOverRequestRateLimit)
}

func TestRateLimitHeader(t *testing.T) {
	b := setup(t, func(c *Config) {
		c.RateLimitHeader = "X-Forwarded-For"
		c.RateLimits.VerifyIP = Rate{Burst: 1, Per: time.Hour}
	})
	body := map[string]any{"type": "signup", "token_hash": "nope"}
	h := func(ip string) map[string]string { return map[string]string{"X-Forwarded-For": ip + ", 10.0.0.1"} }
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body, header: h("198.51.100.1")}), 403, apierr.CodeOTPExpired)
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body, header: h("198.51.100.2")}), 403, apierr.CodeOTPExpired)
	wantError(t, b.do(t, req{method: "POST", path: "/verify", body: body, header: h("198.51.100.1")}), 429, apierr.CodeOverRequestRateLimit)
}

func TestCaptcha(t *testing.T) {
	var got []string
	fake := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		got = append(got, r.PostForm.Get("response"))
		ok := r.PostForm.Get("secret") == "s3cret" && r.PostForm.Get("response") == "good-token"
		json.NewEncoder(w).Encode(map[string]any{"success": ok, "error-codes": []string{"invalid-input-response"}})
	}))
	defer fake.Close()
	b := setup(t, func(c *Config) {
		c.Captcha = conf.CaptchaConfig{Provider: "hcaptcha", Secret: "s3cret", VerifyURL: fake.URL}
	})
	email := uniqueEmail("captcha")
	wantError(t, b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": "hunter-two-2"}}), 400, apierr.CodeCaptchaFailed)
	wantError(t, b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": "hunter-two-2",
		"gotrue_meta_security": map[string]any{"captcha_token": "bad"}}}), 400, apierr.CodeCaptchaFailed)
	wantStatus(t, b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": "hunter-two-2",
		"gotrue_meta_security": map[string]any{"captcha_token": "good-token"}}}), 200)
	wantStatus(t, b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": "hunter-two-2",
		"gotrue_meta_security": map[string]any{"captcha_token": "good-token"}}}), 200)
	if len(got) != 3 {
		t.Fatalf("siteverify called %d times: %v", len(got), got)
	}
	// Without a secret the token is ignored (TestSignUpReturnsSessionWithClaims).
}

// Every per-address limit answers 429 with Retry-After once its bucket is
// empty, whatever the outcome of the earlier calls, and other addresses
// are not affected.
func TestPerAddressLimitsOfEachEndpoint(t *testing.T) {
	one := Rate{Burst: 2, Per: time.Hour}
	b := setup(t, func(c *Config) {
		c.RateLimits.SignInIP = one
		c.RateLimits.OTPIP = one
		c.RateLimits.RefreshIP = one
		c.RateLimits.MFAVerifyIP = one
	})
	s := b.signUp(t, uniqueEmail("limits"), "hunter-two-2")
	f := b.enroll(t, s.AccessToken, "app")
	ch := b.challenge(t, s.AccessToken, f.ID)

	calls := []struct {
		name  string
		call  func(ip string) response
		first int // the status of the calls within the limit
	}{
		{"password sign-in", func(ip string) response {
			return b.do(t, req{method: "POST", path: "/token?grant_type=password", ip: ip,
				body: map[string]any{"email": uniqueEmail("nobody"), "password": "wrong one"}})
		}, 400},
		{"mail-sending request", func(ip string) response {
			return b.do(t, req{method: "POST", path: "/recover", ip: ip, body: map[string]any{"email": uniqueEmail("nobody")}})
		}, 200},
		{"refresh", func(ip string) response {
			return b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", ip: ip, body: map[string]any{"refresh_token": "no-such-token"}})
		}, 400},
		{"mfa verify", func(ip string) response {
			return b.do(t, req{method: "POST", path: "/factors/" + f.ID + "/verify", bearer: s.AccessToken, ip: ip,
				body: map[string]any{"challenge_id": ch, "code": "000000"}})
		}, 422},
	}
	for _, c := range calls {
		t.Run(c.name, func(t *testing.T) {
			for i := range 2 {
				wantStatus(t, c.call("203.0.113.50"), c.first)
				_ = i
			}
			res := c.call("203.0.113.50")
			wantError(t, res, 429, apierr.CodeOverRequestRateLimit)
			if res.Header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
			if got := c.call("203.0.113.51"); got.Status == 429 {
				t.Fatalf("another address was limited too: %s", got.Body)
			}
		})
	}
}
