package auth

import (
	"context"
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/redirect"
	"daybase/gateway/auth/store"
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
// OTP and resend bodies (null without PKCE).
type pkceParams struct {
	CodeChallenge       *string `json:"code_challenge"`
	CodeChallengeMethod *string `json:"code_challenge_method"`
}

// codeChallengePattern is what GoTrue accepts as a challenge.
var codeChallengePattern = regexp.MustCompile(`^[a-zA-Z._~0-9-]{43,128}$`)

// parse returns the challenge and its lower-case method, or "" and "" for
// a request without PKCE.
func (p pkceParams) parse() (challenge, method string, err error) {
	challenge, method = deref(p.CodeChallenge), strings.ToLower(deref(p.CodeChallengeMethod))
	if challenge == "" && method == "" {
		return "", "", nil
	}
	if challenge == "" || method == "" {
		return "", "", apierr.Fail(apierr.CodeValidationFailed, "PKCE flow requires code_challenge_method and code_challenge")
	}
	if method != "s256" && method != "plain" {
		return "", "", apierr.Fail(apierr.CodeValidationFailed, "code challenge method not supported: use s256 or plain")
	}
	if !codeChallengePattern.MatchString(challenge) {
		return "", "", apierr.Fail(apierr.CodeValidationFailed, "code challenge has to be between 43 and 128 characters of [a-zA-Z._~0-9-]")
	}
	return challenge, method, nil
}

// startEmailFlow records a PKCE flow for an e-mail link: the verify link
// then ends in redirect_to?code=…, exchanged with the verifier.
func (s *Service) startEmailFlow(ctx context.Context, db querier, userID, challenge, method, authMethod string) error {
	if _, err := db.Exec(ctx, store.SQL.InsertFlowState, nullUUID(userID), challenge, method, "email", authMethod, nil); err != nil {
		return fmt.Errorf("store flow state: %w", err)
	}
	return nil
}
