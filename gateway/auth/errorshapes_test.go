package auth

import (
	"net/http"
	"strings"
	"testing"

	"daybase/gateway/auth/apierr"
)

// The answers auth-js's own suite checks by message: an address GoTrue's
// syntax refuses on every admin path that takes one, reauthentication for
// a user with no address, and a phone code that cannot match.
func TestGoTrueErrorShapes(t *testing.T) {
	b := setup(t, func(c *Config) { c.AnonymousSignIns = true })
	const invalid = "xx:;x@x.x" // auth-js's INVALID_EMAIL
	wantMessage := func(t *testing.T, res response, status int, code apierr.Code, msg string) {
		t.Helper()
		wantError(t, res, status, code)
		if m := res.object(t)["message"]; m != msg {
			t.Fatalf("msg = %v, want %q", m, msg)
		}
	}
	admin := func(path string, body map[string]any) response {
		return b.do(t, req{method: "POST", path: path, body: body, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	for _, c := range []struct {
		name string
		res  response
	}{
		{"createUser", admin("/admin/users", map[string]any{"email": invalid, "password": "password123"})},
		{"inviteUserByEmail", admin("/invite", map[string]any{"email": invalid})},
		{"generateLink", admin("/admin/generate_link", map[string]any{"type": "signup", "email": invalid, "password": "password123"})},
		{"signUp", b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": invalid, "password": "password123"}})},
	} {
		t.Run(c.name, func(t *testing.T) {
			wantMessage(t, c.res, http.StatusBadRequest, apierr.CodeEmailAddressInvalid, "Unable to validate email address: invalid format")
		})
	}
	for _, ok := range []string{"a.b+tag@example.test", "o'neil@mail.example.co.uk"} {
		if _, err := normaliseEmail(ok); err != nil {
			t.Errorf("normaliseEmail(%q) = %v", ok, err)
		}
	}
	for _, bad := range []string{"no-at.example", "a@b", "a b@example.test", "a@-x.test", "x@y..z"} {
		if _, err := normaliseEmail(bad); err == nil {
			t.Errorf("normaliseEmail(%q) accepted", bad)
		}
	}

	t.Run("reauthenticate without an address", func(t *testing.T) {
		s := b.signInAnonymously(t)
		wantMessage(t, b.do(t, req{method: "GET", path: "/reauthenticate", bearer: s.AccessToken}), http.StatusBadRequest,
			apierr.CodeValidationFailed, "Reauthentication requires the user to have an email or a phone number")
		wantError(t, b.do(t, req{method: "GET", path: "/reauthenticate"}), http.StatusUnauthorized, apierr.CodeNoAuthorization)
	})

	t.Run("verifyOtp for a phone", func(t *testing.T) {
		res := b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "phone_change", "phone": "+15555550100", "token": "123456"}})
		wantMessage(t, res, http.StatusForbidden, apierr.CodeOTPExpired, "Token has expired or is invalid")
		res = b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "sms", "phone": "+15555550100"}})
		if res.Status < 400 || !strings.Contains(string(res.Body), "phone_provider_disabled") {
			t.Fatalf("sms without a token: %d %s", res.Status, res.Body)
		}
	})
}

// generateLink's two email_change kinds answer the user with new_email and
// a link of type email_change, as auth-js's GoTrueApi suite checks; the
// link for the new address verifies.
func TestAdminGenerateEmailChangeLinks(t *testing.T) {
	b := setup(t)
	admin := func(body map[string]any) response {
		return b.do(t, req{method: "POST", path: "/admin/generate_link", body: body, apikey: b.serviceKey, bearer: b.serviceKey})
	}
	email := uniqueEmail("change")
	wantStatus(t, b.do(t, req{method: "POST", path: "/admin/users", apikey: b.serviceKey, bearer: b.serviceKey,
		body: map[string]any{"email": email, "email_confirm": true}}), http.StatusOK)
	for _, kind := range []string{"email_change_current", "email_change_new"} {
		newEmail := uniqueEmail("changed")
		res := admin(map[string]any{"type": kind, "email": email, "new_email": newEmail, "redirect_to": "http://daybase.test/welcome"})
		wantStatus(t, res, http.StatusOK)
		m := res.object(t)
		link, _ := m["action_link"].(string)
		if m["new_email"] != newEmail || m["email"] != email || m["verification_type"] != "email_change" ||
			!strings.Contains(link, "token=") || !strings.Contains(link, "type=email_change") || !strings.Contains(link, "redirect_to=") {
			t.Fatalf("%s: %s", kind, res.Body)
		}
		for _, k := range []string{"email_otp", "hashed_token", "redirect_to", "user_metadata"} {
			if _, ok := m[k]; !ok {
				t.Fatalf("%s lacks %s: %s", kind, k, res.Body)
			}
		}
		if kind == "email_change_new" {
			v := b.do(t, req{method: "POST", path: "/verify", body: map[string]any{"type": "email_change", "token_hash": m["hashed_token"]}})
			wantStatus(t, v, http.StatusOK)
		}
	}
	wantError(t, admin(map[string]any{"type": "email_change_new", "email": email, "new_email": "xx:;x@x.x"}), http.StatusBadRequest, apierr.CodeEmailAddressInvalid)
	wantError(t, admin(map[string]any{"type": "email_change_new", "email": uniqueEmail("nobody"), "new_email": uniqueEmail("n")}), http.StatusNotFound, apierr.CodeUserNotFound)
}
