package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// User is the user JSON of reference §1.4 (GoTrue models/user.go). The JSON
// names are wire contract; omitempty follows GoTrue field by field.
type User struct {
	ID                     string         `json:"id"`
	Aud                    string         `json:"aud"`
	Role                   string         `json:"role"`
	Email                  string         `json:"email"`
	EmailConfirmedAt       *time.Time     `json:"email_confirmed_at,omitempty"`
	Phone                  string         `json:"phone"`
	PhoneConfirmedAt       *time.Time     `json:"phone_confirmed_at,omitempty"`
	ConfirmationSentAt     *time.Time     `json:"confirmation_sent_at,omitempty"`
	ConfirmedAt            *time.Time     `json:"confirmed_at,omitempty"`
	RecoverySentAt         *time.Time     `json:"recovery_sent_at,omitempty"`
	NewEmail               string         `json:"new_email,omitempty"`
	EmailChangeSentAt      *time.Time     `json:"email_change_sent_at,omitempty"`
	ReauthenticationSentAt *time.Time     `json:"reauthentication_sent_at,omitempty"`
	InvitedAt              *time.Time     `json:"invited_at,omitempty"`
	LastSignInAt           *time.Time     `json:"last_sign_in_at,omitempty"`
	AppMetadata            map[string]any `json:"app_metadata"`
	UserMetadata           map[string]any `json:"user_metadata"`
	Identities             []Identity     `json:"identities"`
	Factors                []Factor       `json:"factors,omitempty"`
	CreatedAt              time.Time      `json:"created_at"`
	UpdatedAt              time.Time      `json:"updated_at"`
	BannedUntil            *time.Time     `json:"banned_until,omitempty"`
	DeletedAt              *time.Time     `json:"deleted_at,omitempty"`
	IsAnonymous            bool           `json:"is_anonymous"`

	hasPassword bool
	// emailChangeStep counts confirmations of a pending secure e-mail
	// change (auth.users.email_change_confirm_status).
	emailChangeStep int
}

// Identity is one linked sign-in method. GoTrue exposes the row id as
// identity_id and the provider's id as id.
type Identity struct {
	IdentityID   string         `json:"identity_id"`
	ID           string         `json:"id"`
	UserID       string         `json:"user_id"`
	IdentityData map[string]any `json:"identity_data"`
	Provider     string         `json:"provider"`
	LastSignInAt *time.Time     `json:"last_sign_in_at"`
	CreatedAt    time.Time      `json:"created_at"`
	UpdatedAt    time.Time      `json:"updated_at"`
	Email        string         `json:"email,omitempty"`
}

// Factor is one MFA factor as listed on the user (no secret).
type Factor struct {
	ID               string     `json:"id"`
	FriendlyName     string     `json:"friendly_name,omitempty"`
	FactorType       string     `json:"factor_type"`
	Status           string     `json:"status"`
	CreatedAt        time.Time  `json:"created_at"`
	UpdatedAt        time.Time  `json:"updated_at"`
	LastChallengedAt *time.Time `json:"last_challenged_at"`
	Phone            string     `json:"phone"`
}

// hasVerifiedFactor reports whether signing in needs a second factor.
func (u *User) hasVerifiedFactor() bool {
	for _, f := range u.Factors {
		if f.Status == "verified" {
			return true
		}
	}
	return false
}

func (u *User) isBanned(now time.Time) bool {
	return u.BannedUntil != nil && u.BannedUntil.After(now)
}

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
		&u.BannedUntil, &u.IsAnonymous, &u.DeletedAt, &u.CreatedAt, &u.UpdatedAt, &u.hasPassword,
		&u.emailChangeStep, &identities, &factors)...)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, errNoUser
	}
	if err != nil {
		return nil, err
	}
	// The metadata (jsonb) and identities are decoded by decode.go, which
	// gives encoding/json's values and leaves unusual input to it.
	if u.AppMetadata, err = decodeJSONMap(appMeta); err != nil {
		return nil, fmt.Errorf("app metadata: %w", err)
	}
	if u.UserMetadata, err = decodeJSONMap(userMeta); err != nil {
		return nil, fmt.Errorf("user metadata: %w", err)
	}
	if u.Identities, err = decodeIdentities(identities); err != nil {
		return nil, fmt.Errorf("identities: %w", err)
	}
	if string(factors) == "[]" {
		u.Factors = []Factor{}
	} else if err := json.Unmarshal(factors, &u.Factors); err != nil {
		return nil, fmt.Errorf("factors: %w", err)
	}
	u.normalise()
	return u, nil
}

// normalise renders every time in UTC, as GoTrue's JSON does, and makes
// nil maps and slices the empty values the client expects.
func (u *User) normalise() {
	for _, t := range []**time.Time{&u.EmailConfirmedAt, &u.PhoneConfirmedAt, &u.ConfirmationSentAt, &u.ConfirmedAt,
		&u.RecoverySentAt, &u.EmailChangeSentAt, &u.ReauthenticationSentAt, &u.InvitedAt, &u.LastSignInAt,
		&u.BannedUntil, &u.DeletedAt} {
		*t = utcPtr(*t)
	}
	u.CreatedAt, u.UpdatedAt = u.CreatedAt.UTC(), u.UpdatedAt.UTC()
	if u.AppMetadata == nil {
		u.AppMetadata = map[string]any{}
	}
	if u.UserMetadata == nil {
		u.UserMetadata = map[string]any{}
	}
	if u.Identities == nil {
		u.Identities = []Identity{}
	}
	for i := range u.Identities {
		id := &u.Identities[i]
		id.LastSignInAt = utcPtr(id.LastSignInAt)
		id.CreatedAt, id.UpdatedAt = id.CreatedAt.UTC(), id.UpdatedAt.UTC()
		if id.IdentityData == nil {
			id.IdentityData = map[string]any{}
		}
	}
	for i := range u.Factors {
		f := &u.Factors[i]
		f.LastChallengedAt = utcPtr(f.LastChallengedAt)
		f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	}
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
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
