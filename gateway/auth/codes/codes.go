// Package codes makes and checks the auth service's secrets that travel:
// 6-digit one-time codes and their link hashes (GoTrue's crypto package),
// refresh tokens, and PKCE verifiers.
package codes

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base32"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"math/big"
	"strings"
)

// Hash is GoTrue's crypto.GenerateTokenHash: hex(sha224(address +
// code)). The hash goes into links; the 6-digit code into the mail text,
// and either verifies.
func Hash(address, code string) string {
	sum := sha256.Sum224([]byte(address + code))
	return hex.EncodeToString(sum[:])
}

// NewOTP returns a uniformly random 6-digit code.
func NewOTP(random io.Reader) (string, error) {
	n, err := rand.Int(random, big.NewInt(1_000_000))
	if err != nil {
		return "", fmt.Errorf("random code: %w", err)
	}
	return fmt.Sprintf("%06d", n.Int64()), nil
}

// refreshEncoding renders refresh tokens: lower-case base32 without
// padding, URL- and header-safe.
var refreshEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// NewRefreshToken returns 128 random bits as 26 characters. supabase-js
// treats refresh tokens as opaque strings.
func NewRefreshToken(random io.Reader) (string, error) {
	b := make([]byte, 16)
	if _, err := io.ReadFull(random, b); err != nil {
		return "", fmt.Errorf("random refresh token: %w", err)
	}
	return refreshEncoding.EncodeToString(b), nil
}

// PKCEMatches checks an RFC 7636 verifier in constant time.
func PKCEMatches(verifier, challenge, method string) bool {
	want := verifier
	if strings.EqualFold(method, "s256") {
		sum := sha256.Sum256([]byte(verifier))
		want = base64.RawURLEncoding.EncodeToString(sum[:])
	}
	return subtle.ConstantTimeCompare([]byte(want), []byte(challenge)) == 1
}
