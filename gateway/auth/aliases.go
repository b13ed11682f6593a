package auth

import (
	"sync"

	"daybase/gateway/auth/wire"
)

// The answers' JSON shapes live in gateway/auth/wire; these names keep
// the handlers' (and other packages') spelling.
type (
	User          = wire.User
	Identity      = wire.Identity
	Factor        = wire.Factor
	tokenResponse = wire.TokenResponse
	amrEntry      = wire.AMREntry
	accessClaims  = wire.AccessClaims
	weakPassword  = wire.WeakPassword
)

// encodeBufs recycles answer buffers; oversized ones are dropped.
var encodeBufs = sync.Pool{New: func() any { b := make([]byte, 0, 4096); return &b }}
