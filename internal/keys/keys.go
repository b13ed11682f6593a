// Package keys keeps a data directory's secrets: the JWT secret, the anon
// and service_role API keys signed with it, and the password the gateway's
// database role logs in with. They are generated on first start and stored
// with mode 0600, never in the repository.
package keys

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"syscall"

	"daybase/internal/token"
)

// Keys are the secrets of one installation. JSON names are the file format.
type Keys struct {
	JWTSecret             string `json:"jwt_secret"`
	AnonKey               string `json:"anon_key"`
	ServiceRoleKey        string `json:"service_role_key"`
	AuthenticatorPassword string `json:"authenticator_password"`
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
	lock, err := os.OpenFile(path+".lock", os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return Keys{}, fmt.Errorf("lock secrets: %w", err)
	}
	defer lock.Close() // closing releases the lock
	if err := syscall.Flock(int(lock.Fd()), syscall.LOCK_EX); err != nil {
		return Keys{}, fmt.Errorf("lock secrets: %w", err)
	}
	k, _, err := Load(path)
	if err != nil {
		return Keys{}, err
	}
	changed := false
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
		b, _ := json.MarshalIndent(k, "", "  ")
		tmp := path + ".tmp"
		if err := os.WriteFile(tmp, b, 0o600); err != nil {
			return Keys{}, fmt.Errorf("write secrets: %w", err)
		}
		if err := os.Rename(tmp, path); err != nil {
			return Keys{}, fmt.Errorf("write secrets: %w", err)
		}
	}
	return k, nil
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(err) // crypto/rand never fails on Linux
	}
	return hex.EncodeToString(b)
}
