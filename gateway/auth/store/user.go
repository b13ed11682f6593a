package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/wire"
)

// Querier is what both the pool and a transaction offer.
type Querier interface {
	Exec(ctx context.Context, sql string, args ...any) (pgconn.CommandTag, error)
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

// ErrNoUser is returned by LoadUser for a missing or deleted user.
var ErrNoUser = errors.New("user not found")

// LoadUser reads a user with identities and factors (GoTrue's Eager load).
func LoadUser(ctx context.Context, db Querier, id string) (*wire.User, error) {
	u, err := ScanUser(db.QueryRow(ctx, SQL.UserByID, id))
	if err != nil {
		return nil, fmt.Errorf("load user %s: %w", id, err)
	}
	return u, nil
}

// ScanUser reads one row of the column list every user query shares
// (sql/user_columns.sql), after the extra leading columns.
func ScanUser(row pgx.Row, extra ...any) (*wire.User, error) {
	u := &wire.User{}
	var appMeta, userMeta, identities, factors []byte
	err := row.Scan(append(extra, &u.ID, &u.Aud, &u.Role, &u.Email, &u.EmailConfirmedAt, &u.Phone, &u.PhoneConfirmedAt,
		&u.ConfirmationSentAt, &u.ConfirmedAt, &u.RecoverySentAt, &u.NewEmail, &u.EmailChangeSentAt,
		&u.ReauthenticationSentAt, &u.InvitedAt, &u.LastSignInAt, &appMeta, &userMeta,
		&u.BannedUntil, &u.IsAnonymous, &u.DeletedAt, &u.CreatedAt, &u.UpdatedAt, &u.HasPassword,
		&u.EmailChangeStep, &identities, &factors)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrNoUser
	}
	if err != nil {
		return nil, err
	}
	// The metadata (jsonb) and identities are decoded by the wire package, which
	// gives encoding/json's values and leaves unusual input to it.
	if u.AppMetadata, err = wire.DecodeJSONMap(appMeta); err != nil {
		return nil, fmt.Errorf("app metadata: %w", err)
	}
	if u.UserMetadata, err = wire.DecodeJSONMap(userMeta); err != nil {
		return nil, fmt.Errorf("user metadata: %w", err)
	}
	if u.Identities, err = wire.DecodeIdentities(identities); err != nil {
		return nil, fmt.Errorf("identities: %w", err)
	}
	if string(factors) == "[]" {
		u.Factors = []wire.Factor{}
	} else if err := json.Unmarshal(factors, &u.Factors); err != nil {
		return nil, fmt.Errorf("factors: %w", err)
	}
	// user_columns.sql leaves the order to Go (no Sort node per answer).
	sortByCreatedAt(u.Identities, func(i wire.Identity) time.Time { return i.CreatedAt })
	sortByCreatedAt(u.Factors, func(f wire.Factor) time.Time { return f.CreatedAt })
	u.Normalise()
	return u, nil
}

// sortByCreatedAt orders a user's identities or factors oldest first, as
// GoTrue lists them; equal times keep the order PostgreSQL gave.
func sortByCreatedAt[T any](s []T, at func(T) time.Time) {
	if len(s) > 1 {
		slices.SortStableFunc(s, func(a, b T) int { return at(a).Compare(at(b)) })
	}
}

// NewUser is what CreateUser stores.
type NewUser struct {
	Email        string
	PasswordHash string
	UserMetadata map[string]any
	AppMetadata  map[string]any // merged over the provider entries
	Provider     string         // "email", "google", …; "" for anonymous
	ProviderID   string         // the provider's user id; the user id for "email"
	IdentityData map[string]any // extra identity_data for OAuth identities
	Confirmed    bool
	Invited      bool
	Anonymous    bool
	Role         string
	ID           string // "" for a new random id
}

// CreateUser inserts a user and its first identity; the database's
// triggers on auth.users (the app's profile rows) fire as for any insert.
func CreateUser(ctx context.Context, tx Querier, n NewUser) (string, error) {
	id := n.ID
	if id == "" {
		id = uuid.NewString()
	}
	app := map[string]any{}
	if n.Provider != "" {
		app["provider"] = n.Provider
		app["providers"] = []string{n.Provider}
	}
	for k, v := range n.AppMetadata {
		app[k] = v
	}
	if n.UserMetadata == nil {
		n.UserMetadata = map[string]any{}
	}
	if n.Role == "" {
		n.Role = "authenticated"
	}
	if _, err := tx.Exec(ctx, SQL.InsertUser, id, n.Email, n.PasswordHash, n.Confirmed, app, n.UserMetadata,
		n.Anonymous, n.Invited, n.Role); err != nil {
		if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23505" {
			return "", apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered").Because(err)
		}
		return "", fmt.Errorf("insert user: %w", err)
	}
	if n.Provider == "" {
		return id, nil
	}
	providerID := n.ProviderID
	if providerID == "" {
		providerID = id
	}
	data := map[string]any{"sub": providerID, "email": n.Email, "email_verified": n.Confirmed, "phone_verified": false}
	for k, v := range n.IdentityData {
		data[k] = v
	}
	if _, err := tx.Exec(ctx, SQL.InsertIdentity, providerID, id, data, n.Provider); err != nil {
		return "", fmt.Errorf("insert identity: %w", err)
	}
	return id, nil
}

// UserIDByEmail returns the id of the live account with email, or "".
func UserIDByEmail(ctx context.Context, db Querier, email string) (string, error) {
	var id string
	err := db.QueryRow(ctx, SQL.UserIDByEmail, email).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("find user by email: %w", err)
	}
	return id, nil
}
