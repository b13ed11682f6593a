// Package keys keeps a data directory's secrets: the JWT secret, the anon
// and service_role API keys signed with it, the asymmetric keys access
// tokens are signed with, and the password the gateway's database role
// logs in with. They are generated on first start and stored with mode
// 0600, never in the repository.
package keys

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"syscall"
	"time"

	"daybase/internal/token"
)

// Keys are the secrets of one installation. JSON names are the file format.
type Keys struct {
	JWTSecret             string `json:"jwt_secret"`
	AnonKey               string `json:"anon_key"`
	ServiceRoleKey        string `json:"service_role_key"`
	AuthenticatorPassword string `json:"authenticator_password"`
	// SigningKeys sign users' access tokens: the one not retired signs,
	// the retired ones still verify. None (a data dir made before
	// asymmetric keys) signs HS256 with JWTSecret until a rotation.
	SigningKeys []SigningKey `json:"signing_keys,omitempty"`
}

// SigningKey is one asymmetric key as stored.
type SigningKey struct {
	KID        string     `json:"kid"`
	Alg        string     `json:"alg"`
	PrivateKey string     `json:"private_key"` // PKCS #8 PEM
	CreatedAt  time.Time  `json:"created_at"`
	RetiredAt  *time.Time `json:"retired_at,omitempty"`
}

// Load reads the secrets file; ok is false when it does not exist yet.
func Load(path string) (k Keys, ok bool, err error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Keys{}, false, nil
	}
	if err != nil {
		return Keys{}, false, fmt.Errorf("read secrets: %w", err)
	}
	if err := json.Unmarshal(b, &k); err != nil {
		return Keys{}, false, fmt.Errorf("secrets file %s is corrupt: %w", path, err)
	}
	return k, true, nil
}

// Ensure loads the secrets at path, creating what is missing. A non-empty
// jwtSecret (from DAYBASE_JWT_SECRET) overrides the stored one, and the API
// keys are re-signed when the secret changed.
//
// Ensure holds an exclusive lock (path + ".lock") while it reads and
// writes, so processes starting together on a fresh data dir (serve, and
// `daybase keys` run beside it) agree on one secret.
func Ensure(path, jwtSecret string) (Keys, error) {
	l, err := lock(path)
	if err != nil {
		return Keys{}, err
	}
	defer l.Close()
	k, existed, err := Load(path)
	if err != nil {
		return Keys{}, err
	}
	changed := false
	if !existed { // a new data dir signs ES256 from the start
		sk, err := newSigningKey(token.ES256, time.Now())
		if err != nil {
			return Keys{}, err
		}
		k.SigningKeys, changed = []SigningKey{sk}, true
	}
	if jwtSecret != "" && jwtSecret != k.JWTSecret {
		k.JWTSecret, k.AnonKey, k.ServiceRoleKey, changed = jwtSecret, "", "", true
	}
	if k.JWTSecret == "" {
		k.JWTSecret, changed = randomHex(32), true
	}
	signer := token.NewSigner(k.JWTSecret)
	if _, err := signer.Verify(k.AnonKey); err != nil {
		if k.AnonKey, err = signer.APIKey("anon"); err != nil {
			return Keys{}, err
		}
		changed = true
	}
	if _, err := signer.Verify(k.ServiceRoleKey); err != nil {
		if k.ServiceRoleKey, err = signer.APIKey("service_role"); err != nil {
			return Keys{}, err
		}
		changed = true
	}
	if k.AuthenticatorPassword == "" {
		k.AuthenticatorPassword, changed = randomHex(24), true
	}
	if changed {
		if err := write(path, k); err != nil {
			return Keys{}, err
		}
	}
	return k, nil
}

// lock takes the secrets file's exclusive lock; closing the file releases it.
func lock(path string) (*os.File, error) {
	f, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock secrets: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		return nil, fmt.Errorf("lock secrets: %w", err)
	}
	return f, nil
}

// write replaces the secrets file atomically.
func write(path string, k Keys) error {
	b, _ := json.MarshalIndent(k, "", "  ")
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o600); err != nil {
		return fmt.Errorf("write secrets: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write secrets: %w", err)
	}
	return nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b)
}
