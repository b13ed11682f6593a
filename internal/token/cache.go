package token

import (
	"maps"
	"sync"
	"time"
)

// verified remembers asymmetric tokens that verified. An ES256 check costs
// about thirty times an HS256 one, and a client sends the same access
// token with every request until it refreshes, so each token is checked
// once per key set. An entry serves only until the token's exp and only
// under the key set it verified with: a rotation or a key's window closing
// starts afresh.
type verified struct {
	mu      sync.RWMutex
	entries map[string]verifiedToken
}

type verifiedToken struct {
	claims Claims
	exp    time.Time
	set    *keySet
}

// maxVerified bounds the cache; when full it is emptied (a burst of new
// tokens then costs what it would without the cache).
const maxVerified = 16384

func (v *verified) get(raw string, set *keySet, now time.Time) (Claims, bool) {
	v.mu.RLock()
	e, ok := v.entries[raw]
	v.mu.RUnlock()
	if !ok || e.set != set || !now.Before(e.exp) {
		return nil, false
	}
	return maps.Clone(e.claims), true // callers may add to their copy
}

func (v *verified) put(raw string, set *keySet, claims Claims, leeway time.Duration) {
	exp, err := claims.GetExpirationTime()
	if err != nil || exp == nil {
		return
	}
	v.mu.Lock()
	if v.entries == nil || len(v.entries) >= maxVerified {
		v.entries = make(map[string]verifiedToken)
	}
	v.entries[raw] = verifiedToken{claims: maps.Clone(claims), exp: exp.Add(leeway), set: set}
	v.mu.Unlock()
}
