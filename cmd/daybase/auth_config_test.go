package main

import (
	"strings"
	"testing"
	"time"

	"daybase/gateway/auth"
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
	c, err := authConfig(func(k string) string { return env[k] }, "https://app.example.test")
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
	_, err = authConfig(func(k string) string { return bad[k] }, "")
	for _, want := range []string{"DAYBASE_AUTH_JWT_EXPIRY", "DAYBASE_AUTH_AUTOCONFIRM", "DAYBASE_AUTH_GOOGLE_CLIENT_ID", "DAYBASE_AUTH_RATE_LIMIT_SIGN_IN", "DAYBASE_AUTH_CAPTCHA_PROVIDER"} {
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("error does not name %s: %v", want, err)
		}
	}
}
