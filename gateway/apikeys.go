package gateway

import (
	"errors"
	"sync"
	"time"

	"daybase/internal/identity"
	"daybase/internal/token"
)

// verifiedTokens remembers the identities of tokens that verified, so the
// signature check, the claims' decoding and their encoding for
// request.jwt.claims are done once per token instead of once per request
// (together ~15% of the daybase process's time on a get by id; issue 25).
// A token is served from here only until its exp claim, and only while the
// signer trusts the keys it verified under (token.Signer.KeysGeneration):
// after either it is verified again. What a token says cannot change while it is
// valid: a signed-out session is refused by the database
// (auth.data_access_allowed), not by the token's check. The claims map
// and its JSON are shared between requests: nothing may modify them.
type verifiedTokens struct {
	mu   sync.RWMutex
	keys map[string]cachedAPIKey
}

type cachedAPIKey struct {
	id  identity.Identity
	exp time.Time // zero: the token has no exp claim
	gen uint64    // the signer's KeysGeneration when it verified
}

// lookup returns the identity of raw (its Token set to tok), verifying it
// when it is not remembered; accept may refuse verified claims, which are
// then not remembered either. At most max tokens are kept.
func (c *verifiedTokens) lookup(signer *token.Signer, raw, tok string, max int, accept func(token.Claims) error) (identity.Identity, error) {
	gen := signer.KeysGeneration()
	c.mu.RLock()
	k, hit := c.keys[raw]
	c.mu.RUnlock()
	if hit && k.gen == gen && (k.exp.IsZero() || time.Now().Before(k.exp)) {
		return k.id, nil
	}
	claims, err := signer.Verify(raw)
	if err == nil && accept != nil {
		err = accept(claims)
	}
	if err != nil {
		return identity.Identity{}, err
	}
	k = cachedAPIKey{id: identity.New(claims, tok), gen: gen}
	if exp, err := claims.GetExpirationTime(); err == nil && exp != nil {
		k.exp = exp.Time
	}
	c.mu.Lock()
	if c.keys == nil {
		c.keys = map[string]cachedAPIKey{}
	}
	if len(c.keys) >= max {
		clear(c.keys)
	}
	c.keys[raw] = k
	c.mu.Unlock()
	return k.id, nil
}

// apiKeyCache remembers verified apikeys. A deployment hands out two keys
// (anon and service_role) and every request carries one of them. Only
// keys with an API role are kept, at most maxCachedAPIKeys of them.
type apiKeyCache struct{ verifiedTokens }

const maxCachedAPIKeys = 64

var errNotAPIRole = errors.New("not an API key role")

// identity returns the identity of a valid apikey (Role is anon or
// service_role, Token empty); ok is false for an invalid key.
func (c *apiKeyCache) identity(signer *token.Signer, key string) (id identity.Identity, ok bool) {
	id, err := c.lookup(signer, key, "", maxCachedAPIKeys, func(claims token.Claims) error {
		if role, _ := claims["role"].(string); role != identity.Anon && role != identity.ServiceRole {
			return errNotAPIRole
		}
		return nil
	})
	return id, err == nil
}

// bearerCache remembers verified user tokens (the Authorization header):
// an access token is sent with every request of its hour.
type bearerCache struct{ verifiedTokens }

const maxCachedBearers = 4096

// identity returns the identity of a valid bearer token, or Verify's error.
func (c *bearerCache) identity(signer *token.Signer, tok string) (identity.Identity, error) {
	return c.lookup(signer, tok, tok, maxCachedBearers, nil)
}
