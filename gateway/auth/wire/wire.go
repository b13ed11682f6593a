// Package wire holds the JSON shapes of GoTrue's answers that supabase-js
// reads — the user, its identities and factors, the session and the access
// token's claims — with their hand-written encoders and decoders, held byte
// for byte to encoding/json. The names are wire contract.
package wire

import (
	"time"
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

	// HasPassword and EmailChangeStep are read from auth.users for the
	// handlers and never sent.
	HasPassword bool `json:"-"`
	// EmailChangeStep counts confirmations of a pending secure e-mail
	// change (auth.users.email_change_confirm_status).
	EmailChangeStep int `json:"-"`
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

// HasVerifiedFactor reports whether signing in needs a second factor.
func (u *User) HasVerifiedFactor() bool {
	for _, f := range u.Factors {
		if f.Status == "verified" {
			return true
		}
	}
	return false
}

func (u *User) IsBanned(now time.Time) bool {
	return u.BannedUntil != nil && u.BannedUntil.After(now)
}

// Normalise renders every time in UTC, as GoTrue's JSON does, and makes
// nil maps and slices the empty values the client expects.
func (u *User) Normalise() {
	for _, t := range []**time.Time{&u.EmailConfirmedAt, &u.PhoneConfirmedAt, &u.ConfirmationSentAt, &u.ConfirmedAt,
		&u.RecoverySentAt, &u.EmailChangeSentAt, &u.ReauthenticationSentAt, &u.InvitedAt, &u.LastSignInAt,
		&u.BannedUntil, &u.DeletedAt} {
		*t = UTCPtr(*t)
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
		id.LastSignInAt = UTCPtr(id.LastSignInAt)
		id.CreatedAt, id.UpdatedAt = id.CreatedAt.UTC(), id.UpdatedAt.UTC()
		if id.IdentityData == nil {
			id.IdentityData = map[string]any{}
		}
	}
	for i := range u.Factors {
		f := &u.Factors[i]
		f.LastChallengedAt = UTCPtr(f.LastChallengedAt)
		f.CreatedAt, f.UpdatedAt = f.CreatedAt.UTC(), f.UpdatedAt.UTC()
	}
}

func UTCPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// TokenResponse is the session JSON (reference §1.3, GoTrue
// AccessTokenResponse); the JSON names are wire contract.
type TokenResponse struct {
	AccessToken          string        `json:"access_token"`
	TokenType            string        `json:"token_type"`
	ExpiresIn            int           `json:"expires_in"`
	ExpiresAt            int64         `json:"expires_at"`
	RefreshToken         string        `json:"refresh_token"`
	User                 *User         `json:"user"`
	ProviderToken        string        `json:"provider_token,omitempty"`
	ProviderRefreshToken string        `json:"provider_refresh_token,omitempty"`
	WeakPassword         *WeakPassword `json:"weak_password,omitempty"`

	// UserJSON, when set, is the user object's bytes (Answer.User) and
	// stands for User; only AppendJSON writes it, so such an answer is
	// written by AppendJSON alone (it cannot fail without a WeakPassword).
	UserJSON []byte `json:"-"`
}

// AMREntry is one authentication method of a session, newest first.
type AMREntry struct {
	Method    string `json:"method"`
	Timestamp int64  `json:"timestamp"`
}

// WeakPassword lists why a password is weak (GoTrue's weak_password).
type WeakPassword struct {
	Reasons []string `json:"reasons"`
	Message string   `json:"message,omitempty"`
}

// AccessClaims are an access token's claims. The fields are in the order
// of their names, so the JSON is what a token.Claims map of them encodes
// to, without sorting a map on every refresh.
type AccessClaims struct {
	AAL          string         `json:"aal"`
	AMR          []AMREntry     `json:"amr"`
	AppMetadata  map[string]any `json:"app_metadata"`
	Aud          string         `json:"aud"`
	Email        string         `json:"email"`
	Exp          int64          `json:"exp"`
	Iat          int64          `json:"iat"`
	IsAnonymous  bool           `json:"is_anonymous"`
	Iss          string         `json:"iss"`
	Phone        string         `json:"phone"`
	Role         string         `json:"role"`
	SessionID    string         `json:"session_id"`
	Sub          string         `json:"sub"`
	UserMetadata map[string]any `json:"user_metadata"`

	// RawAppMetadata and RawUserMetadata, when set, are the metadata's
	// bytes (Answer) and stand for the maps; only AppendJSON writes them.
	RawAppMetadata  []byte `json:"-"`
	RawUserMetadata []byte `json:"-"`
}
