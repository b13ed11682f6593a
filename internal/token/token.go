// Package token signs and verifies the HS256 JWTs daybase issues: the
// anon and service_role API keys and users' access tokens.
package token

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"hash"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Claims are a token's claims as decoded JSON.
type Claims = jwt.MapClaims

// ErrInvalid wraps every verification failure.
var ErrInvalid = errors.New("invalid JWT")

// Signer signs and verifies with one HS256 secret.
type Signer struct {
	secret []byte
	now    func() time.Time
	macs   sync.Pool // keyed HMAC-SHA256 states, reset before use
}

// NewSigner returns a Signer for secret.
func NewSigner(secret string) *Signer {
	s := &Signer{secret: []byte(secret), now: time.Now}
	s.macs.New = func() any { return hmac.New(sha256.New, s.secret) }
	return s
}

// hs256Header is the encoded header golang-jwt writes for HS256,
// {"alg":"HS256","typ":"JWT"}.
const hs256Header = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9"

// Sign returns the compact JWT for claims: Claims, or a struct whose JSON
// is the claims object. The token is byte for byte the one golang-jwt's
// SignedString makes (TestSignMatchesGolangJWT); it is built here because a
// token is signed on every sign-in and refresh, and golang-jwt keys a new
// HMAC and encodes the header for each one.
func (s *Signer) Sign(claims any) (string, error) {
	payload, err := json.Marshal(claims)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return s.SignPayload(payload), nil
}

// SignPayload returns the compact JWT for payload, the claims object as
// json.Marshal encodes it (for callers that encode their claims by hand).
func (s *Signer) SignPayload(payload []byte) string {
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

// Verify checks signature, algorithm and time claims and returns the claims.
func (s *Signer) Verify(raw string) (Claims, error) {
	claims := Claims{}
	_, err := jwt.ParseWithClaims(raw, claims, func(*jwt.Token) (any, error) { return s.secret, nil },
		jwt.WithValidMethods([]string{"HS256"}), jwt.WithTimeFunc(s.now), jwt.WithLeeway(5*time.Second))
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return claims, nil
}

// APIKey returns a long-lived key for role ("anon" or "service_role"),
// shaped like the hosted CLI's keys: {"iss","role","iat","exp"}.
func (s *Signer) APIKey(role string) (string, error) {
	now := s.now()
	return s.Sign(Claims{
		"iss":  "daybase",
		"role": role,
		"iat":  now.Unix(),
		"exp":  now.AddDate(10, 0, 0).Unix(),
	})
}
