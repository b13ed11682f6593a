// Package identity carries who is calling — the PostgreSQL role and JWT
// claims the gateway derived from the apikey and Authorization headers —
// from the gateway to the services through the request context.
package identity

import (
	"context"
	"encoding/json"
	"errors"
)

// Roles the API maps JWTs to.
const (
	Anon          = "anon"
	Authenticated = "authenticated"
	ServiceRole   = "service_role"
)

// ErrBadJWT is set when the Bearer token fails verification; each service
// renders it in its own protocol's error shape.
var ErrBadJWT = errors.New("invalid JWT")

// ErrNotBearer is joined to ErrBadJWT when the Authorization header is not
// "Bearer <token>".
var ErrNotBearer = errors.New("Authorization header must be 'Bearer <token>'")

// Identity is one request's caller.
type Identity struct {
	// Role is the PostgreSQL role requests run as.
	Role string
	// Claims are the verified JWT claims (the apikey's when no user token).
	Claims map[string]any
	// ClaimsJSON is Claims encoded once, for request.jwt.claims.
	ClaimsJSON []byte
	// Token is the raw bearer token ("" when only the apikey was sent).
	Token string
	// APIKeyRole is the role of the apikey the request carried, if any.
	APIKeyRole string
	// Err is non-nil when a Bearer token was sent but is invalid or
	// expired; Role is then anon and services decide whether to refuse.
	Err error
	// DataAccess is true when the gateway vouches, from its cache
	// (internal/dataaccess), that the token's session is live and assured
	// enough to reach data; services pass it on as daybase.data_access so
	// the database need not look the session up again (0697). False only
	// means "not vouched": the database then checks for itself.
	DataAccess bool
	// SessionsEnded, when set, is to be called with the user whose session
	// the request ended: the gateway did not hold its data-access cache
	// for this request (gateway.Service.KeepsSessions) and forgets that
	// user's sessions when told. Nil when the cache is held or absent.
	SessionsEnded func(sub string)
}

// New returns an identity for verified claims.
func New(claims map[string]any, tok string) Identity {
	role, _ := claims["role"].(string)
	if role == "" {
		role = Anon
	}
	b, _ := json.Marshal(claims)
	return Identity{Role: role, Claims: claims, ClaimsJSON: b, Token: tok}
}

// Subject is the "sub" claim: the user id, or "" for API keys.
func (id Identity) Subject() string {
	s, _ := id.Claims["sub"].(string)
	return s
}

type ctxKey struct{}

// NewContext returns ctx carrying id.
func NewContext(ctx context.Context, id Identity) context.Context {
	return context.WithValue(ctx, ctxKey{}, id)
}

// FromContext returns the identity the gateway attached; anon without claims
// when there is none.
func FromContext(ctx context.Context) Identity {
	if id, ok := ctx.Value(ctxKey{}).(Identity); ok {
		return id
	}
	return Identity{Role: Anon, Claims: map[string]any{}, ClaimsJSON: []byte("{}")}
}
