package keys

import (
	"errors"
	"fmt"
	"time"

	"daybase/internal/token"
)

func newSigningKey(alg string, now time.Time) (SigningKey, error) {
	k, err := token.GenerateKey(alg)
	if err != nil {
		return SigningKey{}, err
	}
	p, err := k.PEM()
	if err != nil {
		return SigningKey{}, err
	}
	return SigningKey{KID: k.KID, Alg: k.Alg, PrivateKey: p, CreatedAt: now.UTC()}, nil
}

// Current is the key that signs, nil when tokens are HS256.
func (k Keys) Current() *SigningKey {
	for i := range k.SigningKeys {
		if k.SigningKeys[i].RetiredAt == nil {
			return &k.SigningKeys[i]
		}
	}
	return nil
}

// VerifiesUntil is when a retired key stops verifying: once the last
// token it signed has expired (maxTokenAge after its retirement, plus a
// minute for clocks). The zero time means it still signs.
func (sk SigningKey) VerifiesUntil(maxTokenAge time.Duration) time.Time {
	if sk.RetiredAt == nil {
		return time.Time{}
	}
	return sk.RetiredAt.Add(maxTokenAge + time.Minute)
}

// Trusted is the signing keys that still verify at now.
func (k Keys) Trusted(maxTokenAge time.Duration, now time.Time) []SigningKey {
	var out []SigningKey
	for _, sk := range k.SigningKeys {
		if until := sk.VerifiesUntil(maxTokenAge); until.IsZero() || now.Before(until) {
			out = append(out, sk)
		}
	}
	return out
}

// Install gives signer the keys trusted at now: the current one signs,
// the retired ones still inside their window verify.
func (k Keys) Install(signer *token.Signer, maxTokenAge time.Duration, now time.Time) error {
	var signing *token.Key
	var verify []token.Key
	for _, sk := range k.Trusted(maxTokenAge, now) {
		tk, err := token.ParseKey(sk.KID, sk.Alg, sk.PrivateKey)
		if err != nil {
			return fmt.Errorf("signing keys: %w", err)
		}
		if sk.RetiredAt == nil {
			signing = &tk
		} else {
			verify = append(verify, tk)
		}
	}
	return signer.SetKeys(signing, verify)
}

// Rotate makes a new key of alg (ES256 or RS256) the signing one and
// retires the current one, which keeps verifying for maxTokenAge. Keys
// whose window has passed are dropped from the file. The API keys are
// untouched: they are signed with the secret.
func Rotate(path, alg string, maxTokenAge time.Duration, now time.Time) (Keys, error) {
	l, err := lock(path)
	if err != nil {
		return Keys{}, err
	}
	defer l.Close()
	k, ok, err := Load(path)
	if err != nil {
		return Keys{}, err
	}
	if !ok {
		return Keys{}, errors.New("no secrets yet: run daybase serve (or daybase keys) once first")
	}
	sk, err := newSigningKey(alg, now)
	if err != nil {
		return Keys{}, err
	}
	retired := now.UTC()
	for i := range k.SigningKeys {
		if k.SigningKeys[i].RetiredAt == nil {
			k.SigningKeys[i].RetiredAt = &retired
		}
	}
	k.SigningKeys = append([]SigningKey{sk}, k.Trusted(maxTokenAge, now)...)
	if err := write(path, k); err != nil {
		return Keys{}, err
	}
	return k, nil
}
