package token

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"math/big"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/uuid"
	"golang.org/x/crypto/cryptobyte"
	"golang.org/x/crypto/cryptobyte/asn1"
)

// Algorithms of asymmetric signing keys.
const (
	ES256 = "ES256"
	RS256 = "RS256"
)

// Key is one asymmetric signing key.
type Key struct {
	KID     string
	Alg     string        // ES256 or RS256
	Private crypto.Signer // *ecdsa.PrivateKey (P-256) or *rsa.PrivateKey
}

// GenerateKey makes a new key for alg with a random kid (a UUID, as the
// hosted service's kids are).
func GenerateKey(alg string) (Key, error) {
	k := Key{KID: uuid.NewString(), Alg: alg}
	var err error
	switch alg {
	case ES256:
		k.Private, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case RS256:
		k.Private, err = rsa.GenerateKey(rand.Reader, 2048)
	default:
		return Key{}, fmt.Errorf("signing key algorithm %q: want ES256 or RS256", alg)
	}
	if err != nil {
		return Key{}, fmt.Errorf("generate %s key: %w", alg, err)
	}
	return k, nil
}

// PEM encodes the private key as PKCS #8.
func (k Key) PEM() (string, error) {
	der, err := x509.MarshalPKCS8PrivateKey(k.Private)
	if err != nil {
		return "", fmt.Errorf("encode key %s: %w", k.KID, err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})), nil
}

// ParseKey reads a key written by PEM and checks it suits alg.
func ParseKey(kid, alg, pemText string) (Key, error) {
	b, _ := pem.Decode([]byte(pemText))
	if b == nil {
		return Key{}, fmt.Errorf("key %s: no PEM block", kid)
	}
	priv, err := x509.ParsePKCS8PrivateKey(b.Bytes)
	if err != nil {
		return Key{}, fmt.Errorf("key %s: %w", kid, err)
	}
	k := Key{KID: kid, Alg: alg}
	switch p := priv.(type) {
	case *ecdsa.PrivateKey:
		if alg != ES256 || p.Curve != elliptic.P256() {
			return Key{}, fmt.Errorf("key %s: an EC key cannot sign %s", kid, alg)
		}
		k.Private = p
	case *rsa.PrivateKey:
		if alg != RS256 {
			return Key{}, fmt.Errorf("key %s: an RSA key cannot sign %s", kid, alg)
		}
		k.Private = p
	default:
		return Key{}, fmt.Errorf("key %s: unsupported key type %T", kid, priv)
	}
	return k, nil
}

// JWK is the public half as a JSON Web Key, in the shape the hosted
// service's /.well-known/jwks.json serves and WebCrypto's importKey takes.
func (k Key) JWK() map[string]any {
	b64 := func(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }
	j := map[string]any{"kid": k.KID, "alg": k.Alg, "use": "sig", "key_ops": []string{"verify"}, "ext": true}
	switch p := k.Private.Public().(type) {
	case *ecdsa.PublicKey:
		pt, _ := p.Bytes() // 0x04 || X || Y, 32 bytes each on P-256
		j["kty"], j["crv"], j["x"], j["y"] = "EC", "P-256", b64(pt[1:33]), b64(pt[33:65])
	case *rsa.PublicKey:
		j["kty"], j["n"], j["e"] = "RSA", b64(p.N.Bytes()), b64(big.NewInt(int64(p.E)).Bytes())
	}
	return j
}

// signingKey is a Key ready to sign: its header encoded once.
type signingKey struct {
	alg    string
	method jwt.SigningMethod
	header string // base64url of {"alg","kid","typ"}
	priv   crypto.Signer
	pub    crypto.PublicKey
}

func newSigningKey(k Key) (*signingKey, error) {
	var m jwt.SigningMethod
	switch k.Alg {
	case ES256:
		m = jwt.SigningMethodES256
	case RS256:
		m = jwt.SigningMethodRS256
	default:
		return nil, fmt.Errorf("key %s: algorithm %q: want ES256 or RS256", k.KID, k.Alg)
	}
	if k.Private == nil {
		return nil, fmt.Errorf("key %s: no private key", k.KID)
	}
	h, _ := json.Marshal(struct {
		Alg string `json:"alg"`
		KID string `json:"kid"`
		Typ string `json:"typ"`
	}{k.Alg, k.KID, "JWT"})
	return &signingKey{alg: k.Alg, method: m, header: base64.RawURLEncoding.EncodeToString(h),
		priv: k.Private, pub: k.Private.Public()}, nil
}

func (k *signingKey) sign(payload []byte) (string, error) {
	enc := base64.RawURLEncoding
	buf := make([]byte, 0, len(k.header)+1+enc.EncodedLen(len(payload))+1+360)
	buf = append(buf, k.header...)
	buf = append(buf, '.')
	buf = enc.AppendEncode(buf, payload)
	var sig []byte
	var err error
	if ec, ok := k.priv.(*ecdsa.PrivateKey); ok {
		sig, err = signES256(ec, buf)
	} else {
		sig, err = k.method.Sign(string(buf), k.priv)
	}
	if err != nil {
		return "", fmt.Errorf("sign token: %w", err)
	}
	buf = append(buf, '.')
	return string(enc.AppendEncode(buf, sig)), nil
}

// signES256 is golang-jwt's ES256 signature (r || s, 32 bytes each)
// without its detour through big.Int: ecdsa.Sign makes the ASN.1
// signature and parses it into big.Ints, which golang-jwt then writes out
// again. Every refresh signs, so the ~10% of the signature this costs is
// taken out.
//
// The nonce is RFC 6979's, derived from the key and the message (a nil
// random source to PrivateKey.Sign), not the hedged one SignASN1 draws
// with crypto/rand: both are FIPS 186-5 ECDSA and verify the same way,
// and the deterministic one runs its HMAC-DRBG on SHA-256 instead of
// SHA-512, about a fifth less CPU per signature (issue 24, w/i24i).
// Distinct tokens still get distinct signatures: every payload carries
// its own iat, exp and session.
func signES256(key *ecdsa.PrivateKey, signingInput []byte) ([]byte, error) {
	h := sha256.Sum256(signingInput)
	der, err := key.Sign(nil, h[:], crypto.SHA256)
	if err != nil {
		return nil, err
	}
	var seq cryptobyte.String
	var r, s []byte
	in := cryptobyte.String(der)
	if !in.ReadASN1(&seq, asn1.SEQUENCE) || !seq.ReadASN1Integer(&r) || !seq.ReadASN1Integer(&s) {
		return nil, fmt.Errorf("ecdsa: unexpected signature encoding")
	}
	out := make([]byte, 64)
	if !fillScalar(out[:32], r) || !fillScalar(out[32:], s) {
		return nil, fmt.Errorf("ecdsa: signature scalar too long")
	}
	return out, nil
}

// fillScalar writes the big-endian integer v right-aligned into dst.
func fillScalar(dst, v []byte) bool {
	for len(v) > 0 && v[0] == 0 {
		v = v[1:]
	}
	if len(v) > len(dst) {
		return false
	}
	copy(dst[len(dst)-len(v):], v)
	return true
}

// keySet is the asymmetric keys in force; an empty set signs HS256.
type keySet struct {
	signing *signingKey            // nil: HS256 with the secret
	kid     string                 // signing's kid
	byKID   map[string]*signingKey // every key that verifies, signing included
	jwks    []byte                 // {"keys":[...]} of byKID
	gen     uint64                 // counts SetKeys calls (KeysGeneration)
}

// SetKeys makes signing the key new tokens are signed with (nil: HS256
// with the secret) and trusts tokens from signing and every key in verify.
func (s *Signer) SetKeys(signing *Key, verify []Key) error {
	set := &keySet{byKID: map[string]*signingKey{}}
	all := verify
	if signing != nil {
		all = append([]Key{*signing}, verify...)
	}
	jwks := struct {
		Keys []map[string]any `json:"keys"`
	}{Keys: []map[string]any{}}
	for _, k := range all {
		if _, dup := set.byKID[k.KID]; dup {
			continue
		}
		sk, err := newSigningKey(k)
		if err != nil {
			return err
		}
		set.byKID[k.KID] = sk
		jwks.Keys = append(jwks.Keys, k.JWK())
	}
	if signing != nil {
		set.signing, set.kid = set.byKID[signing.KID], signing.KID
	}
	set.jwks, _ = json.Marshal(jwks)
	set.gen = s.set.Load().gen + 1
	s.set.Store(set)
	return nil
}

// JWKS is the JSON of the public keys that verify: {"keys":[...]}, empty
// when tokens are HS256 (whose secret is never published).
func (s *Signer) JWKS() []byte { return s.set.Load().jwks }

// KeysGeneration changes whenever the trusted keys do (SetKeys). A cache
// of verified tokens outside this package keeps an entry only while the
// generation it verified under is current, so a withdrawn key's tokens are
// refused at once, as Verify refuses them.
func (s *Signer) KeysGeneration() uint64 { return s.set.Load().gen }

// SigningKID is the kid of the key signing now, "" for HS256.
func (s *Signer) SigningKID() string { return s.set.Load().kid }
