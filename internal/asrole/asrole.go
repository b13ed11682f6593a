// Package asrole runs database work as an API caller: inside a transaction
// whose role and request.jwt.claims are those of the caller's JWT, so
// row-level security, auth.uid() and auth.jwt() see the caller exactly as
// they do for /rest/v1 requests.
package asrole

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/identity"
)

// Tx runs fn in a transaction as id's role and claims on pool (which logs in
// as a role that may SET ROLE to it, e.g. authenticator). fn's error rolls
// back; nil commits.
func Tx(ctx context.Context, pool *pgxpool.Pool, id identity.Identity, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := Set(ctx, tx, id); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Set switches an open transaction to id's role and claims.
func Set(ctx context.Context, tx pgx.Tx, id identity.Identity) error {
	claims := id.ClaimsJSON
	if len(claims) == 0 {
		claims = []byte("{}")
	}
	role := id.Role
	if role == "" {
		role = identity.Anon
	}
	if _, err := tx.Exec(ctx, "SELECT set_config('role', $1, true), set_config('request.jwt.claims', $2, true)", role, string(claims)); err != nil {
		return fmt.Errorf("switch to role %s: %w", role, err)
	}
	return nil
}

// Service is the identity of server-side work that bypasses row-level
// security (scheduled jobs, webhooks).
func Service() identity.Identity {
	return identity.New(map[string]any{"role": identity.ServiceRole}, "")
}
