package token

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math/big"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

const testSecret = "test-secret-test-secret-test-secret-42"

func mustKey(t testing.TB, alg string) Key {
	t.Helper()
	k, err := GenerateKey(alg)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func header(t *testing.T, tok string) map[string]any {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(strings.Split(tok, ".")[0])
	if err != nil {
		t.Fatal(err)
	}
	var h map[string]any
	if err := json.Unmarshal(b, &h); err != nil {
		t.Fatal(err)
	}
	return h
}

// publicFromJWK rebuilds a public key from the JWKS document alone, as a
// client verifying locally does.
func publicFromJWK(t *testing.T, jwks []byte, kid string) any {
	t.Helper()
	var doc struct {
		Keys []map[string]any `json:"keys"`
	}
	if err := json.Unmarshal(jwks, &doc); err != nil {
		t.Fatal(err)
	}
	dec := func(v any) []byte {
		b, err := base64.RawURLEncoding.DecodeString(v.(string))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for _, k := range doc.Keys {
		if k["kid"] != kid {
			continue
		}
		if k["use"] != "sig" || k["key_ops"].([]any)[0] != "verify" {
			t.Fatalf("jwk %v: want use sig, key_ops [verify]", k)
		}
		if _, private := k["d"]; private {
			t.Fatalf("jwk %v publishes the private key", k)
		}
		switch k["kty"] {
		case "EC":
			pt := append([]byte{4}, append(dec(k["x"]), dec(k["y"])...)...)
			pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), pt)
			if err != nil {
				t.Fatal(err)
			}
			return pub
		case "RSA":
			return &rsa.PublicKey{N: new(big.Int).SetBytes(dec(k["n"])), E: int(new(big.Int).SetBytes(dec(k["e"])).Int64())}
		}
	}
	t.Fatalf("kid %s not in %s", kid, jwks)
	return nil
}

func TestAsymmetricSignVerifyAndJWKS(t *testing.T) {
	for _, alg := range []string{ES256, RS256} {
		t.Run(alg, func(t *testing.T) {
			s := NewSigner(testSecret)
			k := mustKey(t, alg)
			if err := s.SetKeys(&k, nil); err != nil {
				t.Fatal(err)
			}
			if s.SigningKID() != k.KID {
				t.Fatalf("SigningKID = %q", s.SigningKID())
			}
			tok, err := s.Sign(Claims{"role": "authenticated", "exp": time.Now().Add(time.Minute).Unix()})
			if err != nil {
				t.Fatal(err)
			}
			if h := header(t, tok); h["alg"] != alg || h["kid"] != k.KID || h["typ"] != "JWT" {
				t.Fatalf("header = %v", h)
			}
			if c, err := s.Verify(tok); err != nil || c["role"] != "authenticated" {
				t.Fatalf("Verify = %v, %v", c, err)
			}
			// Anyone holding only the JWKS verifies it.
			pub := publicFromJWK(t, s.JWKS(), k.KID)
			if _, err := jwt.Parse(tok, func(*jwt.Token) (any, error) { return pub, nil }, jwt.WithValidMethods([]string{alg})); err != nil {
				t.Fatalf("verify with the published key: %v", err)
			}
			// The PEM round trip keeps the key.
			p, err := k.PEM()
			if err != nil {
				t.Fatal(err)
			}
			back, err := ParseKey(k.KID, alg, p)
			if err != nil {
				t.Fatal(err)
			}
			other := NewSigner(testSecret)
			if err := other.SetKeys(nil, []Key{back}); err != nil {
				t.Fatal(err)
			}
			if _, err := other.Verify(tok); err != nil {
				t.Fatalf("verify after PEM round trip: %v", err)
			}
		})
	}
}

func TestVerifyRefusals(t *testing.T) {
	s := NewSigner(testSecret)
	old, cur := mustKey(t, ES256), mustKey(t, ES256)
	if err := s.SetKeys(&old, nil); err != nil {
		t.Fatal(err)
	}
	exp := time.Now().Add(time.Minute).Unix()
	byOld, _ := s.Sign(Claims{"exp": exp})
	// Rotation: the new key signs, the old one still verifies.
	if err := s.SetKeys(&cur, []Key{old}); err != nil {
		t.Fatal(err)
	}
	byCur, _ := s.Sign(Claims{"exp": exp})
	if header(t, byCur)["kid"] != cur.KID {
		t.Fatal("the new key does not sign after rotation")
	}
	for _, tok := range []string{byOld, byCur} {
		if _, err := s.Verify(tok); err != nil {
			t.Fatalf("after rotation: %v", err)
		}
	}
	// The old key's window closes.
	if err := s.SetKeys(&cur, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Verify(byOld); err == nil || !strings.Contains(err.Error(), "unknown signing key") {
		t.Fatalf("a token of a dropped key verified: %v", err)
	}
	// A forged token: right kid, another key's signature.
	forger := NewSigner(testSecret)
	stolenKID := Key{KID: cur.KID, Alg: ES256, Private: mustKey(t, ES256).Private}
	_ = forger.SetKeys(&stolenKID, nil)
	forged, _ := forger.Sign(Claims{"exp": exp, "role": "service_role"})
	if _, err := s.Verify(forged); err == nil {
		t.Fatal("a forged ES256 token verified")
	}
	// alg confusion: an RS256 header naming an EC key's kid.
	rs := mustKey(t, RS256)
	rs.KID = cur.KID
	confused := NewSigner(testSecret)
	_ = confused.SetKeys(&rs, nil)
	tok, _ := confused.Sign(Claims{"exp": exp})
	if _, err := s.Verify(tok); err == nil {
		t.Fatal("an RS256 token verified against an ES256 key")
	}
	// No kid, an unsigned token.
	if _, err := s.Verify("eyJhbGciOiJub25lIn0.e30."); err == nil {
		t.Fatal("alg none verified")
	}
	// HS256 tokens and API keys keep verifying beside the asymmetric keys.
	key, _ := s.APIKey("anon")
	if header(t, key)["alg"] != "HS256" {
		t.Fatal("API keys must stay HS256")
	}
	if _, err := s.Verify(key); err != nil {
		t.Fatalf("API key: %v", err)
	}
	if s.JWKS() == nil || strings.Contains(string(s.JWKS()), old.KID) {
		t.Fatalf("JWKS still lists the dropped key: %s", s.JWKS())
	}
}

func TestHS256SignerPublishesNoKeys(t *testing.T) {
	if got := string(NewSigner(testSecret).JWKS()); got != `{"keys":[]}` {
		t.Fatalf("JWKS = %s", got)
	}
	if _, err := ParseKey("k", ES256, "junk"); err == nil {
		t.Fatal("ParseKey of junk")
	}
	if _, err := GenerateKey("HS512"); err == nil {
		t.Fatal("GenerateKey(HS512)")
	}
}

// benchPayload is an access token's claims, shortened.
var benchPayload = []byte(`{"aal":"aal1","exp":2000000000,"role":"authenticated","sub":"a80eb108-1193-4355-832f-c0fd26d9a7cf"}`)

// benchSigners runs bench with a signer signing each algorithm.
func benchSigners(b *testing.B, bench func(b *testing.B, s *Signer)) {
	for _, alg := range []string{"HS256", ES256, RS256} {
		s := NewSigner(testSecret)
		if alg != "HS256" {
			k := mustKey(b, alg)
			_ = s.SetKeys(&k, nil)
		}
		b.Run(alg, func(b *testing.B) { bench(b, s) })
	}
}

func BenchmarkSign(b *testing.B) {
	benchSigners(b, func(b *testing.B, s *Signer) {
		for b.Loop() {
			if _, err := s.SignPayload(benchPayload); err != nil {
				b.Fatal(err)
			}
		}
	})
}

func BenchmarkVerify(b *testing.B) {
	benchSigners(b, func(b *testing.B, s *Signer) {
		tok, _ := s.SignPayload(benchPayload)
		for b.Loop() {
			s.cache.entries = nil // the first sight of a token
			if _, err := s.Verify(tok); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// A verified asymmetric token is served from the cache only until its
// exp, and callers cannot change what the next caller gets.
func TestVerifiedCache(t *testing.T) {
	s := NewSigner(testSecret)
	k := mustKey(t, ES256)
	_ = s.SetKeys(&k, nil)
	now := time.Now()
	s.now = func() time.Time { return now }
	tok, _ := s.Sign(Claims{"exp": now.Add(time.Minute).Unix(), "role": "authenticated"})
	c1, err := s.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	c1["role"] = "service_role"
	c2, err := s.Verify(tok)
	if err != nil || c2["role"] != "authenticated" {
		t.Fatalf("second Verify = %v, %v", c2, err)
	}
	now = now.Add(2 * time.Minute)
	if _, err := s.Verify(tok); err == nil {
		t.Fatal("an expired token verified from the cache")
	}
}

func BenchmarkVerifyCached(b *testing.B) {
	s := NewSigner(testSecret)
	k := mustKey(b, ES256)
	_ = s.SetKeys(&k, nil)
	tok, _ := s.Sign(Claims{"exp": time.Now().Add(time.Hour).Unix(), "role": "authenticated", "sub": "a80eb108-1193-4355-832f-c0fd26d9a7cf"})
	for b.Loop() {
		if _, err := s.Verify(tok); err != nil {
			b.Fatal(err)
		}
	}
}

// signES256 writes r and s as golang-jwt does, including the scalars
// shorter than 32 bytes (one signature in 256 has one): each of many
// signatures verifies with golang-jwt's ES256.
func TestSignES256MatchesGolangJWT(t *testing.T) {
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 1500 {
		input := fmt.Sprintf("header.payload-%d", i)
		sig, err := signES256(k, []byte(input))
		if err != nil {
			t.Fatal(err)
		}
		if len(sig) != 64 {
			t.Fatalf("signature of %d bytes", len(sig))
		}
		if err := jwt.SigningMethodES256.Verify(input, sig, &k.PublicKey); err != nil {
			t.Fatalf("signature %d does not verify: %v", i, err)
		}
	}
}

// signES256's nonce is RFC 6979's: the standard's own P-256/SHA-256
// vector (A.2.5, message "sample") comes out bit for bit.
func TestSignES256IsRFC6979(t *testing.T) {
	d, _ := hex.DecodeString("C9AFA9D845BA75166B5C215767B1D6934E50C3DB36E89B127B8A622B120F6721")
	k, err := ecdsa.ParseRawPrivateKey(elliptic.P256(), d)
	if err != nil {
		t.Fatal(err)
	}
	sig, err := signES256(k, []byte("sample"))
	if err != nil {
		t.Fatal(err)
	}
	want := "EFD48B2AACB6A8FD1140DD9CD45E81D69D2C877B56AAF991C34D0EA84EAF3716" +
		"F7CB1C942D657C41D436C7A1B6E29F65F3E900DBB9AFF4064DC4AB2F843ACDA8"
	if got := strings.ToUpper(hex.EncodeToString(sig)); got != want {
		t.Fatalf("signature %s, want RFC 6979's %s", got, want)
	}
}
