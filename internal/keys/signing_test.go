package keys

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"daybase/internal/token"
)

func kidOf(t *testing.T, tok string) string {
	t.Helper()
	b, _ := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
	var h struct{ Alg, Kid string }
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h.Alg + ":" + h.Kid
}

func TestNewDataDirSignsES256(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	k, err := Ensure(path, "")
	if err != nil {
		t.Fatal(err)
	}
	cur := k.Current()
	if cur == nil || cur.Alg != token.ES256 || len(k.SigningKeys) != 1 {
		t.Fatalf("signing keys = %+v", k.SigningKeys)
	}
	s := token.NewSigner(k.JWTSecret)
	if err := k.Install(s, time.Hour, time.Now()); err != nil {
		t.Fatal(err)
	}
	tok, _ := s.Sign(token.Claims{"exp": time.Now().Add(time.Minute).Unix()})
	if got := kidOf(t, tok); got != "ES256:"+cur.KID {
		t.Fatalf("token header %s", got)
	}
	// The API keys stay HS256 with the secret.
	if got := kidOf(t, k.AnonKey); got != "HS256:" {
		t.Fatalf("anon key header %s", got)
	}
}

// A data dir from before asymmetric keys keeps signing HS256 until the
// first rotation, and its API keys survive the rotation.
func TestLegacyDataDirThenRotate(t *testing.T) {
	path := filepath.Join(t.TempDir(), "secrets.json")
	legacy := `{"jwt_secret":"` + strings.Repeat("s", 40) + `","authenticator_password":"pw"}`
	if err := os.WriteFile(path, []byte(legacy), 0o600); err != nil {
		t.Fatal(err)
	}
	k, err := Ensure(path, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(k.SigningKeys) != 0 {
		t.Fatal("a legacy data dir got signing keys without a rotation")
	}
	s := token.NewSigner(k.JWTSecret)
	if err := k.Install(s, time.Hour, time.Now()); err != nil {
		t.Fatal(err)
	}
	exp := time.Now().Add(time.Hour).Unix()
	hsTok, _ := s.Sign(token.Claims{"exp": exp})
	if kidOf(t, hsTok) != "HS256:" {
		t.Fatal("legacy data dir does not sign HS256")
	}

	now := time.Now()
	r1, err := Rotate(path, token.RS256, time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	if r1.AnonKey != k.AnonKey || r1.ServiceRoleKey != k.ServiceRoleKey || r1.JWTSecret != k.JWTSecret {
		t.Fatal("rotation changed the API keys")
	}
	if err := r1.Install(s, time.Hour, now); err != nil {
		t.Fatal(err)
	}
	rsTok, _ := s.Sign(token.Claims{"exp": exp})
	if kidOf(t, rsTok) != "RS256:"+r1.Current().KID {
		t.Fatal("the rotated-in RS256 key does not sign")
	}
	for _, tok := range []string{hsTok, rsTok, k.AnonKey, k.ServiceRoleKey} {
		if _, err := s.Verify(tok); err != nil {
			t.Fatalf("after rotation %s: %v", kidOf(t, tok), err)
		}
	}

	// Second rotation: the RS256 key is retired and verifies for the
	// token lifetime (plus a minute), then is dropped.
	r2, err := Rotate(path, token.ES256, time.Hour, now)
	if err != nil {
		t.Fatal(err)
	}
	if len(r2.SigningKeys) != 2 || r2.Current().Alg != token.ES256 {
		t.Fatalf("after second rotation: %+v", r2.SigningKeys)
	}
	if err := r2.Install(s, time.Hour, now.Add(30*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Verify(rsTok); err != nil {
		t.Fatalf("the retired key stopped verifying early: %v", err)
	}
	if !strings.Contains(string(s.JWKS()), r1.Current().KID) {
		t.Fatal("the retired key is not in the JWKS while it verifies")
	}
	if err := r2.Install(s, time.Hour, now.Add(62*time.Minute)); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(s.JWKS()), r1.Current().KID) {
		t.Fatal("the retired key is still published after its window")
	}
	if _, err := s.Verify(k.AnonKey); err != nil {
		t.Fatalf("anon key after two rotations: %v", err)
	}
	// A third rotation much later drops the expired key from the file.
	r3, err := Rotate(path, token.ES256, time.Hour, now.Add(3*time.Hour))
	if err != nil {
		t.Fatal(err)
	}
	if len(r3.SigningKeys) != 2 {
		t.Fatalf("expired keys kept in the file: %+v", r3.SigningKeys)
	}
	st, _ := os.Stat(path)
	if st.Mode().Perm() != 0o600 {
		t.Fatalf("mode %v after rotation", st.Mode().Perm())
	}
}

func TestRotateNeedsSecrets(t *testing.T) {
	if _, err := Rotate(filepath.Join(t.TempDir(), "secrets.json"), token.ES256, time.Hour, time.Now()); err == nil {
		t.Fatal("Rotate without a secrets file succeeded")
	}
}
