package auth

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"daybase/gateway/auth/apierr"
)

// totpCode computes the code of secret at t, as an authenticator app would.
func totpCode(t testing.TB, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

type enrolled struct {
	ID     string
	Secret string
}

func (b *testBundle) enroll(t testing.TB, at, name string) enrolled {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/factors", bearer: at, body: map[string]any{"friendly_name": name, "factor_type": "totp", "issuer": "daybase"}})
	wantStatus(t, res, http.StatusOK)
	var e struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		TOTP struct {
			QRCode string `json:"qr_code"`
			Secret string `json:"secret"`
			URI    string `json:"uri"`
		} `json:"totp"`
	}
	res.decode(t, &e)
	return enrolled{ID: e.ID, Secret: e.TOTP.Secret}
}

func (b *testBundle) challenge(t testing.TB, at, factorID string) string {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/factors/" + factorID + "/challenge", bearer: at, body: map[string]any{"factorId": factorID}})
	wantStatus(t, res, http.StatusOK)
	return res.object(t)["id"].(string)
}

func (b *testBundle) verify(t testing.TB, at, factorID, challengeID, code string) response {
	t.Helper()
	return b.do(t, req{method: "POST", path: "/factors/" + factorID + "/verify", bearer: at, body: map[string]any{"challenge_id": challengeID, "code": code}})
}

func TestMFAEnrollShape(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("enroll")
	s := b.signUp(t, email, "hunter-two-2")
	res := b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"friendly_name": "Laptop", "factor_type": "totp", "issuer": "daybase"}})
	wantStatus(t, res, http.StatusOK)
	m := res.object(t)
	if m["type"] != "totp" || m["friendly_name"] != "Laptop" || !isUUID(m["id"].(string)) {
		t.Fatalf("enroll answer: %s", res.Body)
	}
	to := m["totp"].(map[string]any)
	if qr := to["qr_code"].(string); !strings.HasPrefix(qr, "<?xml") || !strings.Contains(qr, "<svg") || strings.Contains(qr, "#") {
		t.Fatalf("qr_code is not raw SVG without '#': %.80s", qr)
	}
	if sec := to["secret"].(string); len(sec) != 32 {
		t.Fatalf("secret %q: want 32 base32 characters", sec)
	}
	if uri := to["uri"].(string); !strings.HasPrefix(uri, "otpauth://totp/daybase:"+email) || !strings.Contains(uri, "issuer=daybase") {
		t.Fatalf("uri = %s", uri)
	}
	// Listed on the user, unverified.
	u := b.do(t, req{method: "GET", path: "/user", bearer: s.AccessToken}).object(t)
	fs := u["factors"].([]any)
	if len(fs) != 1 || fs[0].(map[string]any)["status"] != "unverified" || fs[0].(map[string]any)["factor_type"] != "totp" {
		t.Fatalf("factors = %v", u["factors"])
	}
	// Same friendly name again: conflict.
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"friendly_name": "Laptop", "factor_type": "totp"}}),
		422, apierr.CodeMFAFactorNameConflict)
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"factor_type": "sms"}}),
		400, apierr.CodeValidationFailed)
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"factor_type": "phone"}}),
		422, apierr.CodeMFAPhoneEnrollDisabled)
}

func TestMFAFactorLimit(t *testing.T) {
	b := setup(t, func(c *Config) { c.MFAMaxFactors = 2 })
	s := b.signUp(t, uniqueEmail("limit"), "hunter-two-2")
	b.enroll(t, s.AccessToken, "one")
	b.enroll(t, s.AccessToken, "two")
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: s.AccessToken, body: map[string]any{"friendly_name": "three", "factor_type": "totp"}}),
		422, apierr.CodeTooManyFactors)
	// Factors never verified expire and free their place.
	b.db.Pool.Exec(context.Background(), "UPDATE auth.mfa_factors SET created_at = now() - interval '6 minutes'")
	b.enroll(t, s.AccessToken, "three")
}

func TestMFAVerifyRaisesSession(t *testing.T) {
	b := setup(t)
	email := uniqueEmail("aal")
	s := b.signUp(t, email, "hunter-two-2")
	other := b.signInPassword(t, email, "hunter-two-2") // a second aal1 session

	c := b.claims(t, s.AccessToken)
	if c["aal"] != "aal1" {
		t.Fatalf("aal before verify = %v", c["aal"])
	}
	f := b.enroll(t, s.AccessToken, "phone")
	ch := b.challenge(t, s.AccessToken, f.ID)

	wantError(t, b.verify(t, s.AccessToken, f.ID, ch, "000000"), 422, apierr.CodeMFAVerificationFailed)
	expired := totpCode(t, f.Secret, time.Now().Add(-95*time.Second))
	wantError(t, b.verify(t, s.AccessToken, f.ID, ch, expired), 422, apierr.CodeMFAVerificationFailed)

	code := totpCode(t, f.Secret, time.Now())
	res := b.verify(t, s.AccessToken, f.ID, ch, code)
	wantStatus(t, res, http.StatusOK)
	var v session
	res.decode(t, &v)
	vc := b.claims(t, v.AccessToken)
	if vc["aal"] != "aal2" || vc["session_id"] != c["session_id"] {
		t.Fatalf("after verify: aal %v session %v (was %v)", vc["aal"], vc["session_id"], c["session_id"])
	}
	amr := vc["amr"].([]any)
	if len(amr) != 2 || amr[0].(map[string]any)["method"] != "totp" || amr[1].(map[string]any)["method"] != "password" {
		t.Fatalf("amr = %v", amr)
	}
	if len(v.User.Factors) != 1 || v.User.Factors[0].Status != "verified" {
		t.Fatalf("session.user.factors = %+v", v.User.Factors)
	}

	// The same code again, on a new challenge: refused as a replay.
	ch2 := b.challenge(t, v.AccessToken, f.ID)
	replay := b.verify(t, v.AccessToken, f.ID, ch2, code)
	wantError(t, replay, 422, apierr.CodeMFAVerificationFailed)
	if !strings.Contains(replay.object(t)["message"].(string), "already used") {
		t.Fatalf("replay message: %s", replay.Body)
	}
	// A verified challenge cannot be verified again.
	wantError(t, b.verify(t, v.AccessToken, f.ID, ch, code), 422, apierr.CodeMFAIPAddressMismatch)

	// The aal1 refresh token of the session is gone; the new one works and
	// keeps aal2.
	wantError(t, b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": s.RefreshToken}}),
		400, apierr.CodeRefreshTokenNotFound)
	rr := b.do(t, req{method: "POST", path: "/token?grant_type=refresh_token", body: map[string]any{"refresh_token": v.RefreshToken}})
	wantStatus(t, rr, 200)
	var r2 session
	rr.decode(t, &r2)
	if b.claims(t, r2.AccessToken)["aal"] != "aal2" {
		t.Fatalf("refresh lost aal2")
	}
	// The user's other aal1 session was ended.
	wantError(t, b.do(t, req{method: "GET", path: "/user", bearer: other.AccessToken}), 403, apierr.CodeSessionNotFound)

	// A new password sign-in is aal1 with a verified factor: next level aal2.
	s3 := b.signInPassword(t, email, "hunter-two-2")
	if b.claims(t, s3.AccessToken)["aal"] != "aal1" || !s3.User.HasVerifiedFactor() {
		t.Fatalf("sign-in after MFA: aal %v factors %+v", b.claims(t, s3.AccessToken)["aal"], s3.User.Factors)
	}
	// aal1 cannot enroll another factor, change the password or unenroll.
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: s3.AccessToken, body: map[string]any{"friendly_name": "second", "factor_type": "totp"}}),
		403, apierr.CodeInsufficientAAL)
	wantError(t, b.do(t, req{method: "PUT", path: "/user", bearer: s3.AccessToken, body: map[string]any{"password": "another one"}}),
		401, apierr.CodeInsufficientAAL)
	wantError(t, b.do(t, req{method: "DELETE", path: "/factors/" + f.ID, bearer: s3.AccessToken}), 422, apierr.CodeInsufficientAAL)

	// Unenroll from aal2: the factor goes, the session drops to aal1.
	un := b.do(t, req{method: "DELETE", path: "/factors/" + f.ID, bearer: r2.AccessToken})
	wantStatus(t, un, 200)
	if un.object(t)["id"] != f.ID {
		t.Fatalf("unenroll answer %s", un.Body)
	}
	var aal string
	b.db.Pool.QueryRow(context.Background(), "SELECT aal FROM auth.sessions WHERE id = $1", vc["session_id"]).Scan(&aal)
	if aal != "aal1" {
		t.Fatalf("session aal after unenroll = %s", aal)
	}
	u := b.do(t, req{method: "GET", path: "/user", bearer: r2.AccessToken}).object(t)
	if _, ok := u["factors"]; ok {
		t.Fatalf("factors still listed: %v", u["factors"])
	}
}

func TestMFAChallengeRules(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("chal"), "hunter-two-2")
	f := b.enroll(t, s.AccessToken, "app")

	// Expired challenge.
	ch := b.challenge(t, s.AccessToken, f.ID)
	b.db.Pool.Exec(context.Background(), "UPDATE auth.mfa_challenges SET created_at = now() - interval '6 minutes' WHERE id = $1", ch)
	wantError(t, b.verify(t, s.AccessToken, f.ID, ch, totpCode(t, f.Secret, time.Now())), 422, apierr.CodeMFAChallengeExpired)

	// Verified from another address than the challenge's.
	ch = b.challenge(t, s.AccessToken, f.ID)
	res := b.do(t, req{method: "POST", path: "/factors/" + f.ID + "/verify", bearer: s.AccessToken, ip: "198.51.100.7",
		body: map[string]any{"challenge_id": ch, "code": totpCode(t, f.Secret, time.Now())}})
	wantError(t, res, 422, apierr.CodeMFAIPAddressMismatch)

	// Unknown factor, someone else's factor, a non-UUID id.
	otherUser := b.signUp(t, uniqueEmail("other"), "hunter-two-2")
	wantError(t, b.do(t, req{method: "POST", path: "/factors/" + f.ID + "/challenge", bearer: otherUser.AccessToken}), 404, apierr.CodeMFAFactorNotFound)
	wantError(t, b.do(t, req{method: "POST", path: "/factors/not-a-uuid/challenge", bearer: s.AccessToken}), 404, apierr.CodeValidationFailed)
	wantError(t, b.verify(t, s.AccessToken, f.ID, "00000000-0000-4000-8000-000000000000", "123456"), 422, apierr.CodeMFAFactorNotFound)
	wantError(t, b.verify(t, s.AccessToken, f.ID, ch, ""), 400, apierr.CodeValidationFailed)

	// Anonymous callers and callers without a token.
	wantError(t, b.do(t, req{method: "POST", path: "/factors", body: map[string]any{"factor_type": "totp"}}), 401, apierr.CodeNoAuthorization)
	wantError(t, b.do(t, req{method: "POST", path: "/factors", bearer: b.anonKey, body: map[string]any{"factor_type": "totp"}}), 403, apierr.CodeBadJWT)
}

func TestMFAFailuresAreRateLimited(t *testing.T) {
	b := setup(t)
	s := b.signUp(t, uniqueEmail("brute"), "hunter-two-2")
	f := b.enroll(t, s.AccessToken, "app")
	ch := b.challenge(t, s.AccessToken, f.ID)
	for i := range 5 {
		res := b.verify(t, s.AccessToken, f.ID, ch, "000001")
		if res.Status != 422 {
			t.Fatalf("attempt %d: %d %s", i, res.Status, res.Body)
		}
	}
	res := b.verify(t, s.AccessToken, f.ID, ch, totpCode(t, f.Secret, time.Now()))
	wantError(t, res, 429, apierr.CodeOverRequestRateLimit)
	if res.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
}
