package token

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Sign must make the very token golang-jwt makes, so tokens (and their
// claims' key order) are as before and any HS256 library accepts them.
func TestSignMatchesGolangJWT(t *testing.T) {
	s := NewSigner(testSecret)
	for _, claims := range []Claims{
		{},
		{"role": "anon", "iss": "daybase", "iat": int64(1700000000), "exp": int64(2000000000)},
		{"sub": "a80eb108-1193-4355-832f-c0fd26d9a7cf", "aal": "aal1", "amr": []map[string]any{{"method": "password", "timestamp": 1795473663}},
			"app_metadata":  map[string]any{"provider": "email", "providers": []string{"email"}},
			"user_metadata": map[string]any{"name": "<Zoë & \"friends\">"}, "is_anonymous": false},
	} {
		want, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
		if err != nil {
			t.Fatal(err)
		}
		for range 3 { // pooled HMAC states must be reset
			got, err := s.Sign(claims)
			if err != nil {
				t.Fatal(err)
			}
			if got != want {
				t.Fatalf("Sign(%v)\n got %s\nwant %s", claims, got, want)
			}
		}
		if _, err := s.Verify(want); err != nil && claims["exp"] != nil {
			t.Fatalf("Verify: %v", err)
		}
	}
	if _, err := s.Sign(map[string]any{"bad": func() {}}); err == nil {
		t.Fatal("Sign of an unencodable value succeeded")
	}
}

func TestSignVerifyRoundTrip(t *testing.T) {
	s := NewSigner(testSecret)
	tok, err := s.Sign(struct {
		Exp  int64  `json:"exp"`
		Role string `json:"role"`
	}{time.Now().Add(time.Minute).Unix(), "authenticated"})
	if err != nil {
		t.Fatal(err)
	}
	c, err := s.Verify(tok)
	if err != nil || c["role"] != "authenticated" {
		t.Fatalf("Verify = %v, %v", c, err)
	}
	if _, err := NewSigner("another-secret-another-secret-another").Verify(tok); err == nil {
		t.Fatal("a token verified under another secret")
	}
}

// Verify's failures carry their kind for errors.Is, so callers never read
// the text; every failure also wraps ErrInvalid.
func TestVerifyFailureKinds(t *testing.T) {
	s := NewSigner(testSecret)
	now := time.Now()
	sign := func(c Claims) string {
		t.Helper()
		tok, err := s.Sign(c)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	other, _ := NewSigner(strings.Repeat("o", 40)).Sign(Claims{"exp": now.Add(time.Hour).Unix()})
	tests := []struct {
		name string
		tok  string
		kind error
	}{
		{"expired", sign(Claims{"exp": now.Add(-time.Hour).Unix()}), ErrExpired},
		{"not valid yet", sign(Claims{"exp": now.Add(time.Hour).Unix(), "nbf": now.Add(time.Hour / 2).Unix()}), ErrNotValidYet},
		{"another secret", other, ErrInvalid},
		{"malformed", "not.a.jwt", ErrInvalid},
	}
	for _, tt := range tests {
		_, err := s.Verify(tt.tok)
		if !errors.Is(err, tt.kind) || !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v, want errors.Is %v and ErrInvalid", tt.name, err, tt.kind)
		}
	}
	if _, err := s.Verify(other); errors.Is(err, ErrExpired) || errors.Is(err, ErrClaims) {
		t.Errorf("a bad signature reads as a claims failure: %v", err)
	}
}
