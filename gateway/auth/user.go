package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/wire"
)

// errNoUser is returned by loadUser for a missing or deleted user.
var errNoUser = errors.New("user not found")

// loadUser reads a user with identities and factors (GoTrue's Eager load).
func loadUser(ctx context.Context, db querier, id string) (*User, error) {
	u, err := scanUser(db.QueryRow(ctx, q.UserByID, id))
	if err != nil {
		return nil, fmt.Errorf("load user %s: %w", id, err)
	}
	return u, nil
}

// scanUser reads one row of the column list every user query shares
// (sql/users.sql userColumns), after the extra leading columns.
func scanUser(row pgx.Row, extra ...any) (*User, error) {
	u := &User{}
	var appMeta, userMeta, identities, factors []byte
	err := row.Scan(append(extra, &u.ID, &u.Aud, &u.Role, &u.Email, &u.EmailConfirmedAt, &u.Phone, &u.PhoneConfirmedAt,
		&u.ConfirmationSentAt, &u.ConfirmedAt, &u.RecoverySentAt, &u.NewEmail, &u.EmailChangeSentAt,
		&u.ReauthenticationSentAt, &u.InvitedAt, &u.LastSignInAt, &appMeta, &userMeta,
		&u.BannedUntil, &u.IsAnonymous, &u.DeletedAt, &u.CreatedAt, &u.UpdatedAt, &u.HasPassword,
		&u.EmailChangeStep, &identities, &factors)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, err
	}
	// The metadata (jsonb) and identities are decoded by decode.go, which
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
		u.Factors = []Factor{}
	} else if err := json.Unmarshal(factors, &u.Factors); err != nil {
		return nil, fmt.Errorf("factors: %w", err)
	}
	u.Normalise()
	return u, nil
}

// emailPattern is the HTML5 address syntax GoTrue checks with (badoux/
// checkmail), plus a dot in the domain: "xx:;x@x.x" is refused as there.
// The confirmation mail is the real test of an address.
var emailPattern = regexp.MustCompile("^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@" +
	`[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$`)

// normaliseEmail trims and lower-cases an address and checks its shape.
func normaliseEmail(raw string) (string, error) {
	e := strings.ToLower(strings.TrimSpace(raw))
	if e == "" {
		return "", fail(CodeValidationFailed, "An email address is required")
	}
	if len(e) > 255 || !emailPattern.MatchString(e) {
		return "", fail(CodeEmailAddressInvalid, "Unable to validate email address: invalid format")
	}
	return e, nil
}

// uuidPattern matches the canonical textual form.
var uuidPattern = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)

func isUUID(s string) bool { return uuidPattern.MatchString(s) }

// nullUUID turns "" into SQL NULL.
func nullUUID(s string) any {
	if s == "" {
		return nil
	}
	return s
}
