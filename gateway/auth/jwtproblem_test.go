package auth

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"daybase/internal/identity"
	"daybase/internal/token"
)

// TestJWTProblemWordsAsBefore: the bad_jwt messages built from the typed
// errors are byte for byte the ones the earlier text trimming made (which
// match GoTrue's), for every way the gateway refuses a bearer token.
func TestJWTProblemWordsAsBefore(t *testing.T) {
	// trimmed is the earlier jwtProblem: the error's last line without
	// its "invalid JWT: " prefixes. It stays here only as the reference.
	trimmed := func(err error) string {
		msg := err.Error()
		if i := strings.LastIndexByte(msg, '\n'); i >= 0 {
			msg = msg[i+1:]
		}
		for {
			rest, ok := strings.CutPrefix(msg, "invalid JWT: ")
			if !ok {
				return msg
			}
			msg = rest
		}
	}
	secret := strings.Repeat("s", 40)
	s := token.NewSigner(secret)
	now := time.Now()
	sign := func(signer *token.Signer, c token.Claims) string {
		t.Helper()
		tok, err := signer.Sign(c)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	valid := token.Claims{"exp": now.Add(time.Hour).Unix(), "sub": "x"}
	ec, err := token.GenerateKey("ES256")
	if err != nil {
		t.Fatal(err)
	}
	keyed := token.NewSigner(secret)
	if err := keyed.SetKeys(&ec, nil); err != nil {
		t.Fatal(err)
	}
	hs := sign(s, valid)
	tests := []struct {
		name, tok, want string
	}{
		{"expired", sign(s, token.Claims{"exp": now.Add(-time.Hour).Unix()}),
			"token has invalid claims: token is expired"},
		{"not valid yet", sign(s, token.Claims{"exp": now.Add(time.Hour).Unix(), "nbf": now.Add(time.Hour).Unix()}),
			"token has invalid claims: token is not valid yet"},
		{"another secret", sign(token.NewSigner(strings.Repeat("o", 40)), valid),
			"token signature is invalid: signature is invalid"},
		{"tampered", hs[:len(hs)-2] + "xx", "token signature is invalid: signature is invalid"},
		{"malformed", "not.a.jwt", ""},
		{"two parts", "a.b", "token is malformed: token contains an invalid number of segments"},
		{"unknown key", sign(keyed, valid), ""},
	}
	for _, tt := range tests {
		_, verr := s.Verify(tt.tok)
		if verr == nil {
			t.Fatalf("%s: verified", tt.name)
		}
		// As gateway/middleware.go records it on the request's identity.
		err := errors.Join(identity.ErrBadJWT, verr)
		got := jwtProblem(err)
		if want := trimmed(err); got != want {
			t.Errorf("%s: %q, before %q", tt.name, got, want)
		}
		if tt.want != "" && got != tt.want {
			t.Errorf("%s: %q, want GoTrue's %q", tt.name, got, tt.want)
		}
	}
	notBearer := fmt.Errorf("%w: %w", identity.ErrBadJWT, identity.ErrNotBearer)
	if got, want := jwtProblem(notBearer), trimmed(notBearer); got != want || got != "Authorization header must be 'Bearer <token>'" {
		t.Errorf("not a bearer: %q, before %q", got, want)
	}
}
