package auth

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/go-jose/go-jose/v4"
	"github.com/golang-jwt/jwt/v5"

	"daybase/gateway/auth/apierr"
)

// oidcIssuer is a real OpenID Connect issuer in the test process: it
// serves its discovery document and JWKS over HTTP and signs ID tokens
// with the keys it publishes. Keys can be rotated in and out.
type oidcIssuer struct {
	*httptest.Server
	mu        sync.Mutex
	keys      map[string]crypto.Signer // published, by kid
	current   string                   // kid signing new tokens
	jwksReads int
}

func newOIDCIssuer(t testing.TB) *oidcIssuer {
	t.Helper()
	iss := &oidcIssuer{keys: map[string]crypto.Signer{}}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", func(w http.ResponseWriter, r *http.Request) {
		json.NewEncoder(w).Encode(map[string]any{
			"issuer": iss.URL, "jwks_uri": iss.URL + "/jwks", "authorization_endpoint": iss.URL + "/authorize",
			"token_endpoint": iss.URL + "/token", "id_token_signing_alg_values_supported": []string{"ES256", "RS256"},
		})
	})
	mux.HandleFunc("GET /jwks", func(w http.ResponseWriter, r *http.Request) {
		iss.mu.Lock()
		defer iss.mu.Unlock()
		iss.jwksReads++
		set := jose.JSONWebKeySet{}
		for kid, k := range iss.keys {
			set.Keys = append(set.Keys, jose.JSONWebKey{Key: k.Public(), KeyID: kid, Use: "sig", Algorithm: alg(k)})
		}
		json.NewEncoder(w).Encode(set)
	})
	iss.Server = httptest.NewServer(mux)
	t.Cleanup(iss.Close)
	iss.rotate(t, "key-1", false)
	return iss
}

func alg(k crypto.Signer) string {
	if _, ok := k.(*rsa.PrivateKey); ok {
		return "RS256"
	}
	return "ES256"
}

// rotate publishes a new key that signs from now on; retire drops the
// others from the JWKS.
func (iss *oidcIssuer) rotate(t testing.TB, kid string, rsaKey bool) {
	t.Helper()
	var k crypto.Signer
	var err error
	if rsaKey {
		k, err = rsa.GenerateKey(rand.Reader, 2048)
	} else {
		k, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	iss.mu.Lock()
	defer iss.mu.Unlock()
	iss.keys[kid], iss.current = k, kid
}

func (iss *oidcIssuer) retireAllBut(kid string) {
	iss.mu.Lock()
	defer iss.mu.Unlock()
	for k := range iss.keys {
		if k != kid {
			delete(iss.keys, k)
		}
	}
}

// claims are a valid token's claims for sub, to adjust.
func (iss *oidcIssuer) claims(sub, aud, email string) jwt.MapClaims {
	now := time.Now()
	return jwt.MapClaims{
		"iss": iss.URL, "sub": sub, "aud": aud, "iat": now.Unix(), "exp": now.Add(time.Hour).Unix(),
		"email": email, "email_verified": true, "name": "Ada Token",
		"picture": "https://example.test/ada.png",
	}
}

// sign signs claims with the current key (or with key, under kid).
func (iss *oidcIssuer) sign(t testing.TB, c jwt.MapClaims) string {
	t.Helper()
	iss.mu.Lock()
	kid, k := iss.current, iss.keys[iss.current]
	iss.mu.Unlock()
	return signWith(t, c, kid, k)
}

func signWith(t testing.TB, c jwt.MapClaims, kid string, k crypto.Signer) string {
	t.Helper()
	var method jwt.SigningMethod = jwt.SigningMethodES256
	if alg(k) == "RS256" {
		method = jwt.SigningMethodRS256
	}
	tok := jwt.NewWithClaims(method, c)
	tok.Header["kid"] = kid
	s, err := tok.SignedString(k)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func hashedNonce(n string) string {
	sum := sha256.Sum256([]byte(n))
	return hex.EncodeToString(sum[:])
}

const idTokenClient = "daybase-test.apps.example"

// idTokenSetup configures google and a self-hoster's "acme" issuer.
func idTokenSetup(t *testing.T, opts ...func(*Config)) (*testBundle, *oidcIssuer, *oidcIssuer) {
	google, acme := newOIDCIssuer(t), newOIDCIssuer(t)
	b := setup(t, append([]func(*Config){func(c *Config) {
		c.IDTokenIssuers = []IDTokenIssuer{
			{Provider: "google", URL: google.URL, ClientIDs: []string{"web-client", idTokenClient}},
			{Provider: "acme", URL: acme.URL, ClientIDs: []string{"acme-app"}},
		}
		c.ManualLinking = true
	}}, opts...)...)
	return b, google, acme
}

func (b *testBundle) idTokenGrant(t testing.TB, body map[string]any, bearer string) response {
	t.Helper()
	return b.do(t, req{method: "POST", path: "/token?grant_type=id_token", body: body, bearer: bearer})
}

// wantOAuthError checks GoTrue's OAuth-shaped refusal of an id_token grant.
func wantOAuthError(t testing.TB, res response, oauthErr, desc string) {
	t.Helper()
	wantStatus(t, res, http.StatusBadRequest)
	var m map[string]any
	res.decode(t, &m)
	if m["error"] != oauthErr || m["error_description"] != desc {
		t.Fatalf("body %s, want error %q description %q", res.Body, oauthErr, desc)
	}
}

// A Google ID token signs a new user up, its e-mail confirmed because the
// token says it is verified, with a google identity whose id is sub; the
// same sub signs the same user in again, with a nonce this time.
func TestIDTokenSignIn(t *testing.T) {
	b, google, acme := idTokenSetup(t, func(c *Config) { c.Autoconfirm = false })
	email := uniqueEmail("ada")
	res := b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, google.claims("g-123", idTokenClient, email))}, "")
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	if s.AccessToken == "" || s.RefreshToken == "" || s.User.Email != email || s.User.EmailConfirmedAt == nil {
		t.Fatalf("session %s", res.Body)
	}
	if len(s.User.Identities) != 1 || s.User.Identities[0].Provider != "google" || s.User.Identities[0].ID != "g-123" {
		t.Fatalf("identities %+v", s.User.Identities)
	}
	if s.User.AppMetadata["provider"] != "google" || s.User.UserMetadata["full_name"] != "Ada Token" {
		t.Fatalf("metadata %v %v", s.User.AppMetadata, s.User.UserMetadata)
	}
	amr := b.claims(t, s.AccessToken)["amr"].([]any)
	if amr[0].(map[string]any)["method"] != "oauth" {
		t.Fatalf("amr %v", amr)
	}

	c := google.claims("g-123", "web-client", email)
	c["nonce"] = hashedNonce("raw-nonce")
	res = b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, c), "nonce": "raw-nonce"}, "")
	wantStatus(t, res, http.StatusOK)
	var again session
	res.decode(t, &again)
	if again.User.ID != s.User.ID {
		t.Fatalf("second sign-in made user %s, want %s", again.User.ID, s.User.ID)
	}

	// Unverified at the provider: a new account whose address is not
	// confirmed; the self-hoster's issuer under its own provider name.
	c = acme.claims("acme-7", "acme-app", uniqueEmail("grace"))
	c["email_verified"] = "false"
	res = b.idTokenGrant(t, map[string]any{"provider": "acme", "id_token": acme.sign(t, c)}, "")
	wantStatus(t, res, http.StatusOK)
	var unverified session
	res.decode(t, &unverified)
	if u := unverified.User; u.EmailConfirmedAt != nil || u.Identities[0].Provider != "acme" || u.Identities[0].ID != "acme-7" {
		t.Fatalf("unverified sign-in %s", res.Body)
	}
	if got := b.queryString(t, "SELECT count(*)::text FROM auth.audit_log_entries WHERE payload->>'action' = 'login' AND payload->'traits'->>'method' = 'id_token'"); got == "0" {
		t.Fatalf("no id_token login audited")
	}
}

// The issuer rotates its key: a token under the new kid is verified after
// the JWKS is read again; once the old key is retired, a token under it
// is refused.
func TestIDTokenKeyRotation(t *testing.T) {
	b, google, _ := idTokenSetup(t)
	wantStatus(t, b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, google.claims("rot-1", idTokenClient, uniqueEmail("rot")))}, ""), http.StatusOK)
	google.mu.Lock()
	oldKey := google.keys["key-1"]
	google.mu.Unlock()
	google.rotate(t, "key-2", true)
	google.retireAllBut("key-2")
	wantStatus(t, b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, google.claims("rot-2", idTokenClient, uniqueEmail("rot")))}, ""), http.StatusOK)
	if google.jwksReads < 2 {
		t.Fatalf("JWKS read %d times, want a re-read after the rotation", google.jwksReads)
	}
	old := signWith(t, google.claims("rot-3", idTokenClient, uniqueEmail("rot")), "key-1", oldKey)
	wantOAuthError(t, b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": old}, ""), "invalid request", "Bad ID token")
}

// Every refusal answers as GoTrue's IdTokenGrant does.
func TestIDTokenRefusals(t *testing.T) {
	b, google, acme := idTokenSetup(t)
	email := uniqueEmail("refused")
	valid := func() jwt.MapClaims { return google.claims("ref-1", idTokenClient, email) }
	stranger, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	grant := func(tok string, extra ...string) response {
		body := map[string]any{"provider": "google", "id_token": tok}
		if len(extra) > 0 {
			body["nonce"] = extra[0]
		}
		return b.idTokenGrant(t, body, "")
	}
	bad := func(name string, res response) {
		t.Run(name, func(t *testing.T) { wantOAuthError(t, res, "invalid request", "Bad ID token") })
	}

	bad("bad signature", grant(signWith(t, valid(), "key-1", stranger)))
	bad("unknown kid", grant(signWith(t, valid(), "key-nobody", stranger)))
	bad("malformed", grant("not.a.jwt"))
	c := valid()
	c["iss"] = acme.URL
	bad("wrong iss", grant(google.sign(t, c)))
	c = valid()
	c["exp"] = time.Now().Add(-time.Minute).Unix()
	c["iat"] = time.Now().Add(-time.Hour).Unix()
	bad("expired", grant(google.sign(t, c)))
	c = valid()
	c["iat"] = time.Now().Add(time.Hour).Unix()
	c["exp"] = time.Now().Add(2 * time.Hour).Unix()
	bad("issued in the future", grant(google.sign(t, c)))
	bad("token of another issuer", grant(acme.sign(t, acme.claims("ref-1", idTokenClient, email))))

	c = valid()
	c["aud"] = "someone-else"
	t.Run("wrong aud", func(t *testing.T) {
		wantOAuthError(t, grant(google.sign(t, c)), "invalid request", "Unacceptable audience in id_token: [someone-else]")
	})
	c = valid()
	c["nonce"] = hashedNonce("right")
	t.Run("nonce mismatch", func(t *testing.T) {
		wantOAuthError(t, grant(google.sign(t, c), "wrong"), "invalid nonce", "Nonces mismatch")
	})
	t.Run("raw nonce in the token", func(t *testing.T) {
		c := valid()
		c["nonce"] = "right"
		wantOAuthError(t, grant(google.sign(t, c), "right"), "invalid nonce", "Nonces mismatch")
	})
	t.Run("nonce only in the token", func(t *testing.T) {
		wantOAuthError(t, grant(google.sign(t, c)), "invalid request", "Passed nonce and nonce in id_token should either both exist or not.")
	})
	t.Run("nonce only in the request", func(t *testing.T) {
		wantOAuthError(t, grant(google.sign(t, valid()), "right"), "invalid request", "Passed nonce and nonce in id_token should either both exist or not.")
	})
	t.Run("no sub", func(t *testing.T) {
		c := valid()
		delete(c, "sub")
		wantOAuthError(t, grant(google.sign(t, c)), "invalid request", "Missing sub claim in id_token")
	})
	t.Run("no id_token", func(t *testing.T) {
		wantOAuthError(t, b.idTokenGrant(t, map[string]any{"provider": "google"}, ""), "invalid request", "id_token required")
	})
	t.Run("no provider", func(t *testing.T) {
		wantOAuthError(t, b.idTokenGrant(t, map[string]any{"id_token": "x"}, ""), "invalid request", "provider or client_id and issuer required")
	})
	t.Run("provider not enabled", func(t *testing.T) {
		res := b.idTokenGrant(t, map[string]any{"provider": "apple", "id_token": google.sign(t, valid())}, "")
		wantError(t, res, http.StatusBadRequest, apierr.CodeProviderDisabled)
		if m := res.object(t); m["message"] != `Provider (issuer "https://appleid.apple.com") is not enabled` {
			t.Fatalf("message %v", m["message"])
		}
	})
	t.Run("provider unknown", func(t *testing.T) {
		wantError(t, b.idTokenGrant(t, map[string]any{"provider": "myspace", "id_token": google.sign(t, valid())}, ""), http.StatusBadRequest, apierr.CodeValidationFailed)
	})
	t.Run("access token not matching at_hash", func(t *testing.T) {
		c := valid()
		c["at_hash"] = "AAAAAAAAAAAAAAAAAAAAAA"
		res := b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, c), "access_token": "ya29.other"}, "")
		wantOAuthError(t, res, "invalid request", "Bad ID token")
	})
	if n := b.queryString(t, "SELECT count(*)::text FROM auth.users WHERE email = $1", email); n != "0" {
		t.Fatalf("a refused token made %s users", n)
	}
}

// linkIdentity with an ID token adds the identity to the signed-in user
// and answers a new session; an identity linked to another user, or
// already to this one, is refused with identity_already_exists; an
// anonymous user becomes permanent with the token's verified address.
func TestIDTokenLinkIdentity(t *testing.T) {
	b, google, acme := idTokenSetup(t, func(c *Config) { c.AnonymousSignIns = true })
	owner := b.signUp(t, uniqueEmail("owner"), "correct-horse-1")
	link := func(bearer, sub string, iss *oidcIssuer, provider, aud string) response {
		return b.idTokenGrant(t, map[string]any{"provider": provider, "id_token": iss.sign(t, iss.claims(sub, aud, uniqueEmail("linked"))), "link_identity": true}, bearer)
	}
	res := link(owner.AccessToken, "link-g", google, "google", idTokenClient)
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	if s.User.ID != owner.User.ID || len(s.User.Identities) != 2 || s.User.Email != owner.User.Email {
		t.Fatalf("linked user %s", res.Body)
	}
	if b.claims(t, s.AccessToken)["sub"] != owner.User.ID {
		t.Fatalf("new session is not the owner's")
	}

	res = link(owner.AccessToken, "link-g", google, "google", idTokenClient)
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeIdentityAlreadyExists)
	if res.object(t)["message"] != "Identity is already linked" {
		t.Fatalf("body %s", res.Body)
	}
	other := b.signUp(t, uniqueEmail("other"), "correct-horse-2")
	res = link(other.AccessToken, "link-g", google, "google", idTokenClient)
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeIdentityAlreadyExists)
	if res.object(t)["message"] != "Identity is already linked to another user" {
		t.Fatalf("body %s", res.Body)
	}
	// A refused token links nothing.
	wantOAuthError(t, link(other.AccessToken, "link-x", acme, "acme", "not-acme"), "invalid request", "Unacceptable audience in id_token: [not-acme]")

	wantOAuthError(t, b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, google.claims("nobody", idTokenClient, "")), "link_identity": true}, ""),
		"invalid request", "Linking requires a valid user access token in Authorization")
	wantError(t, link(b.anonKey, "link-y", google, "google", idTokenClient), http.StatusForbidden, apierr.CodeBadJWT)

	anon := b.signInAnonymously(t)
	res = link(anon.AccessToken, "link-anon", acme, "acme", "acme-app")
	wantStatus(t, res, http.StatusOK)
	res.decode(t, &s)
	if s.User.IsAnonymous || s.User.Email == "" || b.claims(t, s.AccessToken)["is_anonymous"] != false {
		t.Fatalf("anonymous user not made permanent: %s", res.Body)
	}
}

// Linking needs DAYBASE_AUTH_MANUAL_LINKING, as linkIdentity by OAuth does.
func TestIDTokenLinkNeedsManualLinking(t *testing.T) {
	b, google, _ := idTokenSetup(t, func(c *Config) { c.ManualLinking = false })
	u := b.signUp(t, uniqueEmail("nolink"), "correct-horse-3")
	res := b.idTokenGrant(t, map[string]any{"provider": "google", "id_token": google.sign(t, google.claims("nl", idTokenClient, "")), "link_identity": true}, u.AccessToken)
	wantError(t, res, http.StatusNotFound, apierr.CodeManualLinkingDisabled)
}
