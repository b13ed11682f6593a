// Package token signs and verifies the JWTs daybase issues: users' access
// tokens (ES256 or RS256 with a kid when the data dir has asymmetric
// signing keys, HS256 otherwise), and the anon and service_role API keys
// and storage's signed URLs (always HS256 with the data dir's secret, so
// they outlive any rotation of the signing keys).
package token

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Claims are a token's claims as decoded JSON.
type Claims = jwt.MapClaims

// ErrInvalid wraps every verification failure.
var ErrInvalid = errors.New("invalid JWT")

// VerifyError is a verification failure. Reason is golang-jwt's error (or
// the key lookup's) as the library gave it: GoTrue words its bad_jwt
// message with that error, so gateway/auth does too, without taking our
// text apart. It wraps ErrInvalid and Reason, so errors.Is finds both the
// kinds below and ErrInvalid.
type VerifyError struct{ Reason error }

func (e *VerifyError) Error() string   { return ErrInvalid.Error() + ": " + e.Reason.Error() }
func (e *VerifyError) Unwrap() []error { return []error{ErrInvalid, e.Reason} }

// The kinds of failure a caller words differently, for errors.Is; a
// failure of any other kind (signature, algorithm, unknown key, malformed)
// wraps only ErrInvalid. They are golang-jwt's, named here so callers need
// not know the library.
var (
	ErrExpired        = jwt.ErrTokenExpired
	ErrNotValidYet    = jwt.ErrTokenNotValidYet
	ErrIssuedInFuture = jwt.ErrTokenUsedBeforeIssued
	ErrAudience       = jwt.ErrTokenInvalidAudience
	ErrClaims         = jwt.ErrTokenInvalidClaims
)

// Signer signs with the current signing key and verifies with every key
// still trusted. It is safe for concurrent use; SetKeys swaps the
// asymmetric keys of a running server (after `daybase keys rotate`).
type Signer struct {
	secret []byte
	now    func() time.Time
	macs   sync.Pool // keyed HMAC-SHA256 states, reset before use
	set    atomic.Pointer[keySet]
	cache  verified
}

// NewSigner returns a Signer for secret, signing HS256 until SetKeys
// gives it an asymmetric key.
func NewSigner(secret string) *Signer {
	s := &Signer{secret: []byte(secret), now: time.Now}
	s.macs.New = func() any { return hmac.New(sha256.New, s.secret) }
	s.set.Store(&keySet{jwks: []byte(`{"keys":[]}`)})
	return s
}

// hs256Header is the encoded header golang-jwt writes for HS256,
// {"alg":"HS256","typ":"JWT"}.
const hs256Header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

// Sign returns the compact JWT for claims: Claims, or a struct whose JSON
// is the claims object, signed with the current signing key.
func (s *Signer) Sign(claims any) (string, error) {
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s.SignPayload(payload)
}

// SignPayload returns the compact JWT for payload, the claims object as
// json.Marshal encodes it (for callers that encode their claims by hand).
func (s *Signer) SignPayload(payload []byte) (string, error) {
	if k := s.set.Load().signing; k != nil {
		return k.sign(payload)
	}
	return s.signHS256(payload), nil
}

// SignSecret signs claims HS256 with the data dir's secret whatever the
// signing key is: for tokens that must outlive a key rotation (signed URLs).
func (s *Signer) SignSecret(claims any) (string, error) {
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s.signHS256(payload), nil
}

// signHS256 makes byte for byte the token golang-jwt's SignedString makes
// (TestSignMatchesGolangJWT); it is built here because a token is signed
// on every sign-in and refresh, and golang-jwt keys a new HMAC and encodes
// the header for each one.
func (s *Signer) signHS256(payload []byte) string {
	enc := base64.RawURLEncoding
	n := len(hs256Header) + 1 + enc.EncodedLen(len(payload))
	buf := make([]byte, n, n+1+enc.EncodedLen(sha256.Size))
	copy(buf, hs256Header)
	buf[len(hs256Header)] = '.'
	enc.Encode(buf[len(hs256Header)+1:], payload)
	mac := s.macs.Get().(hash.Hash)
	mac.Reset()
	mac.Write(buf)
	var sum [sha256.Size]byte
	sig := mac.Sum(sum[:0])
	s.macs.Put(mac)
	buf = append(buf, '.')
	buf = enc.AppendEncode(buf, sig)
	return string(buf)
}

var validMethods = jwt.WithValidMethods([]string{"HS256", "ES256", "RS256"})

const leeway = 5 * time.Second

// Verify checks signature, algorithm and time claims and returns the
// claims. HS256 tokens verify with the secret; ES256 and RS256 tokens with
// the key their kid names, which must still be trusted.
func (s *Signer) Verify(raw string) (Claims, error) {
	set := s.set.Load()
	now := s.now()
	if len(set.byKID) > 0 && !strings.HasPrefix(raw, hs256Header+".") {
		if c, ok := s.cache.get(raw, set, now); ok {
			return c, nil
		}
	}
	claims := Claims{}
	asymmetric := false
	_, err := jwt.ParseWithClaims(raw, claims, func(t *jwt.Token) (any, error) {
		if t.Method.Alg() == "HS256" {
			return s.secret, nil
		}
		asymmetric = true
		kid, _ := t.Header["kid"].(string)
		k := set.byKID[kid]
		if k == nil {
			return nil, fmt.Errorf("unknown signing key %q", kid)
		}
		if k.alg != t.Method.Alg() {
			return nil, fmt.Errorf("key %q is %s, not %s", kid, k.alg, t.Method.Alg())
		}
		return k.pub, nil
	}, validMethods, jwt.WithTimeFunc(func() time.Time { return now }), jwt.WithLeeway(leeway))
	if err != nil {
		return nil, &VerifyError{Reason: err}
	}
	if asymmetric {
		s.cache.put(raw, set, claims, leeway)
	}
	return claims, nil
}

// APIKey returns a long-lived key for role ("anon" or "service_role"),
// shaped like the hosted CLI's keys: {"iss","role","iat","exp"}. API keys
// are HS256 with the secret, as the hosted legacy keys are, so rotating
// the signing keys never invalidates them.
func (s *Signer) APIKey(role string) (string, error) {
	now := s.now()
	return s.SignSecret(Claims{
		"iss":  "daybase",
		"role": role,
		"iat":  now.Unix(),
		"exp":  now.AddDate(10, 0, 0).Unix(),
	})
}
