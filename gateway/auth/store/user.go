package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

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
	u.Normalise()
	return u, nil
}
