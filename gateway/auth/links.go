package auth

import (
	"context"
	"net/url"

	"daybase/gateway/auth/flow"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/redirect"
)

// pkcePrefix marks link tokens whose flow ends with a PKCE code exchange
// (GoTrue's "pkce_" prefix).
const pkcePrefix = "pkce_"

// issueOTT stores a fresh one-time token (ott.Issue).
func (s *Service) issueOTT(ctx context.Context, db querier, userID, typ, address string) (code, hash string, err error) {
	return ott.Issue(ctx, db, s.random, userID, typ, address)
}

// verifyURL is the link a mail carries: GET /verify redirects the browser
// to redirectTo with a session (implicit) or a code (PKCE).
func (s *Service) verifyURL(hash, verifyType, redirectTo string, pkce bool) string {
	if pkce {
		hash = pkcePrefix + hash
	}
	// GoTrue's order, token first: auth-js's suite matches "?token".
	link := s.issuer + "/verify?token=" + url.QueryEscape(hash) + "&type=" + url.QueryEscape(verifyType)
	if redirectTo != "" {
		link += "&redirect_to=" + url.QueryEscape(redirectTo)
	}
	return link
}

// redirectTarget returns raw when it is an allowed redirect — same host as
// SiteURL, both loopback, or matching Config.RedirectAllowList — and
// SiteURL otherwise, as GoTrue does.
func (s *Service) redirectTarget(raw string) string {
	if raw == "" {
		return s.cfg.SiteURL
	}
	if redirect.Allowed(raw, s.cfg.SiteURL, s.cfg.RedirectAllowList) {
		return raw
	}
	return s.cfg.SiteURL
}

// pkceParams are the PKCE fields supabase-js adds to sign-up, recovery,
// OTP and resend bodies (flow.PKCE).
type pkceParams = flow.PKCE

// startEmailFlow records a PKCE flow for an e-mail link (flow.StartEmail).
func (s *Service) startEmailFlow(ctx context.Context, db querier, userID, challenge, method, authMethod string) error {
	return flow.StartEmail(ctx, db, userID, challenge, method, authMethod)
}
