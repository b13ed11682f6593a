package auth

import "daybase/gateway/auth/conf"

// The service's settings live in gateway/auth/conf; these names keep the
// callers' spelling (cmd/daybase builds an auth.Config).
type (
	Config        = conf.Config
	SMTPConfig    = conf.SMTPConfig
	RateLimits    = conf.RateLimits
	OAuthProvider = conf.OAuthProvider
	CaptchaConfig = conf.CaptchaConfig
	Rate          = conf.Rate
)

// Defaults returns the configuration used when nothing is set.
func Defaults() Config { return conf.Defaults() }
