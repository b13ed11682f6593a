// Package token signs and verifies the HS256 JWTs daybase issues: the
// anon and service_role API keys and users' access tokens.
package token

import (
	"errors"
	"fmt"
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
}

// NewSigner returns a Signer for secret.
func NewSigner(secret string) *Signer {
	return &Signer{secret: []byte(secret), now: time.Now}
}

// Sign returns the compact JWT for claims.
func (s *Signer) Sign(claims Claims) (string, error) {
	t, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	return t, nil
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
