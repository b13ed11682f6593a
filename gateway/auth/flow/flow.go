// Package flow keeps the state of browser sign-in flows between their
// two requests (GoTrue's auth.flow_state): the PKCE challenge a client
// sends, the flow an e-mail link or an OAuth sign-in records, and the
// OAuth state the provider's callback brings back. gateway/auth keeps
// the HTTP contract of /authorize, /callback and the e-mail endpoints.
package flow

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
)

// PKCE are the fields supabase-js adds to sign-up, recovery, OTP and
// resend bodies (null without PKCE).
type PKCE struct {
	CodeChallenge       *string `json:"code_challenge"`
	CodeChallengeMethod *string `json:"code_challenge_method"`
}

// codeChallengePattern is what GoTrue accepts as a challenge.
var codeChallengePattern = regexp.MustCompile(`^[a-zA-Z._~0-9-]{43,128}$`)

// Parse returns the challenge and its lower-case method, or "" and "" for
// a request without PKCE.
func (p PKCE) Parse() (challenge, method string, err error) {
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

// FromQuery is PKCE from query parameters, where absent means null.
func FromQuery(challenge, method string) PKCE {
	return PKCE{CodeChallenge: nonEmpty(challenge), CodeChallengeMethod: nonEmpty(method)}
}

// StartEmail records a PKCE flow for an e-mail link of userID ("" for
// none): the verify link then ends in redirect_to?code=…, exchanged with
// the verifier.
func StartEmail(ctx context.Context, db store.Querier, userID, challenge, method, authMethod string) error {
	var user any
	if userID != "" {
		user = userID
	}
	if _, err := db.Exec(ctx, store.SQL.InsertFlowState, user, challenge, method, "email", authMethod, nil); err != nil {
		return fmt.Errorf("store flow state: %w", err)
	}
	return nil
}

// StartOAuth records an OAuth flow with provider, after dropping flows
// older than staleAfter, and returns its id, the state the provider
// sends back. linkTo, when set, is the signed-in user the provider's
// identity will be linked to.
func StartOAuth(ctx context.Context, db store.Querier, staleAfter time.Duration, provider, challenge, method, authMethod, redirect, linkTo string) (string, error) {
	if _, err := db.Exec(ctx, store.SQL.DeleteStaleFlowStates, staleAfter); err != nil {
		return "", fmt.Errorf("clean flow states: %w", err)
	}
	var id string
	if err := db.QueryRow(ctx, store.SQL.InsertFlowState, nil, challenge, method, provider, authMethod, redirect).Scan(&id); err != nil {
		return "", fmt.Errorf("store flow state: %w", err)
	}
	if linkTo != "" {
		if _, err := db.Exec(ctx, store.SQL.SetFlowLinkingTarget, id, linkTo); err != nil {
			return "", fmt.Errorf("store linking target: %w", err)
		}
	}
	return id, nil
}

// OAuth is a recorded OAuth flow.
type OAuth struct {
	Provider, LinkTo string
	Challenge        *string // nil without PKCE
	RedirectTo       string
}

// ErrNoState means the state names no flow, or one older than expiry.
var ErrNoState = errors.New("flow: no such OAuth state")

// LoadOAuth reads the flow whose id is state (a UUID).
func LoadOAuth(ctx context.Context, db store.Querier, state string, now time.Time, expiry time.Duration) (*OAuth, error) {
	var f OAuth
	var redirect *string
	var created time.Time
	err := db.QueryRow(ctx, store.SQL.FlowStateByID, state).Scan(&f.Provider, &f.Challenge, &redirect, &created, &f.LinkTo)
	if errors.Is(err, pgx.ErrNoRows) || now.After(created.Add(expiry)) {
		return nil, ErrNoState
	}
	if err != nil {
		return nil, fmt.Errorf("load flow state: %w", err)
	}
	f.RedirectTo = deref(redirect)
	return &f, nil
}

// CompleteOAuth ends a PKCE flow for userID with the provider's tokens
// and returns the auth code the client exchanges.
func CompleteOAuth(ctx context.Context, tx pgx.Tx, state, userID, providerToken, providerRefresh string) (string, error) {
	var code string
	err := tx.QueryRow(ctx, store.SQL.CompleteOAuthFlow, state, userID, providerToken, providerRefresh).Scan(&code)
	return code, err
}

// Delete drops a flow.
func Delete(ctx context.Context, db store.Querier, id string) error {
	_, err := db.Exec(ctx, store.SQL.DeleteFlowState, id)
	return err
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
