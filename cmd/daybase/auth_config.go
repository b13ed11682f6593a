package main

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"daybase/gateway/auth"
	"daybase/gateway/auth/idtoken"
	"daybase/internal/config"
)

// authConfig reads the /auth/v1 settings from the environment (getenv),
// starting from auth.Defaults(). Every variable is listed with its meaning
// and default in docs/auth.md and on the auth.Config fields. cfg is the
// process's configuration: its DAYBASE_SITE_URL, and where it listens and
// is reached, which decide the default of DAYBASE_AUTH_AUTOCONFIRM.
func authConfig(getenv func(string) string, cfg config.Config) (auth.Config, error) {
	c := auth.Defaults()
	c.SiteURL = cfg.SiteURL
	var errs []error
	str := func(env string, dst *string) {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			*dst = v
		}
	}
	boolean := func(env string, dst *bool) {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: want true or false", env, v))
				return
			}
			*dst = b
		}
	}
	integer := func(env string, dst *int) {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				errs = append(errs, fmt.Errorf("%s=%q: want a non-negative number", env, v))
				return
			}
			*dst = n
		}
	}
	duration := func(env string, dst *time.Duration) {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			d, err := parseSecondsOrDuration(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: want a duration such as 1h or a number of seconds", env, v))
				return
			}
			*dst = d
		}
	}
	rate := func(env string, dst *auth.Rate) {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			r, err := parseRate(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("%s=%q: %v", env, v, err))
				return
			}
			*dst = r
		}
	}

	if v := getenv("DAYBASE_AUTH_REDIRECT_ALLOW_LIST"); v != "" {
		for _, p := range strings.Split(v, ",") {
			if p = strings.TrimSpace(p); p != "" {
				c.RedirectAllowList = append(c.RedirectAllowList, p)
			}
		}
	}
	duration("DAYBASE_AUTH_JWT_EXPIRY", &c.JWTExpiry)
	duration("DAYBASE_AUTH_REFRESH_REUSE_INTERVAL", &c.RefreshReuseInterval)
	duration("DAYBASE_AUTH_SESSION_TIMEBOX", &c.SessionTimebox)
	boolean("DAYBASE_AUTH_DISABLE_SIGNUP", &c.DisableSignup)
	// E-mail addresses are taken on trust only by a development server
	// nobody else can reach and that sends no mail (issue 17: whoever
	// signs up first with an invited address must not count as its owner).
	c.Autoconfirm = loopbackOnly(cfg)
	boolean("DAYBASE_AUTH_AUTOCONFIRM", &c.Autoconfirm)
	boolean("DAYBASE_AUTH_ANONYMOUS_SIGN_INS", &c.AnonymousSignIns)
	boolean("DAYBASE_AUTH_MANUAL_LINKING", &c.ManualLinking)
	duration("DAYBASE_AUTH_ANONYMOUS_USER_TTL", &c.AnonymousUserTTL)
	boolean("DAYBASE_AUTH_SECURE_EMAIL_CHANGE", &c.SecureEmailChange)
	boolean("DAYBASE_AUTH_SECURE_PASSWORD_CHANGE", &c.SecurePasswordChange)
	integer("DAYBASE_AUTH_PASSWORD_MIN_LENGTH", &c.PasswordMinLength)
	boolean("DAYBASE_AUTH_PASSWORD_COMMON_CHECK", &c.PasswordCommonCheck)
	integer("DAYBASE_AUTH_BCRYPT_COST", &c.BcryptCost)
	duration("DAYBASE_AUTH_OTP_EXPIRY", &c.OTPExpiry)
	integer("DAYBASE_AUTH_OTP_MAX_FAILURES", &c.OTPMaxFailures)
	integer("DAYBASE_AUTH_MFA_MAX_FACTORS", &c.MFAMaxFactors)
	duration("DAYBASE_AUTH_MFA_CHALLENGE_EXPIRY", &c.MFAChallengeExpiry)
	str("DAYBASE_AUTH_MFA_ISSUER", &c.MFAIssuer)
	str("DAYBASE_AUTH_PASSKEY_RP_ID", &c.PasskeyRPID)
	duration("DAYBASE_AUTH_PASSKEY_CHALLENGE_EXPIRY", &c.PasskeyChallengeExpiry)
	var origins string
	str("DAYBASE_AUTH_PASSKEY_ORIGINS", &origins)
	if origins != "" {
		for _, o := range strings.Split(origins, ",") {
			if o = strings.TrimSpace(o); o != "" {
				c.PasskeyOrigins = append(c.PasskeyOrigins, o)
			}
		}
	}

	for _, p := range []struct {
		name string
		dst  *auth.OAuthProvider
	}{{"GOOGLE", &c.Google}, {"GITHUB", &c.GitHub}} {
		prefix := "DAYBASE_AUTH_" + p.name + "_"
		str(prefix+"CLIENT_ID", &p.dst.ClientID)
		str(prefix+"SECRET", &p.dst.Secret)
		str(prefix+"AUTH_URL", &p.dst.AuthURL)
		str(prefix+"TOKEN_URL", &p.dst.TokenURL)
		str(prefix+"USER_URL", &p.dst.UserURL)
		str(prefix+"REDIRECT_URL", &p.dst.RedirectURL)
		if (p.dst.ClientID == "") != (p.dst.Secret == "") {
			errs = append(errs, fmt.Errorf("%sCLIENT_ID and %sSECRET: set both or neither", prefix, prefix))
		}
	}

	iss, err := idTokenIssuers(getenv, c.Google.ClientID)
	errs = append(errs, err)
	c.IDTokenIssuers = iss

	str("DAYBASE_SMTP_HOST", &c.SMTP.Host)
	integer("DAYBASE_SMTP_PORT", &c.SMTP.Port)
	str("DAYBASE_SMTP_USER", &c.SMTP.User)
	if v := getenv("DAYBASE_SMTP_PASS"); v != "" {
		c.SMTP.Pass = v
	}
	str("DAYBASE_SMTP_FROM", &c.SMTP.From)
	if c.SMTP.Host != "" && strings.TrimSpace(getenv("DAYBASE_AUTH_AUTOCONFIRM")) == "" {
		c.Autoconfirm = false
	}

	str("DAYBASE_AUTH_CAPTCHA_PROVIDER", &c.Captcha.Provider)
	str("DAYBASE_AUTH_CAPTCHA_SECRET", &c.Captcha.Secret)
	str("DAYBASE_AUTH_CAPTCHA_VERIFY_URL", &c.Captcha.VerifyURL)
	if p := strings.ToLower(c.Captcha.Provider); p != "" && p != "hcaptcha" && p != "turnstile" {
		errs = append(errs, fmt.Errorf("DAYBASE_AUTH_CAPTCHA_PROVIDER=%q: want hcaptcha or turnstile", c.Captcha.Provider))
	}

	rl := &c.RateLimits
	rate("DAYBASE_AUTH_RATE_LIMIT_SIGN_IN", &rl.SignInIP)
	rate("DAYBASE_AUTH_RATE_LIMIT_SIGN_IN_FAILURES", &rl.SignInFailuresEmail)
	rate("DAYBASE_AUTH_RATE_LIMIT_SIGN_UP", &rl.SignUpIP)
	rate("DAYBASE_AUTH_RATE_LIMIT_OTP", &rl.OTPIP)
	rate("DAYBASE_AUTH_RATE_LIMIT_EMAIL_SEND", &rl.EmailSend)
	rate("DAYBASE_AUTH_RATE_LIMIT_VERIFY", &rl.VerifyIP)
	rate("DAYBASE_AUTH_RATE_LIMIT_MFA_VERIFY", &rl.MFAVerifyIP)
	rate("DAYBASE_AUTH_RATE_LIMIT_MFA_FAILURES", &rl.MFAFailuresFactor)
	rate("DAYBASE_AUTH_RATE_LIMIT_REFRESH", &rl.RefreshIP)
	str("DAYBASE_AUTH_RATE_LIMIT_HEADER", &c.RateLimitHeader)

	return c, errors.Join(errs...)
}

// loopbackOnly reports whether the server listens on a loopback address and
// is reached at one (its public URL, DAYBASE_SITE_URL or http://host:port):
// a development server on this machine. A proxy in front of a loopback
// listener makes the public URL another host, so that is not loopback.
func loopbackOnly(cfg config.Config) bool {
	u, err := url.Parse(cfg.PublicURL())
	return err == nil && isLoopbackHost(cfg.Host) && isLoopbackHost(u.Hostname())
}

func isLoopbackHost(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(h, "[]"))
	return ip != nil && ip.IsLoopback()
}

// parseSecondsOrDuration accepts "3600" (seconds, as GoTrue's
// JWT_EXP) or a Go duration ("1h").
func parseSecondsOrDuration(v string) (time.Duration, error) {
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return time.Duration(n) * time.Second, nil
	}
	d, err := time.ParseDuration(v)
	if err != nil || d < 0 {
		return 0, errors.New("bad duration")
	}
	return d, nil
}

// parseRate reads "N/duration" ("300/5m"), or "off" for no limit.
func parseRate(v string) (auth.Rate, error) {
	if strings.EqualFold(v, "off") || v == "0" {
		return auth.Rate{}, nil
	}
	n, per, ok := strings.Cut(v, "/")
	burst, err := strconv.Atoi(strings.TrimSpace(n))
	if !ok || err != nil || burst < 0 {
		return auth.Rate{}, errors.New(`want "N/duration" such as 300/5m, or off`)
	}
	d, err := time.ParseDuration(strings.TrimSpace(per))
	if err != nil || d <= 0 {
		return auth.Rate{}, errors.New(`want "N/duration" such as 300/5m, or off`)
	}
	return auth.Rate{Burst: burst, Per: d}, nil
}

// idTokenIssuers reads the OpenID Connect issuers whose ID tokens
// signInWithIdToken may bring. Google accepts its OAuth client id and the
// app's further ones (iOS, Android); Apple its service and bundle ids; one
// issuer of the self-hoster's choosing is named by DAYBASE_AUTH_OIDC_PROVIDER.
// The issuer URLs default to Google's and Apple's; setting them is for
// tests and proxies.
func idTokenIssuers(getenv func(string) string, googleClientID string) ([]auth.IDTokenIssuer, error) {
	list := func(env string) []string {
		var out []string
		for _, v := range strings.Split(getenv(env), ",") {
			if v = strings.TrimSpace(v); v != "" {
				out = append(out, v)
			}
		}
		return out
	}
	or := func(env, def string) string {
		if v := strings.TrimSpace(getenv(env)); v != "" {
			return v
		}
		return def
	}
	var out []auth.IDTokenIssuer
	var errs []error
	google := list("DAYBASE_AUTH_GOOGLE_ID_TOKEN_CLIENT_IDS")
	if googleClientID != "" {
		google = append([]string{googleClientID}, google...)
	}
	if len(google) > 0 {
		out = append(out, auth.IDTokenIssuer{Provider: "google", URL: or("DAYBASE_AUTH_GOOGLE_ISSUER", idtoken.IssuerGoogle), ClientIDs: google})
	}
	if apple := list("DAYBASE_AUTH_APPLE_CLIENT_IDS"); len(apple) > 0 {
		out = append(out, auth.IDTokenIssuer{Provider: "apple", URL: or("DAYBASE_AUTH_APPLE_ISSUER", idtoken.IssuerApple), ClientIDs: apple})
	}
	name, issuer, ids := or("DAYBASE_AUTH_OIDC_PROVIDER", "oidc"), strings.TrimSpace(getenv("DAYBASE_AUTH_OIDC_ISSUER")), list("DAYBASE_AUTH_OIDC_CLIENT_IDS")
	switch {
	case issuer == "" && len(ids) == 0:
	case issuer == "" || len(ids) == 0:
		errs = append(errs, errors.New("DAYBASE_AUTH_OIDC_ISSUER and DAYBASE_AUTH_OIDC_CLIENT_IDS: set both or neither"))
	case name == "google" || name == "apple":
		errs = append(errs, fmt.Errorf("DAYBASE_AUTH_OIDC_PROVIDER=%q: that name is taken; use DAYBASE_AUTH_%s_* for it", name, strings.ToUpper(name)))
	default:
		if u, err := url.Parse(issuer); err != nil || u.Scheme == "" || u.Host == "" {
			errs = append(errs, fmt.Errorf("DAYBASE_AUTH_OIDC_ISSUER=%q: want an absolute URL", issuer))
			break
		}
		out = append(out, auth.IDTokenIssuer{Provider: name, URL: issuer, ClientIDs: ids})
	}
	return out, errors.Join(errs...)
}
