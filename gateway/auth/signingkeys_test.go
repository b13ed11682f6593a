package auth

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"daybase/gateway/auth/apierr"
	"daybase/internal/token"
)

func tokenHeader(t *testing.T, tok string) (alg, kid string) {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
	if err != nil {
		t.Fatal(err)
	}
	var h struct{ Alg, Kid string }
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h.Alg, h.Kid
}

func genKey(t *testing.T, alg string) token.Key {
	t.Helper()
	k, err := token.GenerateKey(alg)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

// Sessions signed with an asymmetric key carry its kid, the JWKS
// publishes it, and a rotation keeps old sessions working until the old
// key is dropped.
func TestAsymmetricSigningAndRotation(t *testing.T) {
	b := setup(t)
	first := genKey(t, token.ES256)
	if err := b.signer.SetKeys(&first, nil); err != nil {
		t.Fatal(err)
	}
	s := b.signUp(t, uniqueEmail("es256"), "correct horse battery")
	if alg, kid := tokenHeader(t, s.AccessToken); alg != "ES256" || kid != first.KID {
		t.Fatalf("access token header alg %s kid %s", alg, kid)
	}
	res := b.do(t, req{method: "GET", path: "/.well-known/jwks.json"})
	wantStatus(t, res, http.StatusOK)
	var jwks struct {
		Keys []map[string]any `json:"keys"`
	}
	res.decode(t, &jwks)
	if len(jwks.Keys) != 1 || jwks.Keys[0]["kid"] != first.KID || jwks.Keys[0]["kty"] != "EC" || jwks.Keys[0]["crv"] != "P-256" {
		t.Fatalf("jwks = %s", res.Body)
	}
	if _, leaked := jwks.Keys[0]["d"]; leaked {
		t.Fatal("the JWKS publishes the private key")
	}
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s.AccessToken}), http.StatusOK)

	// Rotate to RS256: the refresh is signed by the new key, the old
	// access token still verifies, both keys are published.
	second := genKey(t, token.RS256)
	if err := b.signer.SetKeys(&second, []token.Key{first}); err != nil {
		t.Fatal(err)
	}
	res = b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s.RefreshToken}})
	wantStatus(t, res, http.StatusOK)
	var s2 session
	res.decode(t, &s2)
	if alg, kid := tokenHeader(t, s2.AccessToken); alg != "RS256" || kid != second.KID {
		t.Fatalf("after rotation: alg %s kid %s", alg, kid)
	}
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s.AccessToken}), http.StatusOK)
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s2.AccessToken}), http.StatusOK)
	res = b.do(t, req{method: "GET", path: "/.well-known/jwks.json"})
	if !strings.Contains(string(res.Body), first.KID) || !strings.Contains(string(res.Body), second.KID) {
		t.Fatalf("jwks during the window = %s", res.Body)
	}

	// The old key's window closes: its tokens are refused as GoTrue
	// refuses a bad JWT; the anon key (HS256) still works.
	if err := b.signer.SetKeys(&second, nil); err != nil {
		t.Fatal(err)
	}
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: s.AccessToken}), http.StatusForbidden, apierr.CodeBadJWT)
	wantStatus(t, b.do(t, req{method: "GET", path: "/user", bearer: s2.AccessToken}), http.StatusOK)
	wantStatus(t, b.do(t, req{method: "GET", path: "/settings"}), http.StatusOK)
}
