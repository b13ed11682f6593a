// Package idtoken verifies OpenID Connect ID tokens — the ones a mobile or
// One Tap sign-in hands the app, which passes them to
// supabase.auth.signInWithIdToken — against their issuer: its discovery
// document, its JWKS (refetched when a token names a key id the cached set
// lacks, so the issuer's key rotations are followed), the token's iss, exp
// and iat. What the claims then mean for an account (audience, nonce,
// identities) stays in gateway/auth.
package idtoken

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
)

// Well-known issuers.
const (
	IssuerGoogle = "https://accounts.google.com"
	IssuerApple  = "https://appleid.apple.com"
)

// Issuer is one OpenID Connect provider whose ID tokens are accepted.
type Issuer struct {
	// Provider is the name clients pass (signInWithIdToken's provider) and
	// the identities' provider: "google", "apple", or a self-hoster's own.
	Provider string
	// URL is the issuer: its /.well-known/openid-configuration is read,
	// and tokens must carry it as iss.
	URL string
	// ClientIDs are the audiences accepted (the web, iOS and Android
	// client ids of one app).
	ClientIDs []string
}

// Claims are the claims of a verified ID token that daybase uses.
type Claims struct {
	Issuer          string
	Subject         string
	Audience        []string
	Nonce           string
	AccessTokenHash string
	Email           string
	EmailVerified   bool
	Name            string
	Picture         string
	UserName        string
}

// ErrInvalid wraps every reason a token is refused: malformed, bad
// signature, unknown key, wrong issuer, expired, issued in the future,
// access token not matching at_hash.
var ErrInvalid = errors.New("invalid ID token")

// leeway is the clock skew tolerated on iat, as go-oidc tolerates on nbf.
const leeway = 5 * time.Minute

// Verifier verifies ID tokens, keeping each issuer's discovery document
// and key set once it has been read.
type Verifier struct {
	client *http.Client
	now    func() time.Time

	mu        sync.Mutex
	providers map[string]*oidc.Provider
}

// NewVerifier returns a Verifier fetching with client; now is the clock
// (time.Now outside tests).
func NewVerifier(client *http.Client, now func() time.Time) *Verifier {
	return &Verifier{client: client, now: now, providers: map[string]*oidc.Provider{}}
}

// provider returns the issuer's discovery, reading it on first use. A
// failed read is not kept, so the next sign-in tries again.
func (v *Verifier) provider(ctx context.Context, issuer string) (*oidc.Provider, error) {
	v.mu.Lock()
	p := v.providers[issuer]
	v.mu.Unlock()
	if p != nil {
		return p, nil
	}
	p, err := oidc.NewProvider(oidc.ClientContext(ctx, v.client), issuer)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", issuer, err)
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if cached := v.providers[issuer]; cached != nil {
		return cached, nil
	}
	v.providers[issuer] = p
	return p, nil
}

// Verify checks raw against iss and returns its claims. accessToken, when
// not empty, must match the token's at_hash. The audience is returned, not
// checked: the caller answers an unacceptable one in its own words. Errors
// wrapping ErrInvalid are the token's fault; others (the issuer
// unreachable) are not.
func (v *Verifier) Verify(ctx context.Context, iss Issuer, raw, accessToken string) (*Claims, error) {
	p, err := v.provider(ctx, iss.URL)
	if err != nil {
		return nil, err
	}
	tok, err := p.Verifier(&oidc.Config{SkipClientIDCheck: true, Now: v.now}).Verify(oidc.ClientContext(ctx, v.client), raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
	}
	if !tok.IssuedAt.IsZero() && tok.IssuedAt.After(v.now().Add(leeway)) {
		return nil, fmt.Errorf("%w: issued in the future (iat %s)", ErrInvalid, tok.IssuedAt.UTC().Format(time.RFC3339))
	}
	if accessToken != "" && tok.AccessTokenHash != "" {
		if err := tok.VerifyAccessToken(accessToken); err != nil {
			return nil, fmt.Errorf("%w: %w", ErrInvalid, err)
		}
	}
	var c struct {
		Email             string   `json:"email"`
		EmailVerified     flexBool `json:"email_verified"`
		Name              string   `json:"name"`
		GivenName         string   `json:"given_name"`
		FamilyName        string   `json:"family_name"`
		Picture           string   `json:"picture"`
		PreferredUsername string   `json:"preferred_username"`
	}
	if err := tok.Claims(&c); err != nil {
		return nil, fmt.Errorf("%w: claims: %w", ErrInvalid, err)
	}
	name := c.Name
	if name == "" && (c.GivenName != "" || c.FamilyName != "") {
		name = joinName(c.GivenName, c.FamilyName)
	}
	return &Claims{
		Issuer: tok.Issuer, Subject: tok.Subject, Audience: tok.Audience, Nonce: tok.Nonce,
		AccessTokenHash: tok.AccessTokenHash, Email: c.Email, EmailVerified: bool(c.EmailVerified),
		Name: name, Picture: c.Picture, UserName: c.PreferredUsername,
	}, nil
}

func joinName(given, family string) string {
	switch {
	case given == "":
		return family
	case family == "":
		return given
	}
	return given + " " + family
}

// flexBool reads a boolean claim sent as true or "true" (Apple sends
// email_verified as a string).
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	var v any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	switch t := v.(type) {
	case bool:
		*b = flexBool(t)
	case string:
		parsed, _ := strconv.ParseBool(t)
		*b = flexBool(parsed)
	}
	return nil
}
