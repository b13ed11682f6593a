package main

import (
	"strings"
	"testing"
	"time"

	"daybase/gateway/auth"
	"daybase/internal/config"
)

func TestAuthConfig(t *testing.T) {
	env := map[string]string{
		"DAYBASE_AUTH_JWT_EXPIRY":             "7200",
		"DAYBASE_AUTH_AUTOCONFIRM":            "false",
		"DAYBASE_AUTH_REDIRECT_ALLOW_LIST":    "http://localhost:*/**, myapp://**",
		"DAYBASE_AUTH_GITHUB_CLIENT_ID":       "id",
		"DAYBASE_AUTH_GITHUB_SECRET":          "secret",
		"DAYBASE_AUTH_GITHUB_USER_URL":        "http://127.0.0.1:9/api",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_UP":     "1000/10m",
		"DAYBASE_AUTH_RATE_LIMIT_REFRESH":     "off",
		"DAYBASE_SMTP_HOST":                   "smtp.example.test",
		"DAYBASE_AUTH_MFA_CHALLENGE_EXPIRY":   "2m",
		"DAYBASE_AUTH_CAPTCHA_PROVIDER":       "turnstile",
		"DAYBASE_AUTH_REFRESH_REUSE_INTERVAL": "5s",
	}
	c, err := authConfig(func(k string) string { return env[k] }, config.Config{Host: "127.0.0.1", Port: 54321, SiteURL: "https://app.example.test"})
	if err != nil {
		t.Fatal(err)
	}
	if c.JWTExpiry != 2*time.Hour || c.Autoconfirm || c.SiteURL != "https://app.example.test" ||
		len(c.RedirectAllowList) != 2 || c.RedirectAllowList[1] != "myapp://**" ||
		!c.GitHub.Enabled() || c.GitHub.UserURL != "http://127.0.0.1:9/api" || c.Google.Enabled() ||
		c.RateLimits.SignUpIP != (auth.Rate{Burst: 1000, Per: 10 * time.Minute}) || c.RateLimits.RefreshIP != (auth.Rate{}) ||
		c.SMTP.Host != "smtp.example.test" || c.SMTP.Port != 587 || c.MFAChallengeExpiry != 2*time.Minute ||
		c.RefreshReuseInterval != 5*time.Second || c.Captcha.Provider != "turnstile" {
		t.Fatalf("config = %+v", c)
	}
	if d := auth.Defaults(); d.RateLimits.SignInIP != c.RateLimits.SignInIP {
		t.Fatal("unset limits lost their defaults")
	}

	bad := map[string]string{
		"DAYBASE_AUTH_JWT_EXPIRY":         "soon",
		"DAYBASE_AUTH_AUTOCONFIRM":        "maybe",
		"DAYBASE_AUTH_GOOGLE_CLIENT_ID":   "id only",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_IN": "fast",
		"DAYBASE_AUTH_CAPTCHA_PROVIDER":   "recaptcha",
	}
	_, err = authConfig(func(k string) string { return bad[k] }, config.Defaults())
	for _, want := range []string{"DAYBASE_AUTH_JWT_EXPIRY", "DAYBASE_AUTH_AUTOCONFIRM", "DAYBASE_AUTH_GOOGLE_CLIENT_ID", "DAYBASE_AUTH_RATE_LIMIT_SIGN_IN", "DAYBASE_AUTH_CAPTCHA_PROVIDER"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}

// TestAutoconfirmOnlyOnLoopback is issue 17's finding 4: addresses are taken
// on trust only by a development server on loopback that sends no mail.
// Anywhere else sign-up must prove the mailbox, so nobody can claim an
// invited address (and its invitations) by signing up with it first.
func TestAutoconfirmOnlyOnLoopback(t *testing.T) {
	for _, tt := range []struct {
		name string
		cfg  config.Config
		env  map[string]string
		want bool
	}{
		{"loopback dev server", config.Config{Host: "127.0.0.1", Port: 54321}, nil, true},
		{"localhost", config.Config{Host: "localhost", Port: 54321}, nil, true},
		{"IPv6 loopback", config.Config{Host: "::1", Port: 54321}, nil, true},
		{"all interfaces", config.Config{Host: "0.0.0.0", Port: 54321}, nil, false},
		{"a LAN address", config.Config{Host: "192.0.2.10", Port: 54321}, nil, false},
		{"loopback behind a proxy with a public site URL", config.Config{Host: "127.0.0.1", Port: 54321, SiteURL: "https://day.example"}, nil, false},
		{"mail configured", config.Config{Host: "127.0.0.1", Port: 54321}, map[string]string{"DAYBASE_SMTP_HOST": "smtp.example"}, false},
		{"explicitly on", config.Config{Host: "0.0.0.0", Port: 54321}, map[string]string{"DAYBASE_AUTH_AUTOCONFIRM": "true"}, true},
		{"explicitly on with mail", config.Config{Host: "127.0.0.1", Port: 54321},
			map[string]string{"DAYBASE_SMTP_HOST": "smtp.example", "DAYBASE_AUTH_AUTOCONFIRM": "true"}, true},
		{"explicitly off on loopback", config.Config{Host: "127.0.0.1", Port: 54321}, map[string]string{"DAYBASE_AUTH_AUTOCONFIRM": "false"}, false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c, err := authConfig(func(k string) string { return tt.env[k] }, tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if c.Autoconfirm != tt.want {
				t.Errorf("Autoconfirm = %v, want %v", c.Autoconfirm, tt.want)
			}
		})
	}
}

func TestIDTokenIssuers(t *testing.T) {
	env := map[string]string{
		"DAYBASE_AUTH_GOOGLE_ID_TOKEN_CLIENT_IDS": "ios.apps.example, android.apps.example",
		"DAYBASE_AUTH_APPLE_CLIENT_IDS":           "com.example.app",
		"DAYBASE_AUTH_OIDC_PROVIDER":              "keycloak",
		"DAYBASE_AUTH_OIDC_ISSUER":                "https://sso.example.test/realms/app",
		"DAYBASE_AUTH_OIDC_CLIENT_IDS":            "app",
	}
	got, err := idTokenIssuers(func(k string) string { return env[k] }, "web.apps.example")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Provider != "google" || got[0].URL != "https://accounts.google.com" ||
		strings.Join(got[0].ClientIDs, " ") != "web.apps.example ios.apps.example android.apps.example" ||
		got[1].Provider != "apple" || got[1].URL != "https://appleid.apple.com" ||
		got[2].Provider != "keycloak" || got[2].URL != "https://sso.example.test/realms/app" {
		t.Fatalf("issuers = %+v", got)
	}
	if got, _ := idTokenIssuers(func(string) string { return "" }, ""); len(got) != 0 {
		t.Fatalf("nothing set gave %+v", got)
	}
	for _, bad := range []map[string]string{
		{"DAYBASE_AUTH_OIDC_ISSUER": "https://sso.example.test"},
		{"DAYBASE_AUTH_OIDC_ISSUER": "sso.example.test", "DAYBASE_AUTH_OIDC_CLIENT_IDS": "app"},
		{"DAYBASE_AUTH_OIDC_PROVIDER": "google", "DAYBASE_AUTH_OIDC_ISSUER": "https://sso.example.test", "DAYBASE_AUTH_OIDC_CLIENT_IDS": "app"},
	} {
		if _, err := idTokenIssuers(func(k string) string { return bad[k] }, ""); err == nil {
			t.Errorf("%v: no error", bad)
		}
	}
}
