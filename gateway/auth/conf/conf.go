// Package conf is the auth service's configuration: every setting with its
// environment variable and default (cmd/daybase reads them once, at start).
package conf

import (
	"time"

	"daybase/gateway/auth/captcha"
	"daybase/gateway/auth/idtoken"
	"daybase/gateway/auth/provider"
	"daybase/gateway/auth/ratelimit"
	"daybase/internal/mail"
)

// Config is the auth service's configuration. cmd/daybase fills it from
// DAYBASE_AUTH_* and DAYBASE_SMTP_* environment variables (see
// docs/auth.md); Defaults gives the values used when nothing is set.
type Config struct {
	// SiteURL is the app's URL: the default redirect after e-mail links and
	// OAuth, and the host e-mail links and redirect_to are checked against.
	// Empty means the public URL passed to New. Env DAYBASE_SITE_URL.
	SiteURL string
	// RedirectAllowList are further redirect_to URLs accepted besides
	// SiteURL's host, as globs where * matches any run of characters
	// except "/" and ** matches anything ("http://localhost:*/**").
	// Env DAYBASE_AUTH_REDIRECT_ALLOW_LIST, comma-separated.
	RedirectAllowList []string

	// JWTExpiry is the lifetime of access tokens. supabase-js refreshes
	// 90 s before expiry, so values under 2 minutes make it refresh on every
	// call. Env DAYBASE_AUTH_JWT_EXPIRY, default 1h.
	JWTExpiry time.Duration
	// RefreshReuseInterval is how long a rotated refresh token may still be
	// exchanged (for clients that lost the answer to a refresh); presenting
	// it later revokes the session's whole token family. Env
	// DAYBASE_AUTH_REFRESH_REUSE_INTERVAL, default 10s.
	RefreshReuseInterval time.Duration
	// SessionTimebox ends sessions this long after sign-in regardless of
	// refreshes; 0 keeps them until sign-out. Env DAYBASE_AUTH_SESSION_TIMEBOX.
	SessionTimebox time.Duration

	// DisableSignup refuses new accounts (sign-up, OTP with create_user,
	// OAuth for unknown users). Env DAYBASE_AUTH_DISABLE_SIGNUP, default false.
	DisableSignup bool
	// Autoconfirm treats new e-mail addresses as confirmed, so sign-up
	// returns a session at once. Off, sign-up mails a confirmation link and
	// password sign-in answers email_not_confirmed until it is followed.
	// Env DAYBASE_AUTH_AUTOCONFIRM; default off, except on a development
	// server that listens on and is reached at a loopback address and has
	// no SMTP server (cmd/daybase decides, and says so at start-up).
	Autoconfirm bool
	// ManualLinking allows linkIdentity and unlinkIdentity
	// (/user/identities/*), as GoTrue's GOTRUE_SECURITY_MANUAL_LINKING_ENABLED.
	// Env DAYBASE_AUTH_MANUAL_LINKING, default false.
	ManualLinking bool
	// AnonymousSignIns allows signInAnonymously. Env
	// DAYBASE_AUTH_ANONYMOUS_SIGN_INS, default false.
	AnonymousSignIns bool
	// AnonymousUserTTL: anonymous users that have not used their session
	// for this long are deleted with their data (PruneAnonymousUsers;
	// cmd/daybase runs it hourly). 0 keeps them. Env
	// DAYBASE_AUTH_ANONYMOUS_USER_TTL, default 30 days.
	AnonymousUserTTL time.Duration
	// SecureEmailChange asks both the current and the new address to
	// confirm an e-mail change; off, only the new one confirms. Env
	// DAYBASE_AUTH_SECURE_EMAIL_CHANGE, default true.
	SecureEmailChange bool
	// SecurePasswordChange requires a nonce from /reauthenticate to change
	// the password when the session signed in more than 24 h ago. Env
	// DAYBASE_AUTH_SECURE_PASSWORD_CHANGE, default false.
	SecurePasswordChange bool
	// PasswordMinLength is the shortest password accepted. Env
	// DAYBASE_AUTH_PASSWORD_MIN_LENGTH, default 8.
	PasswordMinLength int
	// PasswordCommonCheck refuses the 30,000 most common passwords
	// (weak_password, reason "pwned"), checked offline against an embedded
	// list. Env DAYBASE_AUTH_PASSWORD_COMMON_CHECK, default true.
	PasswordCommonCheck bool
	// BcryptCost is the bcrypt work factor for new password hashes. Env
	// DAYBASE_AUTH_BCRYPT_COST, default 10 (see docs/decisions.md).
	BcryptCost int
	// OTPExpiry is how long e-mailed links and codes stay valid. Env
	// DAYBASE_AUTH_OTP_EXPIRY, default 1h.
	OTPExpiry time.Duration
	// OTPMaxFailures is how many wrong codes may be typed for one address
	// before its outstanding codes stop working (a new one must be
	// requested). Env DAYBASE_AUTH_OTP_MAX_FAILURES, default 5.
	OTPMaxFailures int
	// FlowStateExpiry bounds the PKCE and OAuth round trip, from the
	// redirect to the code exchange. Default 5m.
	FlowStateExpiry time.Duration

	// MFAMaxFactors caps the factors (verified or not) of one user. Env
	// DAYBASE_AUTH_MFA_MAX_FACTORS, default 10.
	MFAMaxFactors int
	// MFAChallengeExpiry is how long a challenge can be verified. Env
	// DAYBASE_AUTH_MFA_CHALLENGE_EXPIRY, default 5m.
	MFAChallengeExpiry time.Duration
	// MFAFactorExpiry removes factors never verified after this long.
	// Default 5m.
	MFAFactorExpiry time.Duration
	// MFAIssuer names the account in authenticator apps when the client
	// gives no issuer. Empty means SiteURL's host.
	MFAIssuer string

	// PasskeyRPID is the WebAuthn relying party id passkeys are bound to.
	// Empty means SiteURL's host name. Env DAYBASE_AUTH_PASSKEY_RP_ID.
	PasskeyRPID string
	// PasskeyOrigins are the origins whose pages may use passkeys. Empty
	// means SiteURL's origin. Env DAYBASE_AUTH_PASSKEY_ORIGINS,
	// comma-separated.
	PasskeyOrigins []string
	// PasskeyChallengeExpiry is how long a passkey registration or sign-in
	// may take between its options and its verification. Default 5m.
	PasskeyChallengeExpiry time.Duration

	// Google and GitHub are the OAuth providers; a provider without a
	// client id is disabled and /authorize names the variables to set.
	Google OAuthProvider
	GitHub OAuthProvider

	// IDTokenIssuers are the OpenID Connect issuers whose ID tokens
	// POST /token?grant_type=id_token accepts (signInWithIdToken, and
	// linkIdentity with a token), one per provider name: google, apple and
	// a self-hoster's own. Env DAYBASE_AUTH_GOOGLE_ISSUER,
	// DAYBASE_AUTH_GOOGLE_ID_TOKEN_CLIENT_IDS, DAYBASE_AUTH_APPLE_ISSUER,
	// DAYBASE_AUTH_APPLE_CLIENT_IDS, DAYBASE_AUTH_OIDC_PROVIDER,
	// DAYBASE_AUTH_OIDC_ISSUER, DAYBASE_AUTH_OIDC_CLIENT_IDS (docs/auth.md).
	IDTokenIssuers []IDTokenIssuer

	// SMTP sends mail; with Host empty mail goes to the dev outbox
	// (auth.outbox rows, also logged).
	SMTP SMTPConfig

	// Captcha checks gotrue_meta_security.captcha_token on sign-up,
	// password sign-in, OTP, recovery and resend when Secret is set.
	Captcha CaptchaConfig

	// RateLimits are the per-IP and per-e-mail limits.
	RateLimits RateLimits
	// RateLimitHeader names a header holding the client address (for
	// example X-Forwarded-For behind a proxy you trust); empty uses the
	// connection's address. Env DAYBASE_AUTH_RATE_LIMIT_HEADER.
	RateLimitHeader string
}

// OAuthProvider configures one OAuth 2 provider (gateway/auth/provider).
type OAuthProvider = provider.Settings

// IDTokenIssuer is one OpenID Connect issuer of ID tokens
// (gateway/auth/idtoken).
type IDTokenIssuer = idtoken.Issuer

// SMTPConfig is the outgoing mail server.
type SMTPConfig struct {
	// Host and Port of the server; port 465 uses implicit TLS, others
	// STARTTLS when offered. Env DAYBASE_SMTP_HOST, DAYBASE_SMTP_PORT
	// (default 587).
	Host string
	Port int
	// User and Pass authenticate (PLAIN) when User is set. Env
	// DAYBASE_SMTP_USER, DAYBASE_SMTP_PASS.
	User string
	Pass string
	// From is the sender address. Env DAYBASE_SMTP_FROM, default
	// "Daybase <no-reply@localhost>".
	From string
}

// Mail is the internal/mail configuration: implicit TLS on port 465,
// STARTTLS elsewhere when the server offers it.
func (c SMTPConfig) Mail() mail.Config {
	return mail.Config{Host: c.Host, Port: c.Port, ImplicitTLS: c.Port == 465, User: c.User, Pass: c.Pass, From: c.From}
}

// CaptchaConfig selects the captcha provider (gateway/auth/captcha).
type CaptchaConfig = captcha.Config

// Rate is a token bucket: up to Burst requests at once, refilled evenly
// at Burst per Per (gateway/auth/ratelimit).
type Rate = ratelimit.Rate

// RateLimits are the limits of the protected endpoints. Keys are the
// client address (IP) or the normalised e-mail address; they live in the
// process's memory, so several instances each apply them.
type RateLimits struct {
	// SignInIP: password sign-ins per address. Env
	// DAYBASE_AUTH_RATE_LIMIT_SIGN_IN, default 500/5m.
	SignInIP Rate
	// SignInFailuresEmail: failed password sign-ins per e-mail; further
	// attempts answer 429 until the bucket refills. Env
	// DAYBASE_AUTH_RATE_LIMIT_SIGN_IN_FAILURES, default 5/5m (one more try
	// a minute after five failures).
	SignInFailuresEmail Rate
	// SignUpIP: sign-ups (and anonymous sign-ins) per address. Env
	// DAYBASE_AUTH_RATE_LIMIT_SIGN_UP, default 500/5m.
	SignUpIP Rate
	// OTPIP: requests that send mail (otp, recover, resend,
	// reauthenticate) per address. Env DAYBASE_AUTH_RATE_LIMIT_OTP,
	// default 120/5m.
	OTPIP Rate
	// EmailSend: mails per recipient. Env DAYBASE_AUTH_RATE_LIMIT_EMAIL_SEND,
	// default 1/60s (GoTrue's 60 s between mails).
	EmailSend Rate
	// VerifyIP: /verify calls per address. Env
	// DAYBASE_AUTH_RATE_LIMIT_VERIFY, default 300/5m.
	VerifyIP Rate
	// MFAVerifyIP: MFA verifications per address. Env
	// DAYBASE_AUTH_RATE_LIMIT_MFA_VERIFY, default 120/5m.
	MFAVerifyIP Rate
	// MFAFailuresFactor: failed MFA codes per factor. Env
	// DAYBASE_AUTH_RATE_LIMIT_MFA_FAILURES, default 5/2m30s.
	MFAFailuresFactor Rate
	// RefreshIP: token refreshes per address. Env
	// DAYBASE_AUTH_RATE_LIMIT_REFRESH, default 1800/5m.
	RefreshIP Rate
}

// Defaults returns the configuration used when nothing is set.
func Defaults() Config {
	return Config{
		JWTExpiry:              time.Hour,
		RefreshReuseInterval:   10 * time.Second,
		SecureEmailChange:      true,
		AnonymousUserTTL:       30 * 24 * time.Hour,
		PasskeyChallengeExpiry: 5 * time.Minute,
		PasswordMinLength:      8,
		PasswordCommonCheck:    true,
		BcryptCost:             10,
		OTPExpiry:              time.Hour,
		OTPMaxFailures:         5,
		FlowStateExpiry:        5 * time.Minute,
		MFAMaxFactors:          10,
		MFAChallengeExpiry:     5 * time.Minute,
		MFAFactorExpiry:        5 * time.Minute,
		SMTP:                   SMTPConfig{Port: 587, From: "Daybase <no-reply@localhost>"},
		RateLimits: RateLimits{
			SignInIP:            Rate{Burst: 500, Per: 5 * time.Minute},
			SignInFailuresEmail: Rate{Burst: 5, Per: 5 * time.Minute},
			SignUpIP:            Rate{Burst: 500, Per: 5 * time.Minute},
			OTPIP:               Rate{Burst: 120, Per: 5 * time.Minute},
			EmailSend:           Rate{Burst: 1, Per: time.Minute},
			VerifyIP:            Rate{Burst: 300, Per: 5 * time.Minute},
			MFAVerifyIP:         Rate{Burst: 120, Per: 5 * time.Minute},
			MFAFailuresFactor:   Rate{Burst: 5, Per: 150 * time.Second},
			RefreshIP:           Rate{Burst: 1800, Per: 5 * time.Minute},
		},
	}
}
