package storage

import (
	"context"
	"fmt"
	"net/http"
	"regexp"

	"github.com/jackc/pgx/v5"

	"daybase/internal/asrole"
	"daybase/internal/identity"
)

// caller is who a request acts for: the PostgreSQL role its statements run
// as, the JWT claims policies read through auth.uid() and auth.jwt(), and
// the request settings (internal/asrole).
type caller struct {
	as asrole.Settings
	// sub is the "sub" claim: a user id, or "" for the API keys.
	sub string
	// credentials is whether the request carried an apikey or a token at
	// all; without either only public buckets and signed URLs answer.
	credentials bool
}

var apiRoles = map[string]bool{identity.Anon: true, identity.Authenticated: true, identity.ServiceRole: true}

// callerFrom turns the gateway's identity into a caller, refusing a bad
// JWT and roles the API does not serve.
func callerFrom(r *http.Request) (caller, error) {
	id := identity.FromContext(r.Context())
	if id.Err != nil {
		return caller{}, errInvalidJWT(id.Err)
	}
	if !apiRoles[id.Role] {
		return caller{}, errRole(id.Role)
	}
	as, err := asrole.New(id, asrole.FromHTTP(r))
	if err != nil {
		return caller{}, err
	}
	return caller{
		as:          as,
		sub:         id.Subject(),
		credentials: id.Token != "" || id.APIKeyRole != "",
	}, nil
}

// authenticatedCaller is callerFrom for routes that need credentials.
func authenticatedCaller(r *http.Request) (caller, error) {
	c, err := callerFrom(r)
	if err != nil {
		return c, err
	}
	if !c.credentials {
		return c, errNoCredentials()
	}
	return c, nil
}

// serviceCaller acts as service_role on behalf of owner for r (a signed
// upload: the policy check happened when the URL was signed).
func serviceCaller(r *http.Request, owner string) (caller, error) {
	id := identity.New(map[string]any{"role": identity.ServiceRole, "sub": owner}, "")
	as, err := asrole.New(id, asrole.FromHTTP(r))
	return caller{as: as, sub: owner, credentials: true}, err
}

var uuidRe = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// userID is sub when it is a user id (a UUID), else "".
func (c caller) userID() string {
	if uuidRe.MatchString(c.sub) {
		return c.sub
	}
	return ""
}

// owner is the value of the owner column (uuid) for objects c creates.
func (c caller) owner() any {
	if id := c.userID(); id != "" {
		return id
	}
	return nil
}

// ownerID is the value of the owner_id column (the raw sub).
func (c caller) ownerID() any {
	if c.sub != "" {
		return c.sub
	}
	return nil
}

// becomeSQL switches the transaction to the caller. The statement timeout
// keeps a slow policy from holding a connection.
var becomeSQL = asrole.SQL("statement_timeout")

const statementTimeout = "15s"

// asCaller runs fn in one transaction as c and commits when fn succeeds.
func (s *Server) asCaller(ctx context.Context, c caller, fn func(pgx.Tx) error) error {
	return s.tx(ctx, c, true, fn)
}

// probe runs fn as c and always rolls back: the policy check before an
// upload's bytes are read.
func (s *Server) probe(ctx context.Context, c caller, fn func(pgx.Tx) error) error {
	return s.tx(ctx, c, false, fn)
}

func (s *Server) tx(ctx context.Context, c caller, commit bool, fn func(pgx.Tx) error) error {
	tx, err := s.api.Begin(ctx)
	if err != nil {
		return fmt.Errorf("begin as %s: %w", c.as.Role, err)
	}
	defer tx.Rollback(context.WithoutCancel(ctx))
	if _, err := tx.Exec(ctx, becomeSQL, c.as.Args(statementTimeout)...); err != nil {
		return fmt.Errorf("become %s: %w", c.as.Role, err)
	}
	if err := fn(tx); err != nil {
		return err
	}
	if !commit {
		return nil
	}
	if err := tx.Commit(ctx); err != nil {
		return fmt.Errorf("commit as %s: %w", c.as.Role, err)
	}
	return nil
}
