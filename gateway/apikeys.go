package gateway

import (
	"sync"
	"time"

	"daybase/internal/identity"
	"daybase/internal/token"
)

// apiKeyCache remembers the identities of apikeys that verified. A
// deployment hands out two keys (anon and service_role) and every request
// carries one of them, so the HS256 check, the claims' decoding and their
// encoding for request.jwt.claims are done once per key instead of once
// per request. A key is served from here only until its exp claim; after
// that it is verified again (and fails). Only keys with an API role are
// kept, at most maxCachedAPIKeys of them.
type apiKeyCache struct {
	mu   sync.RWMutex
	keys map[string]cachedAPIKey
}

type cachedAPIKey struct {
	id  identity.Identity
	exp time.Time // zero: the key has no exp claim
}

const maxCachedAPIKeys = 64

// identity returns the identity of a valid apikey (Role is anon or
// service_role, Token empty); ok is false for an invalid key. The claims
// map and its JSON are shared between requests: nothing may modify them.
func (c *apiKeyCache) identity(signer *token.Signer, key string) (id identity.Identity, ok bool) {
	c.mu.RLock()
	k, hit := c.keys[key]
	c.mu.RUnlock()
	if hit && (k.exp.IsZero() || time.Now().Before(k.exp)) {
		return k.id, true
	}
	claims, err := signer.Verify(key)
	role, _ := claims["role"].(string)
	if err != nil || (role != identity.Anon && role != identity.ServiceRole) {
		return identity.Identity{}, false
	}
	k = cachedAPIKey{id: identity.New(claims, "")}
	if exp, err := claims.GetExpirationTime(); err == nil && exp != nil {
		k.exp = exp.Time
	}
	c.mu.Lock()
	if c.keys == nil {
		c.keys = map[string]cachedAPIKey{}
	}
	if len(c.keys) >= maxCachedAPIKeys {
		clear(c.keys)
	}
	c.keys[key] = k
	c.mu.Unlock()
	return k.id, true
}
