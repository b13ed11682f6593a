// Package admins keeps who the operator named Daybase admins, and answers
// whether a caller is one right now.
//
// An admin is a user whose auth.users.raw_app_meta_data holds
// "daybase_admin": true (the user object's and the JWT's app_metadata, as
// supabase-js shows them). Only the operator sets it, with
// `daybase admin grant EMAIL` (which calls [Grant]) on the database itself:
// /auth/v1/user refuses app_metadata from users (403 not_admin), sign-up and
// OAuth write only provider fields into it, and no API role may write
// auth.users.
//
// A token's app_metadata is a copy made when the token was issued, so it
// may say admin after a revoke, or not yet after a grant: the app may use it
// to decide what to show, but whatever runs with admin powers asks [Check],
// which reads the database on every call.
package admins

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/internal/sqlfile"
)

// Claim is the app_metadata key that marks an admin (value true).
const Claim = "daybase_admin"

//go:embed sql/*.sql
var queries embed.FS

// statements are the package's SQL: field Grant is sql/grant.sql.
type statements struct{ Grant, Revoke, List, Check string }

var stmt = sqlfile.Load[statements](queries)

// DB is what the package needs of a connection or pool (pgx.Conn,
// pgxpool.Pool and pgx.Tx all fit). It must be the database owner: API
// roles may not read or write auth.users.
type DB interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
}

// Admin is one admin account.
type Admin struct {
	ID          string
	Email       string
	LastSignIn  *time.Time // nil: never signed in
	WasAdmin    bool       // Revoke: whether the mark was there
	HasFactor   bool       // Check: a verified second factor is enrolled
	SessionLive bool       // Check: the token's session is still signed in
}

// Errors of Grant, Revoke and Check, for callers to branch on.
var (
	// ErrNoUser: no account has that e-mail (or id).
	ErrNoUser = errors.New("no such user")
	// ErrNotAdmin: the caller is not (or no longer) an admin, or is not a
	// signed-in user at all.
	ErrNotAdmin = errors.New("not an admin")
	// ErrSignedOut: the token's session has ended (signed out elsewhere).
	ErrSignedOut = errors.New("session signed out")
	// ErrNeedsAAL2: the admin has a second factor but the token is aal1.
	ErrNeedsAAL2 = errors.New("second factor required")
)

// Grant marks the account with this e-mail as an admin. Granting twice is
// not an error.
func Grant(ctx context.Context, db DB, email string) (Admin, error) {
	var a Admin
	err := db.QueryRow(ctx, stmt.Grant, email).Scan(&a.ID, &a.Email, &a.LastSignIn)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, fmt.Errorf("grant %q: %w", email, ErrNoUser)
	}
	if err != nil {
		return a, fmt.Errorf("grant %q: %w", email, err)
	}
	return a, nil
}

// Revoke removes the admin mark; WasAdmin tells whether there was one.
func Revoke(ctx context.Context, db DB, email string) (Admin, error) {
	var a Admin
	err := db.QueryRow(ctx, stmt.Revoke, email).Scan(&a.ID, &a.Email, &a.LastSignIn, &a.WasAdmin)
	if errors.Is(err, pgx.ErrNoRows) {
		return a, fmt.Errorf("revoke %q: %w", email, ErrNoUser)
	}
	if err != nil {
		return a, fmt.Errorf("revoke %q: %w", email, err)
	}
	return a, nil
}

// List returns the admins, ordered by e-mail.
func List(ctx context.Context, db DB) ([]Admin, error) {
	rows, err := db.Query(ctx, stmt.List)
	if err != nil {
		return nil, fmt.Errorf("list admins: %w", err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (Admin, error) {
		var a Admin
		err := r.Scan(&a.ID, &a.Email, &a.LastSignIn)
		return a, err
	})
	if err != nil {
		return nil, fmt.Errorf("list admins: %w", err)
	}
	return list, nil
}

var uuidRE = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

// Check tells whether the verified JWT claims belong to an admin now: an
// authenticated user whose account the database marks as admin (not
// deleted, not banned), whose session is still signed in, at aal2 when the
// account has a verified second factor. The token's own app_metadata is
// never consulted. It returns the admin (ID, Email) or ErrNotAdmin,
// ErrSignedOut or ErrNeedsAAL2.
func Check(ctx context.Context, db DB, claims map[string]any) (Admin, error) {
	role, _ := claims["role"].(string)
	sub, _ := claims["sub"].(string)
	if role != "authenticated" || !uuidRE.MatchString(sub) {
		return Admin{}, ErrNotAdmin
	}
	session, _ := claims["session_id"].(string)
	a := Admin{ID: sub}
	var admin bool
	err := db.QueryRow(ctx, stmt.Check, sub, session).Scan(&a.Email, &admin, &a.SessionLive, &a.HasFactor)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return a, ErrNotAdmin
	case err != nil:
		return a, fmt.Errorf("check admin %s: %w", sub, err)
	case !admin:
		return a, ErrNotAdmin
	case !a.SessionLive:
		return a, ErrSignedOut
	case a.HasFactor && claims["aal"] != "aal2":
		return a, ErrNeedsAAL2
	}
	return a, nil
}
