package wire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"
)

// TestAnswerEncodesLikeTheUser: a session answer and its claims built from
// a kept Answer (after the round trip through its stored framing) are byte
// for byte those built from the User, i.e. encoding/json's.
func TestAnswerEncodesLikeTheUser(t *testing.T) {
	t1 := time.Date(2026, 11, 23, 23, 50, 1, 123456000, time.UTC)
	for name, u := range map[string]*User{
		"full": {ID: "3f1c0c1e-8a56-4d4e-9d0b-0f6a2c1d7e11", Aud: "authenticated", Role: "authenticated",
			Email: "a<b>&c@example.test", EmailConfirmedAt: &t1, Phone: "+49 151 ü", LastSignInAt: &t1,
			AppMetadata: map[string]any{"providers": []any{"email", "google"}, "provider": "email", "n": 1.5, "html": "<x>"},
			UserMetadata: map[string]any{"name": "Zoë\u2028\t\x01", "k<&>": []any{1e21, 0.000001, -0.0, nil, "\ufffd\xff"},
				"Z": json.Number("12"), "": "empty key"},
			Identities: []Identity{{IdentityID: "i1", ID: "p1", UserID: "u", IdentityData: map[string]any{"sub": "u"}, Provider: "email",
				LastSignInAt: &t1, CreatedAt: t1, UpdatedAt: t1, Email: "x@y"}},
			Factors:   []Factor{{ID: "f1", FriendlyName: "phone & co", FactorType: "totp", Status: "verified", CreatedAt: t1, UpdatedAt: t1}},
			CreatedAt: t1, UpdatedAt: t1, BannedUntil: &t1, IsAnonymous: true},
		"minimal": {ID: "u", Aud: "authenticated", Role: "authenticated", AppMetadata: map[string]any{},
			UserMetadata: map[string]any{}, Identities: []Identity{}, CreatedAt: t1, UpdatedAt: t1},
	} {
		a, err := NewAnswer(u)
		if err != nil {
			t.Fatal(err)
		}
		kept, err := UnmarshalAnswer(a.MarshalBinary())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		want, _ := (&TokenResponse{AccessToken: "a.b.c", TokenType: "bearer", RefreshToken: "r", User: u}).AppendJSON(nil)
		got, err := (&TokenResponse{AccessToken: "a.b.c", TokenType: "bearer", RefreshToken: "r", UserJSON: kept.User}).AppendJSON(nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: answer\n got %s, %v\nwant %s", name, got, err, want)
		}
		want, _ = json.Marshal(AccessClaims{AAL: "aal1", AMR: []AMREntry{}, AppMetadata: u.AppMetadata, Aud: u.Aud, Email: u.Email,
			IsAnonymous: u.IsAnonymous, Phone: u.Phone, Role: u.Role, Sub: u.ID, UserMetadata: u.UserMetadata})
		got, err = (&AccessClaims{AAL: "aal1", AMR: []AMREntry{}, RawAppMetadata: kept.AppMetadata, Aud: kept.Aud, Email: kept.Email,
			IsAnonymous: kept.IsAnonymous, Phone: kept.Phone, Role: kept.Role, Sub: u.ID, RawUserMetadata: kept.UserMetadata}).AppendJSON(nil)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s: claims\n got %s, %v\nwant %s", name, got, err, want)
		}
	}
	// Bytes of another framing (or none) are no answer: the caller rebuilds.
	good := (&Answer{User: []byte("{}"), Aud: "x"}).MarshalBinary()
	for _, b := range [][]byte{nil, {}, {0}, {2}, good[:len(good)-1], append(good, 0), {1, 200}} {
		if _, err := UnmarshalAnswer(b); err == nil {
			t.Errorf("%x read as an answer", b)
		}
	}
}

// TestEncoderPrint: the print covers every field the user's JSON can carry
// (the sample leaves none out to omitempty, in the user, its identities and
// factors), and an answer kept under another print is not an answer.
func TestEncoderPrint(t *testing.T) {
	var u User
	fillSample(reflect.ValueOf(&u).Elem())
	js, err := u.AppendJSON(nil)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		User       map[string]any
		Identities []map[string]any `json:"identities"`
		Factors    []map[string]any `json:"factors"`
	}
	if err := json.Unmarshal(js, &got.User); err != nil {
		t.Fatal(err)
	}
	_ = json.Unmarshal(js, &got)
	for _, c := range []struct {
		typ  reflect.Type
		keys []map[string]any
	}{{reflect.TypeFor[User](), []map[string]any{got.User}}, {reflect.TypeFor[Identity](), got.Identities}, {reflect.TypeFor[Factor](), got.Factors}} {
		if len(c.keys) != 1 {
			t.Fatalf("%s: %d objects in the sample's JSON, want 1", c.typ.Name(), len(c.keys))
		}
		for i := range c.typ.NumField() {
			name, _, _ := strings.Cut(c.typ.Field(i).Tag.Get("json"), ",")
			if name == "-" || name == "" {
				continue
			}
			if _, ok := c.keys[0][name]; !ok {
				t.Errorf("%s.%s (%q) is not in the sample's JSON: the print would not see it change", c.typ.Name(), c.typ.Field(i).Name, name)
			}
		}
	}

	kept := (&Answer{User: []byte("{}"), Aud: "x"}).MarshalBinary()
	kept[1] ^= 0xff
	if _, err := UnmarshalAnswer(kept); err == nil {
		t.Error("an answer kept under another encoder print was read")
	}
}
