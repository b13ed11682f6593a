package auth

import (
	"net/http"
	"strings"
	"testing"

	"daybase/gateway/auth/apierr"
)

// optionsAnswer is the answer of an options endpoint.
type optionsAnswer struct {
	ChallengeID string         `json:"challenge_id"`
	Options     map[string]any `json:"options"`
	ExpiresAt   int64          `json:"expires_at"`
}

func (b *testBundle) passkeyOptions(t testing.TB, path, bearer string) optionsAnswer {
	t.Helper()
	res := b.do(t, req{method: "POST", path: path, bearer: bearer, body: map[string]any{}})
	wantStatus(t, res, http.StatusOK)
	var c optionsAnswer
	res.decode(t, &c)
	if c.ChallengeID == "" || c.Options["challenge"] == nil || c.ExpiresAt == 0 {
		t.Fatalf("options without a challenge: %s", res.Body)
	}
	return c
}

// registerPasskey runs registration for the signed-in user with a.
func (b *testBundle) registerPasskey(t testing.TB, a *softAuthenticator, bearer string) (passkeyItem, *softCredential) {
	t.Helper()
	c := b.passkeyOptions(t, "/passkeys/registration/options", bearer)
	cred, sc := a.create(t, c.Options)
	res := b.do(t, req{method: "POST", path: "/passkeys/registration/verify", bearer: bearer,
		body:   map[string]any{"challenge_id": c.ChallengeID, "credential": cred},
		header: map[string]string{"User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36"}})
	wantStatus(t, res, http.StatusOK)
	var it passkeyItem
	res.decode(t, &it)
	return it, sc
}

func TestPasskeyRegisterListSignIn(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("passkey")
	s := b.signUp(t, email, "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")

	c := b.passkeyOptions(t, "/passkeys/registration/options", s.AccessToken)
	if rp := c.Options["rp"].(map[string]any); rp["id"] != "daybase.test" {
		t.Errorf("rp = %v, want the site URL's host", rp)
	}
	sel, _ := c.Options["authenticatorSelection"].(map[string]any)
	if sel["residentKey"] != "required" {
		t.Errorf("authenticatorSelection = %v, want a discoverable credential", sel)
	}

	it, sc := b.registerPasskey(t, a, s.AccessToken)
	if it.ID == "" || it.FriendlyName != "Chrome on Linux" || it.CreatedAt.IsZero() {
		t.Errorf("registered passkey = %+v", it)
	}

	// A second registration excludes the first credential.
	c = b.passkeyOptions(t, "/passkeys/registration/options", s.AccessToken)
	if ex, _ := c.Options["excludeCredentials"].([]any); len(ex) != 1 {
		t.Errorf("excludeCredentials = %v, want the registered passkey", c.Options["excludeCredentials"])
	}

	res := b.do(t, req{method: "GET", path: "/passkeys", bearer: s.AccessToken})
	wantStatus(t, res, http.StatusOK)
	var list []passkeyItem
	res.decode(t, &list)
	if len(list) != 1 || list[0].ID != it.ID || list[0].LastUsedAt != nil {
		t.Fatalf("list = %s", res.Body)
	}

	// Sign in: options without a session, then the assertion → a session.
	c = b.passkeyOptions(t, "/passkeys/authentication/options", "")
	if _, ok := c.Options["allowCredentials"]; ok {
		t.Errorf("sign-in options name credentials: %v", c.Options)
	}
	res = b.do(t, req{method: "POST", path: "/passkeys/authentication/verify",
		body: map[string]any{"challenge_id": c.ChallengeID, "credential": a.get(t, c.Options, sc)}})
	wantStatus(t, res, http.StatusOK)
	var got session
	res.decode(t, &got)
	if got.User.ID != s.User.ID || got.RefreshToken == "" {
		t.Fatalf("passkey sign-in = %s", res.Body)
	}
	claims := b.claims(t, got.AccessToken)
	if claims["aal"] != "aal1" {
		t.Errorf("aal = %v", claims["aal"])
	}
	if amr, _ := claims["amr"].([]any); len(amr) != 1 || amr[0].(map[string]any)["method"] != "passkey" {
		t.Errorf("amr = %v, want passkey", claims["amr"])
	}
	res = b.do(t, req{method: "GET", path: "/passkeys", bearer: got.AccessToken})
	res.decode(t, &list)
	if list[0].LastUsedAt == nil {
		t.Errorf("last_used_at not set after sign-in: %s", res.Body)
	}
}

func TestPasskeyRenameDelete(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("pkrename"), "correct horse battery")
	other := b.signUp(t, uniqueEmail("pkother"), "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")
	it, sc := b.registerPasskey(t, a, s.AccessToken)

	res := b.do(t, req{method: "PATCH", path: "/passkeys/" + it.ID, bearer: s.AccessToken, body: map[string]any{"friendly_name": "  Work laptop "}})
	wantStatus(t, res, http.StatusOK)
	var renamed passkeyItem
	res.decode(t, &renamed)
	if renamed.ID != it.ID || renamed.FriendlyName != "Work laptop" {
		t.Errorf("renamed = %s", res.Body)
	}

	// Refusals: too long, missing, someone else's, not an id.
	long := make([]byte, 121)
	for i := range long {
		long[i] = 'a'
	}
	wantError(t, b.do(t, req{method: "PATCH", path: "/passkeys/" + it.ID, bearer: s.AccessToken, body: map[string]any{"friendly_name": string(long)}}), http.StatusBadRequest, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "PATCH", path: "/passkeys/" + it.ID, bearer: s.AccessToken, body: map[string]any{}}), http.StatusBadRequest, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "PATCH", path: "/passkeys/" + it.ID, bearer: other.AccessToken, body: map[string]any{"friendly_name": "mine"}}), http.StatusNotFound, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "DELETE", path: "/passkeys/" + it.ID, bearer: other.AccessToken}), http.StatusNotFound, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "DELETE", path: "/passkeys/nope", bearer: s.AccessToken}), http.StatusNotFound, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "GET", path: "/passkeys"}), http.StatusUnauthorized, apierr.CodeNoAuthorization)

	res = b.do(t, req{method: "DELETE", path: "/passkeys/" + it.ID, bearer: s.AccessToken})
	wantStatus(t, res, http.StatusNoContent)
	wantError(t, b.do(t, req{method: "DELETE", path: "/passkeys/" + it.ID, bearer: s.AccessToken}), http.StatusNotFound, apierr.CodeValidationFailed)

	// A deleted passkey no longer signs in.
	c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
	wantError(t, b.do(t, req{method: "POST", path: "/passkeys/authentication/verify",
		body: map[string]any{"challenge_id": c.ChallengeID, "credential": a.get(t, c.Options, sc)}}), http.StatusBadRequest, apierr.CodeInvalidCredentials)
}

func TestAdminPasskeys(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("pkadmin"), "correct horse battery")
	other := b.signUp(t, uniqueEmail("pkadminother"), "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")
	first, sc := b.registerPasskey(t, a, s.AccessToken)
	second, _ := b.registerPasskey(t, a, s.AccessToken)
	admin := func(method, path string) response {
		return b.do(t, req{method: method, path: path, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	base := "/admin/users/" + s.User.ID + "/passkeys"

	res := admin("GET", base)
	wantStatus(t, res, http.StatusOK)
	var list []passkeyItem
	res.decode(t, &list)
	if len(list) != 2 || list[0].ID != first.ID || list[1].ID != second.ID || list[0].FriendlyName != "Chrome on Linux" {
		t.Fatalf("admin list = %s", res.Body)
	}
	res = admin("GET", "/admin/users/"+other.User.ID+"/passkeys")
	wantStatus(t, res, http.StatusOK)
	if strings.TrimSpace(string(res.Body)) != "[]" {
		t.Errorf("a user without passkeys = %s, want []", res.Body)
	}

	// Refusals: a user's own token, no token, an unknown user, another
	// user's passkey, a passkey id that is not one.
	wantError(t, b.do(t, req{method: "GET", path: base, bearer: s.AccessToken}), http.StatusForbidden, apierr.CodeNotAdmin)
	wantError(t, b.do(t, req{method: "DELETE", path: base + "/" + first.ID, bearer: s.AccessToken}), http.StatusForbidden, apierr.CodeNotAdmin)
	wantError(t, b.do(t, req{method: "GET", path: base}), http.StatusUnauthorized, apierr.CodeNoAuthorization)
	wantError(t, admin("GET", "/admin/users/00000000-0000-4000-8000-000000000000/passkeys"), http.StatusNotFound, apierr.CodeUserNotFound)
	wantError(t, admin("DELETE", "/admin/users/"+other.User.ID+"/passkeys/"+first.ID), http.StatusNotFound, apierr.CodeValidationFailed)
	wantError(t, admin("DELETE", base+"/nope"), http.StatusNotFound, apierr.CodeValidationFailed)

	wantStatus(t, admin("DELETE", base+"/"+first.ID), http.StatusNoContent)
	wantError(t, admin("DELETE", base+"/"+first.ID), http.StatusNotFound, apierr.CodeValidationFailed)
	res = admin("GET", base)
	res.decode(t, &list)
	if len(list) != 1 || list[0].ID != second.ID {
		t.Fatalf("after the admin delete: %s", res.Body)
	}
	var by string
	if err := b.db.Pool.QueryRow(t.Context(), `SELECT payload->'traits'->>'by' FROM auth.audit_log_entries
		WHERE payload->>'action' = 'passkey_deleted' AND payload->'traits'->>'passkey_id' = $1`, first.ID).Scan(&by); err != nil || by != "admin" {
		t.Errorf("audit of the admin delete: by = %q, err = %v", by, err)
	}

	// The removed passkey no longer signs in.
	c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
	wantError(t, b.do(t, req{method: "POST", path: "/passkeys/authentication/verify",
		body: map[string]any{"challenge_id": c.ChallengeID, "credential": a.get(t, c.Options, sc)}}), http.StatusBadRequest, apierr.CodeInvalidCredentials)
}

func TestPasskeyRefusals(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("pkrefuse"), "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")
	_, sc := b.registerPasskey(t, a, s.AccessToken)
	verify := func(challengeID string, cred any) response {
		return b.do(t, req{method: "POST", path: "/passkeys/authentication/verify", body: map[string]any{"challenge_id": challengeID, "credential": cred}})
	}

	t.Run("registration needs a session", func(t *testing.T) {
		wantError(t, b.do(t, req{method: "POST", path: "/passkeys/registration/options", body: map[string]any{}}), http.StatusUnauthorized, apierr.CodeNoAuthorization)
	})
	t.Run("replayed assertion", func(t *testing.T) {
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		cred := a.get(t, c.Options, sc)
		wantStatus(t, verify(c.ChallengeID, cred), http.StatusOK)
		wantError(t, verify(c.ChallengeID, cred), http.StatusBadRequest, apierr.CodeWebAuthnChallengeExpired)
		// The same assertion against a fresh challenge fails its signature check.
		c2 := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		wantError(t, verify(c2.ChallengeID, cred), http.StatusBadRequest, apierr.CodeInvalidCredentials)
	})
	t.Run("sign count going backwards", func(t *testing.T) {
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		wantError(t, verify(c.ChallengeID, a.sign(t, c.Options["challenge"].(string), sc, 1)), http.StatusBadRequest, apierr.CodeInvalidCredentials)
	})
	t.Run("unknown authenticator", func(t *testing.T) {
		stranger := newSoftAuthenticator("http://daybase.test", "daybase.test")
		_, unknown := stranger.create(t, map[string]any{"challenge": "x", "user": map[string]any{"id": b64.EncodeToString([]byte(s.User.ID))}})
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		wantError(t, verify(c.ChallengeID, stranger.get(t, c.Options, unknown)), http.StatusBadRequest, apierr.CodeInvalidCredentials)
	})
	t.Run("wrong origin", func(t *testing.T) {
		phish := newSoftAuthenticator("https://evil.example", "daybase.test")
		phish.creds = a.creds
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		wantError(t, verify(c.ChallengeID, phish.get(t, c.Options, sc)), http.StatusBadRequest, apierr.CodeInvalidCredentials)
	})
	t.Run("unknown or malformed challenge", func(t *testing.T) {
		wantError(t, verify("00000000-0000-0000-0000-000000000000", a.get(t, map[string]any{"challenge": "x"}, sc)), http.StatusBadRequest, apierr.CodeWebAuthnChallengeExpired)
		wantError(t, verify("nope", map[string]any{}), http.StatusBadRequest, apierr.CodeValidationFailed)
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		wantError(t, verify(c.ChallengeID, nil), http.StatusBadRequest, apierr.CodeValidationFailed)
		wantError(t, verify(c.ChallengeID, map[string]any{"id": "x"}), http.StatusBadRequest, apierr.CodeValidationFailed)
	})
	t.Run("expired challenge", func(t *testing.T) {
		c := b.passkeyOptions(t, "/passkeys/authentication/options", "")
		if _, err := b.db.Pool.Exec(t.Context(), `UPDATE auth.webauthn_challenges SET expires_at = now() - interval '1 second' WHERE id = $1`, c.ChallengeID); err != nil {
			t.Fatal(err)
		}
		wantError(t, verify(c.ChallengeID, a.get(t, c.Options, sc)), http.StatusBadRequest, apierr.CodeWebAuthnChallengeExpired)
	})
	t.Run("registration challenge is not a sign-in challenge", func(t *testing.T) {
		c := b.passkeyOptions(t, "/passkeys/registration/options", s.AccessToken)
		wantError(t, verify(c.ChallengeID, a.get(t, c.Options, sc)), http.StatusBadRequest, apierr.CodeWebAuthnChallengeExpired)
	})
	t.Run("another user's registration challenge", func(t *testing.T) {
		other := b.signUp(t, uniqueEmail("pkthief"), "correct horse battery")
		c := b.passkeyOptions(t, "/passkeys/registration/options", s.AccessToken)
		cred, _ := a.create(t, c.Options)
		wantError(t, b.do(t, req{method: "POST", path: "/passkeys/registration/verify", bearer: other.AccessToken,
			body: map[string]any{"challenge_id": c.ChallengeID, "credential": cred}}), http.StatusBadRequest, apierr.CodeWebAuthnChallengeExpired)
	})
	t.Run("registration with a wrong challenge", func(t *testing.T) {
		c := b.passkeyOptions(t, "/passkeys/registration/options", s.AccessToken)
		opts := map[string]any{"challenge": b64.EncodeToString([]byte("not the challenge")), "user": c.Options["user"]}
		cred, _ := a.create(t, opts)
		wantError(t, b.do(t, req{method: "POST", path: "/passkeys/registration/verify", bearer: s.AccessToken,
			body: map[string]any{"challenge_id": c.ChallengeID, "credential": cred}}), http.StatusBadRequest, apierr.CodeValidationFailed)
	})
	t.Run("anonymous users cannot register", func(t *testing.T) {
		b := setup(t, func(c *Config) { c.AnonymousSignIns = true })
		res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{}})
		wantStatus(t, res, http.StatusOK)
		var anon session
		res.decode(t, &anon)
		wantError(t, b.do(t, req{method: "POST", path: "/passkeys/registration/options", bearer: anon.AccessToken, body: map[string]any{}}), http.StatusForbidden, apierr.CodeNoAuthorization)
	})
}

// TestPasskeyTablesIsolated: the API roles cannot reach the passkey
// tables at all; only the auth service (the table owner) reads them.
func TestPasskeyTablesIsolated(t *testing.T) {
	b := setup(t)
	for _, role := range []string{"anon", "authenticated", "service_role"} {
		for _, table := range []string{"auth.webauthn_credentials", "auth.webauthn_challenges"} {
			tx, err := b.db.Pool.Begin(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if _, err := tx.Exec(t.Context(), "SET LOCAL ROLE "+role); err != nil {
				t.Fatal(err)
			}
			_, err = tx.Exec(t.Context(), "SELECT 1 FROM "+table)
			if err == nil || !strings.Contains(err.Error(), "42501") {
				t.Errorf("%s reading %s: err = %v, want permission denied", role, table, err)
			}
			_ = tx.Rollback(t.Context())
		}
	}
}

func TestPasskeyRelyingPartyFromSiteURL(t *testing.T) {
	for _, tc := range []struct {
		site, rpID string
		origins    []string
	}{
		{"https://app.example.com", "app.example.com", []string{"https://app.example.com"}},
		{"http://127.0.0.1:54321", "localhost", []string{"http://127.0.0.1:54321", "http://localhost:54321"}},
		{"http://192.0.2.7:8080", "", nil}, // off: no domain to bind passkeys to
	} {
		cfg := Defaults()
		cfg.SiteURL = tc.site
		rp, err := newRelyingParty(cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.site, err)
		}
		if tc.rpID == "" {
			if rp != nil {
				t.Errorf("%s: passkeys on with rp id %q", tc.site, rp.Config.RPID)
			}
			continue
		}
		if rp == nil || rp.Config.RPID != tc.rpID || strings.Join(rp.Config.RPOrigins, " ") != strings.Join(tc.origins, " ") {
			t.Errorf("%s: rp = %+v, want %s %v", tc.site, rp, tc.rpID, tc.origins)
		}
	}
	b := setup(t, func(c *Config) { c.SiteURL = "http://192.0.2.7:8080" })
	if b.do(t, req{method: "GET", path: "/settings"}).object(t)["passkeys_enabled"] != false {
		t.Error("settings say passkeys are on without a domain")
	}
	wantError(t, b.do(t, req{method: "POST", path: "/passkeys/authentication/options", body: map[string]any{}}), http.StatusUnprocessableEntity, apierr.CodeValidationFailed)
}

// BenchmarkPasskeySignIn measures the passkey sign-in round trip (options,
// then the assertion verified into a session) beside a password sign-in,
// one client at a time through the gateway. The software authenticator's
// ECDSA signature is inside the loop, as a device's would be in the trip.
func BenchmarkPasskeySignIn(b *testing.B) {
	tb := setup(b)
	email := uniqueEmail("pkbench")
	s := tb.signUp(b, email, "correct horse battery")
	a := newSoftAuthenticator("http://daybase.test", "daybase.test")
	_, sc := tb.registerPasskey(b, a, s.AccessToken)
	b.Run("passkey", func(b *testing.B) {
		for b.Loop() {
			c := tb.passkeyOptions(b, "/passkeys/authentication/options", "")
			res := tb.do(b, req{method: "POST", path: "/passkeys/authentication/verify",
				body: map[string]any{"challenge_id": c.ChallengeID, "credential": a.get(b, c.Options, sc)}})
			if res.Status != http.StatusOK {
				b.Fatalf("sign-in: %d %s", res.Status, res.Body)
			}
		}
	})
	b.Run("password", func(b *testing.B) {
		for b.Loop() {
			tb.signInPassword(b, email, "correct horse battery")
		}
	})
}
