package auth

import "daybase/gateway/auth/conf"

// The service's settings live in gateway/auth/conf; these names keep the
// callers' spelling (cmd/daybase builds an auth.Config).
type (
	Config        = conf.Config
	OAuthProvider = conf.OAuthProvider
	Rate          = conf.Rate
	IDTokenIssuer = conf.IDTokenIssuer
)

// Defaults returns the configuration used when nothing is set.
func Defaults() Config { return conf.Defaults() }
