package auth

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"testing"

	"github.com/fxamacker/cbor/v2"
)

// softAuthenticator is a platform authenticator in software: one P-256
// key per credential, "none" attestation, the byte layouts of WebAuthn
// Level 3 §6.1 and §6.5. It answers the options the server sends, as a
// browser and its authenticator would, so tests can also bend its answers.
type softAuthenticator struct {
	origin, rpID string
	creds        map[string]*softCredential // by base64url credential id
}

type softCredential struct {
	id         []byte
	key        *ecdsa.PrivateKey
	userHandle []byte
	signCount  uint32
}

func newSoftAuthenticator(origin, rpID string) *softAuthenticator {
	return &softAuthenticator{origin: origin, rpID: rpID, creds: map[string]*softCredential{}}
}

var b64 = base64.RawURLEncoding

const (
	flagUP = 0x01
	flagUV = 0x04
	flagAT = 0x40
)

func (a *softAuthenticator) clientData(t testing.TB, typ, challenge string) []byte {
	t.Helper()
	cd, err := json.Marshal(map[string]any{"type": typ, "challenge": challenge, "origin": a.origin, "crossOrigin": false})
	if err != nil {
		t.Fatal(err)
	}
	return cd
}

func (a *softAuthenticator) authData(flags byte, count uint32, attested []byte) []byte {
	h := sha256.Sum256([]byte(a.rpID))
	d := append(h[:], flags)
	d = binary.BigEndian.AppendUint32(d, count)
	return append(d, attested...)
}

// create answers registration options (PublicKeyCredentialCreationOptionsJSON)
// with a RegistrationResponseJSON and keeps the new credential.
func (a *softAuthenticator) create(t testing.TB, options map[string]any) (map[string]any, *softCredential) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	id := make([]byte, 32)
	if _, err := rand.Read(id); err != nil {
		t.Fatal(err)
	}
	user, _ := options["user"].(map[string]any)
	handle, err := b64.DecodeString(user["id"].(string))
	if err != nil {
		t.Fatalf("user.id %v: %v", user["id"], err)
	}
	c := &softCredential{id: id, key: key, userHandle: handle}
	pub, err := key.PublicKey.ECDH()
	if err != nil {
		t.Fatal(err)
	}
	raw := pub.Bytes() // 0x04 || X || Y
	cose, err := cbor.Marshal(map[int]any{1: 2, 3: -7, -1: 1, -2: raw[1:33], -3: raw[33:65]})
	if err != nil {
		t.Fatal(err)
	}
	attested := make([]byte, 16) // AAGUID: zero, as a "none" attestation may give
	attested = binary.BigEndian.AppendUint16(attested, uint16(len(id)))
	attested = append(attested, id...)
	attested = append(attested, cose...)
	attObj, err := cbor.Marshal(map[string]any{"fmt": "none", "attStmt": map[string]any{}, "authData": a.authData(flagUP|flagUV|flagAT, 0, attested)})
	if err != nil {
		t.Fatal(err)
	}
	a.creds[b64.EncodeToString(id)] = c
	return map[string]any{
		"id": b64.EncodeToString(id), "rawId": b64.EncodeToString(id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(a.clientData(t, "webauthn.create", options["challenge"].(string))),
			"attestationObject": b64.EncodeToString(attObj),
			"transports":        []string{"internal"},
		},
		"clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	}, c
}

// get answers authentication options with an AuthenticationResponseJSON
// signed by c, counting the use as an authenticator does.
func (a *softAuthenticator) get(t testing.TB, options map[string]any, c *softCredential) map[string]any {
	t.Helper()
	c.signCount++
	return a.sign(t, options["challenge"].(string), c, c.signCount)
}

// sign makes an assertion over challenge with an explicit sign count.
func (a *softAuthenticator) sign(t testing.TB, challenge string, c *softCredential, count uint32) map[string]any {
	t.Helper()
	cd := a.clientData(t, "webauthn.get", challenge)
	ad := a.authData(flagUP|flagUV, count, nil)
	h := sha256.Sum256(cd)
	digest := sha256.Sum256(append(append([]byte{}, ad...), h[:]...)) // ES256 signs SHA-256 of the data
	sig, err := ecdsa.SignASN1(rand.Reader, c.key, digest[:])
	if err != nil {
		t.Fatal(err)
	}
	return map[string]any{
		"id": b64.EncodeToString(c.id), "rawId": b64.EncodeToString(c.id), "type": "public-key",
		"response": map[string]any{
			"clientDataJSON":    b64.EncodeToString(cd),
			"authenticatorData": b64.EncodeToString(ad),
			"signature":         b64.EncodeToString(sig),
			"userHandle":        b64.EncodeToString(c.userHandle),
		},
		"clientExtensionResults": map[string]any{}, "authenticatorAttachment": "platform",
	}
}
