package wire

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// TestTokenResponseEncodesLikeEncodingJSON: the hand-written session
// answer is byte for byte what json.Encoder makes of TokenResponse.
func TestTokenResponseEncodesLikeEncodingJSON(t *testing.T) {
	t1 := time.Date(2026, 11, 23, 23, 50, 1, 123456000, time.UTC)
	t2 := time.Date(2025, 1, 2, 3, 4, 5, 0, time.FixedZone("x", 3600))
	t3 := time.Date(2024, 2, 29, 0, 0, 0, 1, time.UTC)
	full := &User{
		ID: "3f1c0c1e-8a56-4d4e-9d0b-0f6a2c1d7e11", Aud: "authenticated", Role: "authenticated",
		Email: "a<b>&c@example.test", EmailConfirmedAt: &t1, Phone: "+49 151 ü", PhoneConfirmedAt: &t2,
		ConfirmationSentAt: &t3, ConfirmedAt: &t1, RecoverySentAt: &t2, NewEmail: "new\"\\@example.test",
		EmailChangeSentAt: &t3, ReauthenticationSentAt: &t1, InvitedAt: &t2, LastSignInAt: &t3,
		AppMetadata: map[string]any{"providers": []any{"email", "google"}, "provider": "email", "n": 1.5, "html": "<x>"},
		UserMetadata: map[string]any{"name": "Zoë\u2028\t\x01", "nested": map[string]any{"b": nil, "a": true},
			"k<&>": []any{1e21, 0.000001, -0.0, float64(42), []any{}, []any(nil), map[string]any{}, map[string]any(nil), false, "\ufffd\xff"},
			"Z":    json.Number("12"), "": "empty key", "é": "non-ascii key"},
		Identities: []Identity{
			{IdentityID: "i1", ID: "p1", UserID: "u", IdentityData: map[string]any{"sub": "u", "email": "x@y"}, Provider: "email",
				LastSignInAt: &t1, CreatedAt: t2, UpdatedAt: t3, Email: "x@y"},
			{IdentityID: "i2", ID: "p2", UserID: "u", IdentityData: nil, Provider: "google", CreatedAt: t1, UpdatedAt: t1},
		},
		Factors: []Factor{
			{ID: "f1", FriendlyName: "phone & co", FactorType: "totp", Status: "verified", CreatedAt: t1, UpdatedAt: t2, LastChallengedAt: &t3},
			{ID: "f2", FactorType: "phone", Status: "unverified", CreatedAt: t1, UpdatedAt: t2, Phone: "+1"},
		},
		CreatedAt: t1, UpdatedAt: t2, BannedUntil: &t3, DeletedAt: &t1, IsAnonymous: true,
	}
	minimal := &User{ID: "u", Aud: "authenticated", Role: "authenticated", AppMetadata: map[string]any{},
		UserMetadata: map[string]any{}, Identities: []Identity{}, CreatedAt: t1, UpdatedAt: t1}
	bare := &User{}
	for name, r := range map[string]*TokenResponse{
		"full": {AccessToken: "a.b.c", TokenType: "bearer", ExpiresIn: 3600, ExpiresAt: 1795000000, RefreshToken: "abc234",
			User: full, ProviderToken: "pt<", ProviderRefreshToken: "prt",
			WeakPassword: &WeakPassword{Reasons: []string{"length", "characters"}, Message: "weak & short"}},
		"minimal":  {AccessToken: "a.b.c", TokenType: "bearer", ExpiresIn: 3600, ExpiresAt: 1795000000, RefreshToken: "r", User: minimal},
		"bare":     {User: bare, WeakPassword: &WeakPassword{}},
		"no user":  {AccessToken: "x"},
		"negative": {ExpiresIn: -1, ExpiresAt: -5, User: &User{IsAnonymous: false}},
	} {
		var want bytes.Buffer
		if err := json.NewEncoder(&want).Encode(r); err != nil {
			t.Fatal(err)
		}
		got, err := r.AppendJSON(nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got = append(got, '\n')
		if !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s:\n got %s\nwant %s", name, got, want.Bytes())
		}
	}
	// A time encoding/json refuses is refused here too (writeJSON then
	// falls back to the Encoder, which reports it).
	bad := time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
	if _, err := (&TokenResponse{User: &User{CreatedAt: bad}}).AppendJSON(nil); err == nil {
		t.Error("year 10000: no error")
	}
}

// TestAccessClaimsAppendLikeMarshal: the hand-encoded claims are what
// json.Marshal makes of AccessClaims.
func TestAccessClaimsAppendLikeMarshal(t *testing.T) {
	for _, c := range []AccessClaims{
		{AAL: "aal2", AMR: []AMREntry{{"totp", 2}, {"password", -1}},
			AppMetadata: map[string]any{"providers": []any{"email"}, "provider": "email"}, Aud: "authenticated",
			Email: "a<b>@example.test", Exp: 2, Iat: 1, IsAnonymous: true, Iss: "http://x/auth/v1", Phone: "+1 ü",
			Role: "authenticated", SessionID: "s", Sub: "u", UserMetadata: map[string]any{"b": 1.5, "a": "<&>", "c": []any{nil, true}}},
		{AMR: []AMREntry{}},
		{},
	} {
		want, err := json.Marshal(c)
		if err != nil {
			t.Fatal(err)
		}
		got, err := c.AppendJSON(nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("claims\n got %s, %v\nwant %s", got, err, want)
		}
	}
}
