package config

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"daybase/internal/editdist"
)

// Settings names every DAYBASE_* environment variable the daybase binary
// reads, grouped by the section that parses it. A variable not listed here
// and not a tooling variable fails the start (CheckEnviron), so a typo
// (_SMTP_PASSWORD for _SMTP_PASS) is an error rather than a setting
// silently ignored. Meaning, unit and default of each: README "Configuration",
// docs/auth.md and docs/storage.md (TestSettingsAreDocumented).
var Settings = map[string][]string{
	"server": {
		"DAYBASE_DATA_DIR", "DAYBASE_HOST", "DAYBASE_PORT", "DAYBASE_DATABASE_URL",
		"DAYBASE_SITE_URL", "DAYBASE_JWT_SECRET", "DAYBASE_LOG_LEVEL",
		"DAYBASE_SHUTDOWN_TIMEOUT", "DAYBASE_MAX_BODY_BYTES",
		"DAYBASE_DATABASE_CONNECT_TIMEOUT", "DAYBASE_BODY_READ_TIMEOUT",
		"DAYBASE_METRICS_TOKEN", "DAYBASE_METRICS_ADDR", "DAYBASE_PG_BINDIR",
	},
	"rest": {
		"DAYBASE_REST_SCHEMAS", "DAYBASE_REST_MAX_ROWS", "DAYBASE_REST_TX_ALLOW_OVERRIDE",
		"DAYBASE_REST_PLAN_ENABLED",
	},
	"auth": append([]string{
		"DAYBASE_AUTH_ANONYMOUS_SIGN_INS", "DAYBASE_AUTH_ANONYMOUS_USER_TTL",
		"DAYBASE_AUTH_AUTOCONFIRM", "DAYBASE_AUTH_BCRYPT_COST",
		"DAYBASE_AUTH_CAPTCHA_PROVIDER", "DAYBASE_AUTH_CAPTCHA_SECRET",
		"DAYBASE_AUTH_CAPTCHA_VERIFY_URL", "DAYBASE_AUTH_DISABLE_SIGNUP",
		"DAYBASE_AUTH_JWT_EXPIRY", "DAYBASE_AUTH_MANUAL_LINKING",
		"DAYBASE_AUTH_MFA_CHALLENGE_EXPIRY", "DAYBASE_AUTH_MFA_ISSUER",
		"DAYBASE_AUTH_MFA_MAX_FACTORS", "DAYBASE_AUTH_OTP_EXPIRY",
		"DAYBASE_AUTH_OTP_MAX_FAILURES", "DAYBASE_AUTH_PASSKEY_CHALLENGE_EXPIRY",
		"DAYBASE_AUTH_PASSKEY_ORIGINS", "DAYBASE_AUTH_PASSKEY_RP_ID",
		"DAYBASE_AUTH_PASSWORD_COMMON_CHECK", "DAYBASE_AUTH_PASSWORD_MIN_LENGTH",
		"DAYBASE_AUTH_RATE_LIMIT_EMAIL_SEND", "DAYBASE_AUTH_RATE_LIMIT_HEADER",
		"DAYBASE_AUTH_RATE_LIMIT_MFA_FAILURES", "DAYBASE_AUTH_RATE_LIMIT_MFA_VERIFY",
		"DAYBASE_AUTH_RATE_LIMIT_OTP", "DAYBASE_AUTH_RATE_LIMIT_REFRESH",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_IN", "DAYBASE_AUTH_RATE_LIMIT_SIGN_IN_FAILURES",
		"DAYBASE_AUTH_RATE_LIMIT_SIGN_UP", "DAYBASE_AUTH_RATE_LIMIT_VERIFY",
		"DAYBASE_AUTH_REDIRECT_ALLOW_LIST", "DAYBASE_AUTH_REFRESH_REUSE_INTERVAL",
		"DAYBASE_AUTH_SECURE_EMAIL_CHANGE", "DAYBASE_AUTH_SECURE_PASSWORD_CHANGE",
		"DAYBASE_AUTH_SESSION_TIMEBOX",
		"DAYBASE_AUTH_GOOGLE_ISSUER", "DAYBASE_AUTH_GOOGLE_ID_TOKEN_CLIENT_IDS",
		"DAYBASE_AUTH_APPLE_ISSUER", "DAYBASE_AUTH_APPLE_CLIENT_IDS",
		"DAYBASE_AUTH_OIDC_PROVIDER", "DAYBASE_AUTH_OIDC_ISSUER", "DAYBASE_AUTH_OIDC_CLIENT_IDS",
	}, oauthSettings("GOOGLE", "GITHUB")...),
	"smtp": {
		"DAYBASE_SMTP_HOST", "DAYBASE_SMTP_PORT", "DAYBASE_SMTP_USER", "DAYBASE_SMTP_PASS",
		"DAYBASE_SMTP_FROM",
	},
	"storage": {
		"DAYBASE_STORAGE_FILES_URL", "DAYBASE_STORAGE_FILE_SIZE_LIMIT", "DAYBASE_STORAGE_FSYNC",
		"DAYBASE_STORAGE_S3_ENDPOINT", "DAYBASE_STORAGE_S3_REGION", "DAYBASE_STORAGE_S3_BUCKET",
		"DAYBASE_STORAGE_S3_ACCESS_KEY", "DAYBASE_STORAGE_S3_SECRET_KEY",
		"DAYBASE_STORAGE_S3_USE_SSL", "DAYBASE_STORAGE_S3_PATH_STYLE",
	},
	"functions": {
		"DAYBASE_JOBS_DISABLED", "DAYBASE_BILLING_LOCAL_CHECKOUT",
		"DAYBASE_STRIPE_SECRET_KEY", "DAYBASE_STRIPE_WEBHOOK_SECRET", "DAYBASE_STRIPE_API_URL",
		"DAYBASE_STRIPE_PRICE_PRO_MONTHLY", "DAYBASE_STRIPE_PRICE_PRO_ANNUAL",
		"DAYBASE_STRIPE_PRICE_TEAM_MONTHLY", "DAYBASE_STRIPE_PRICE_TEAM_ANNUAL",
		"DAYBASE_GITHUB_API_URL", "DAYBASE_INTEGRATIONS_ALLOW_HOSTS", "DAYBASE_SUPPORT_EMAIL",
	},
}

// Tooling names the variables of the test harnesses and scripts (the
// binary under test, the URL and keys handed to the suites). A server they
// start inherits them, so the binary accepts and ignores them, as it does
// every DAYBASE_TEST_* variable (DAYBASE_TEST_PGURL, DAYBASE_TEST_MINIO, ...).
var Tooling = []string{
	"DAYBASE_BIN", "DAYBASE_BIN_PATH", "DAYBASE_URL", "DAYBASE_ANON_KEY",
	"DAYBASE_SERVICE_ROLE_KEY",
}

// ToolingPrefix marks the test harnesses' own variables.
const ToolingPrefix = "DAYBASE_TEST_"

func oauthSettings(providers ...string) []string {
	var names []string
	for _, p := range providers {
		for _, f := range []string{"CLIENT_ID", "SECRET", "AUTH_URL", "TOKEN_URL", "USER_URL", "REDIRECT_URL"} {
			names = append(names, "DAYBASE_AUTH_"+p+"_"+f)
		}
	}
	return names
}

// Known reports whether name is a setting or a tooling variable.
func Known(name string) bool {
	if strings.HasPrefix(name, ToolingPrefix) || slices.Contains(Tooling, name) {
		return true
	}
	for _, names := range Settings {
		if slices.Contains(names, name) {
			return true
		}
	}
	return false
}

// CheckEnviron fails for every DAYBASE_* variable in environ (os.Environ's
// KEY=value form) that daybase does not know, naming it and the nearest
// known setting.
func CheckEnviron(environ []string) error {
	var errs []error
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(name, "DAYBASE_") || Known(name) {
			continue
		}
		msg := fmt.Sprintf("%s: unknown setting", name)
		if near := nearest(name); near != "" {
			msg += fmt.Sprintf(" (did you mean %s?)", near)
		}
		errs = append(errs, errors.New(msg+`; README "Configuration" lists the settings`))
	}
	return errors.Join(errs...)
}

// nearest is the known setting closest to name by edit distance, if it
// is close enough to be a likely typo.
func nearest(name string) string {
	best, bestDist := "", len(name)/3+1
	for _, names := range Settings {
		for _, n := range names {
			if d := editdist.Distance(name, n); d < bestDist || (d == bestDist && n < best) {
				best, bestDist = n, d
			}
		}
	}
	return best
}
