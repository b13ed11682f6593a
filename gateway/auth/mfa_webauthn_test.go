package auth

import (
	"net/http"
	"testing"

	"daybase/gateway/auth/apierr"
)

// keyChallenge is a security key's challenge answer.
type keyChallenge struct {
	ID        string `json:"id"`
	Type      string `json:"type"`
	ExpiresAt int64  `json:"expires_at"`
	WebAuthn  struct {
		Type              string `json:"type"`
		CredentialOptions struct {
			PublicKey map[string]any `json:"publicKey"`
		} `json:"credential_options"`
	} `json:"webauthn"`
}

func (b *testBundle) keyChallenge(t testing.TB, at, factorID string) keyChallenge {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/factors/" + factorID + "/challenge", bearer: at,
		body: map[string]any{"factorId": factorID, "webauthn": map[string]any{"rpId": "daybase.test", "rpOrigins": []string{"http://daybase.test"}}}})
	wantStatus(t, res, http.StatusOK)
	var c keyChallenge
	res.decode(t, &c)
	if c.ID == "" || c.Type != "webauthn" || c.ExpiresAt == 0 || c.WebAuthn.CredentialOptions.PublicKey["challenge"] == nil {
		t.Fatalf("challenge = %s", res.Body)
	}
	return c
}

func (b *testBundle) keyVerify(t testing.TB, at, factorID, challengeID, typ string, answer map[string]any) response {
	t.Helper()
	return b.do(t, req{method: "POST", path: "/factors/" + factorID + "/verify", bearer: at, body: map[string]any{
		"challenge_id": challengeID,
		"webauthn":     map[string]any{"type": typ, "rpId": "daybase.test", "credential_response": answer},
	}})
}

// enrollKey enrolls and registers a security key; it returns the factor id,
// the key and the aal2 session.
func (b *testBundle) enrollKey(t testing.TB, a *softAuthenticator, at, name string) (string, *softCredential, session) {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/factors", bearer: at, body: map[string]any{"friendly_name": name, "factor_type": "webauthn"}})
	wantStatus(t, res, http.StatusOK)
	f := res.object(t)
	if f["type"] != "webauthn" || f["friendly_name"] != name || f["totp"] != nil {
		t.Fatalf("enroll = %s", res.Body)
	}
	id := f["id"].(string)
	c := b.keyChallenge(t, at, id)
	if c.WebAuthn.Type != "create" {
		t.Fatalf("unverified factor's challenge type = %q, want create", c.WebAuthn.Type)
	}
	cred, sc := a.create(t, c.WebAuthn.CredentialOptions.PublicKey)
	res = b.keyVerify(t, at, id, c.ID, "create", cred)
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	return id, sc, s
}

func TestWebAuthnFactorEnrollSignIn(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("seckey")
	s := b.signUp(t, email, "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")

	factorID, sc, s2 := b.enrollKey(t, a, s.AccessToken, "YubiKey")
	cl := b.claims(t, s2.AccessToken)
	if cl["aal"] != "aal2" {
		t.Errorf("aal after registering the key = %v", cl["aal"])
	}
	if amr, _ := cl["amr"].([]any); len(amr) == 0 || amr[0].(map[string]any)["method"] != "mfa/webauthn" {
		t.Errorf("amr = %v, want mfa/webauthn first", cl["amr"])
	}
	if got := b.queryString(t, "SELECT status || ' ' || (web_authn_credential IS NOT NULL)::text || ' ' || web_authn_aaguid::text FROM auth.mfa_factors WHERE id = $1", factorID); got != "verified true 00000000-0000-0000-0000-000000000000" {
		t.Errorf("factor row = %q", got)
	}

	// The user's factors list it; a password sign-in now stops at aal1.
	res := b.do(t, req{method: "GET", path: "/user", bearer: s2.AccessToken})
	wantStatus(t, res, http.StatusOK)
	factors := res.object(t)["factors"].([]any)
	if len(factors) != 1 || factors[0].(map[string]any)["factor_type"] != "webauthn" || factors[0].(map[string]any)["status"] != "verified" {
		t.Errorf("factors = %v", factors)
	}
	s3 := b.signInPassword(t, email, "correct horse battery")
	if b.claims(t, s3.AccessToken)["aal"] != "aal1" {
		t.Fatal("password alone reached aal2")
	}

	// The second step: request options naming the key only, then the assertion.
	c := b.keyChallenge(t, s3.AccessToken, factorID)
	if c.WebAuthn.Type != "request" {
		t.Fatalf("verified factor's challenge type = %q, want request", c.WebAuthn.Type)
	}
	allow, _ := c.WebAuthn.CredentialOptions.PublicKey["allowCredentials"].([]any)
	if len(allow) != 1 {
		t.Errorf("allowCredentials = %v, want the one key", allow)
	}
	assertion := a.get(t, c.WebAuthn.CredentialOptions.PublicKey, sc)
	res = b.keyVerify(t, s3.AccessToken, factorID, c.ID, "request", assertion)
	wantStatus(t, res, http.StatusOK)
	var s4 session
	res.decode(t, &s4)
	if b.claims(t, s4.AccessToken)["aal"] != "aal2" {
		t.Error("the key's assertion did not raise the session to aal2")
	}

	// The same answer again: the challenge was used.
	res = b.keyVerify(t, s4.AccessToken, factorID, c.ID, "request", assertion)
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeMFAIPAddressMismatch)

	// A fresh challenge answered with an old sign count: refused.
	c = b.keyChallenge(t, s4.AccessToken, factorID)
	res = b.keyVerify(t, s4.AccessToken, factorID, c.ID, "request", a.sign(t, c.WebAuthn.CredentialOptions.PublicKey["challenge"].(string), sc, 1))
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeMFAVerificationFailed)

	// Unenroll at aal2; the session falls back to aal1.
	res = b.do(t, req{method: "DELETE", path: "/factors/" + factorID, bearer: s4.AccessToken})
	wantStatus(t, res, http.StatusOK)
	if n := b.queryString(t, "SELECT count(*)::text FROM auth.mfa_factors WHERE user_id = (SELECT id FROM auth.users WHERE email = $1)", email); n != "0" {
		t.Errorf("factors left = %s", n)
	}
}

func TestWebAuthnFactorRefusals(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("seckey-no"), "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")
	res := b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"friendly_name": "Key", "factor_type": "webauthn"}})
	wantStatus(t, res, http.StatusOK)
	id := res.object(t)["id"].(string)

	c := b.keyChallenge(t, s.AccessToken, id)
	opts := c.WebAuthn.CredentialOptions.PublicKey
	good, _ := a.create(t, opts)

	// Shapes GoTrue refuses before looking at the challenge.
	res = b.do(t, req{method: "POST", path: "/factors/" + id + "/verify", bearer: s.AccessToken, body: map[string]any{"challenge_id": c.ID}})
	wantError(t, res, http.StatusBadRequest, apierr.CodeValidationFailed)
	res = b.keyVerify(t, s.AccessToken, id, c.ID, "sign", good)
	wantError(t, res, http.StatusBadRequest, apierr.CodeValidationFailed)
	res = b.keyVerify(t, s.AccessToken, id, c.ID, "request", good)
	wantError(t, res, http.StatusBadRequest, apierr.CodeValidationFailed)

	// Another origin's answer is refused and does not verify the factor.
	evil := newSoftAuthenticator("http://evil.test", "daybase.test")
	bad, _ := evil.create(t, opts)
	res = b.keyVerify(t, s.AccessToken, id, c.ID, "create", bad)
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeMFAVerificationFailed)
	// A wrong challenge id.
	res = b.keyVerify(t, s.AccessToken, id, "00000000-0000-0000-0000-000000000000", "create", good)
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeMFAFactorNotFound)
	// The right answer to the (still open) challenge verifies it.
	res = b.keyVerify(t, s.AccessToken, id, c.ID, "create", good)
	wantStatus(t, res, http.StatusOK)
}

func TestWebAuthnFactorOffWithoutDomain(t *testing.T) {
	b := setup(t, func(c *Config) { c.SiteURL = "http://10.0.0.5:3000" })
	s := b.signUp(t, uniqueEmail("seckey-off"), "correct horse battery")
	res := b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"friendly_name": "Key", "factor_type": "webauthn"}})
	wantError(t, res, http.StatusUnprocessableEntity, apierr.CodeMFAWebAuthnEnrollDisabled)
}
