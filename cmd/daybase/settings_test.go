package main

import (
	"strings"
	"testing"

	"daybase/internal/config"
)

// TestEveryMalformedSettingIsNamed: each setting that has a shape (a
// number, a duration, a flag, an address, a rate, a name) refuses a value
// of the wrong shape when serve reads its settings, and the error names the
// variable. Settings of free text (an issuer name, a secret, a host, the
// redirect allow list of globs) have no wrong shape. The server's own settings: internal/config's tests.
func TestEveryMalformedSettingIsNamed(t *testing.T) {
	bad := map[string]string{
		"DAYBASE_AUTH_JWT_EXPIRY":                  "soon",
		"DAYBASE_AUTH_REFRESH_REUSE_INTERVAL":      "-",
		"DAYBASE_AUTH_SESSION_TIMEBOX":             "a day",
		"DAYBASE_AUTH_DISABLE_SIGNUP":              "maybe",
		"DAYBASE_AUTH_AUTOCONFIRM":                 "maybe",
		"DAYBASE_AUTH_ANONYMOUS_SIGN_INS":          "yes please",
		"DAYBASE_AUTH_MANUAL_LINKING":              "2",
		"DAYBASE_AUTH_ANONYMOUS_USER_TTL":          "forever",
		"DAYBASE_AUTH_SECURE_EMAIL_CHANGE":         "y",
		"DAYBASE_AUTH_SECURE_PASSWORD_CHANGE":      "n",
		"DAYBASE_AUTH_PASSWORD_MIN_LENGTH":         "eight",
		"DAYBASE_AUTH_PASSWORD_COMMON_CHECK":       "sometimes",
		"DAYBASE_AUTH_BCRYPT_COST":                 "high",
		"DAYBASE_AUTH_OTP_EXPIRY":                  "1 hour",
		"DAYBASE_AUTH_OTP_MAX_FAILURES":            "many",
		"DAYBASE_AUTH_MFA_MAX_FACTORS":             "ten",
		"DAYBASE_AUTH_MFA_CHALLENGE_EXPIRY":        "5 fortnights",
		"DAYBASE_AUTH_PASSKEY_CHALLENGE_EXPIRY":    "5 minutes",
		"DAYBASE_AUTH_GOOGLE_CLIENT_ID":            "id without a secret",
		"DAYBASE_AUTH_GITHUB_SECRET":               "secret without an id",
		"DAYBASE_SMTP_PORT":                        "smtp",
		"DAYBASE_AUTH_CAPTCHA_PROVIDER":            "recaptcha",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_IN":          "fast",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_IN_FAILURES": "10",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_UP":          "1/eternity",
		"DAYBASE_AUTH_RATE_LIMIT_OTP":              "x/1m",
		"DAYBASE_AUTH_RATE_LIMIT_EMAIL_SEND":       "lots",
		"DAYBASE_AUTH_RATE_LIMIT_VERIFY":           "/",
		"DAYBASE_AUTH_RATE_LIMIT_MFA_VERIFY":       "1/",
		"DAYBASE_AUTH_RATE_LIMIT_MFA_FAILURES":     "-1/1m",
		"DAYBASE_AUTH_RATE_LIMIT_REFRESH":          "on",
		"DAYBASE_REST_SCHEMAS":                     "public,not a schema",
		"DAYBASE_REST_MAX_ROWS":                    "0",
		"DAYBASE_REST_TX_ALLOW_OVERRIDE":           "perhaps",
		"DAYBASE_REST_PLAN_ENABLED":                "perhaps",
		"DAYBASE_STORAGE_FILE_SIZE_LIMIT":          "big",
		"DAYBASE_STORAGE_FSYNC":                    "always",
		"DAYBASE_STORAGE_S3_ENDPOINT":              "minio.test:9000", // without a bucket
		"DAYBASE_JOBS_DISABLED":                    "off",
		"DAYBASE_BILLING_LOCAL_CHECKOUT":           "free",
		"DAYBASE_SUPPORT_EMAIL":                    "Support <help@example.test>",
	}
	cfg := config.Defaults()
	for name, value := range bad {
		t.Run(name, func(t *testing.T) {
			_, err := loadSettings(func(k string) string {
				if k == name {
					return value
				}
				return ""
			}, cfg)
			if err == nil || !strings.Contains(err.Error(), name) {
				t.Fatalf("%s=%q: error %v does not name it", name, value, err)
			}
		})
	}
	// All at once: one start reports every one of them.
	_, err := loadSettings(func(k string) string { return bad[k] }, cfg)
	for name := range bad {
		if err == nil || !strings.Contains(err.Error(), name) {
			t.Errorf("with every setting malformed, %s is not named: %v", name, err)
		}
	}
	if _, err := loadSettings(func(string) string { return "" }, cfg); err != nil {
		t.Fatalf("defaults refused: %v", err)
	}
}
