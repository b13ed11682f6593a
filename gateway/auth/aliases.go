package auth

import (
	"sync"

	"daybase/gateway/auth/redirect"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// The answers' JSON shapes live in gateway/auth/wire; these names keep
// the handlers' (and other packages') spelling.
type (
	User     = wire.User
	Identity = wire.Identity
	Factor   = wire.Factor
)

// The browser flows' redirects are rendered by gateway/auth/redirect.
var (
	implicitFragment = redirect.Session
	withFragment     = redirect.WithFragment
	errorRedirect    = redirect.WithError
)

// querier is what both the pool and a transaction offer.
type querier = store.Querier

// errNoUser is returned by store.LoadUser for a missing or deleted user.
var errNoUser = store.ErrNoUser

// encodeBufs recycles answer buffers; oversized ones are dropped.
var encodeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}
