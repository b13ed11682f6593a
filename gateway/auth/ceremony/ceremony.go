// Package ceremony holds what the WebAuthn ceremonies of passkeys and of
// security-key factors share beneath the HTTP handlers: the relying party
// made from the settings, the user and credentials go-webauthn checks
// against (read from PostgreSQL), and the wording of go-webauthn's
// refusals. go-webauthn runs the ceremonies themselves.
package ceremony

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// The kinds of passkey ceremony whose session data auth.webauthn_challenges
// keeps.
const (
	Registration   = "registration"
	Authentication = "authentication"
)

// NewRelyingParty configures go-webauthn from the passkey settings (site
// URL, DAYBASE_AUTH_PASSKEY_RP_ID, _ORIGINS and _CHALLENGE_EXPIRY),
// deriving the relying party id and origin from the site URL. WebAuthn
// binds passkeys to a domain, never an IP address: a loopback site URL
// (the development server's 127.0.0.1) uses "localhost" with both
// origins, and any other IP address leaves passkeys off (nil) until
// DAYBASE_AUTH_PASSKEY_RP_ID names a domain.
func NewRelyingParty(siteURL, rpID string, configured []string, expiry time.Duration) (*webauthn.WebAuthn, error) {
	site, err := url.Parse(siteURL)
	if err != nil || site.Host == "" {
		return nil, fmt.Errorf("auth: site URL %q: want an absolute URL for passkeys", siteURL)
	}
	origins := configured
	if len(origins) == 0 {
		origins = []string{site.Scheme + "://" + site.Host}
	}
	if rpID == "" {
		rpID = site.Hostname()
		if ip := net.ParseIP(rpID); ip != nil {
			if !ip.IsLoopback() {
				return nil, nil
			}
			rpID = "localhost"
			if len(configured) == 0 {
				local := site.Scheme + "://localhost"
				if p := site.Port(); p != "" {
					local += ":" + p
				}
				origins = append(origins, local)
			}
		}
	}
	if expiry <= 0 {
		expiry = 5 * time.Minute
	}
	rp, err := webauthn.New(&webauthn.Config{
		RPID:          rpID,
		RPDisplayName: rpID,
		RPOrigins:     origins,
		Timeouts: webauthn.TimeoutsConfig{
			Login:        webauthn.TimeoutConfig{Enforce: true, Timeout: expiry},
			Registration: webauthn.TimeoutConfig{Enforce: true, Timeout: expiry},
		},
	})
	if err != nil {
		return nil, fmt.Errorf("auth: passkey relying party %q for %v: %w", rpID, origins, err)
	}
	return rp, nil
}

// User is a user as go-webauthn sees one: its user handle is the
// user id's text, so a discoverable assertion names its owner.
type User struct {
	ID, Name string
	Creds    []webauthn.Credential
}

func (u *User) WebAuthnID() []byte                         { return []byte(u.ID) }
func (u *User) WebAuthnName() string                       { return u.Name }
func (u *User) WebAuthnDisplayName() string                { return u.Name }
func (u *User) WebAuthnCredentials() []webauthn.Credential { return u.Creds }

// Passkey is the wire shape of a passkey (auth-js PasskeyListItem).
type Passkey struct {
	ID           string     `json:"id"`
	FriendlyName string     `json:"friendly_name,omitempty"`
	CreatedAt    time.Time  `json:"created_at"`
	LastUsedAt   *time.Time `json:"last_used_at,omitempty"`
}

// LoadPasskeys returns the user's passkeys and their credentials.
func LoadPasskeys(ctx context.Context, db store.Querier, userID string) ([]Passkey, []webauthn.Credential, error) {
	rows, err := db.Query(ctx, store.SQL.UserPasskeys, userID)
	if err != nil {
		return nil, nil, fmt.Errorf("list passkeys: %w", err)
	}
	defer rows.Close()
	var items []Passkey
	var creds []webauthn.Credential
	for rows.Next() {
		var it Passkey
		var raw []byte
		if err := rows.Scan(&it.ID, &raw, &it.FriendlyName, &it.CreatedAt, &it.LastUsedAt); err != nil {
			return nil, nil, fmt.Errorf("scan passkey: %w", err)
		}
		var c webauthn.Credential
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, nil, fmt.Errorf("decode passkey %s: %w", it.ID, err)
		}
		it.CreatedAt = it.CreatedAt.UTC()
		it.LastUsedAt = wire.UTCPtr(it.LastUsedAt)
		items = append(items, it)
		creds = append(creds, c)
	}
	if err := rows.Err(); err != nil {
		return nil, nil, fmt.Errorf("list passkeys: %w", err)
	}
	return items, creds, nil
}

// UserCredentials lists every credential the user registered, as
// security key or passkey, for a registration to exclude.
func UserCredentials(ctx context.Context, db store.Querier, userID string) ([]webauthn.Credential, error) {
	rows, err := db.Query(ctx, store.SQL.UserWebAuthnCredentials, userID)
	if err != nil {
		return nil, fmt.Errorf("list webauthn credentials: %w", err)
	}
	defer rows.Close()
	var creds []webauthn.Credential
	for rows.Next() {
		var raw []byte
		if err := rows.Scan(&raw); err != nil {
			return nil, fmt.Errorf("scan webauthn credential: %w", err)
		}
		var c webauthn.Credential
		if err := json.Unmarshal(raw, &c); err != nil {
			return nil, fmt.Errorf("decode webauthn credential: %w", err)
		}
		creds = append(creds, c)
	}
	return creds, rows.Err()
}

// FactorCredential decodes the credential of a verified security-key
// factor.
func FactorCredential(factorID string, raw []byte) (webauthn.Credential, error) {
	var cred webauthn.Credential
	if len(raw) == 0 {
		return cred, fmt.Errorf("factor %s is verified without a credential", factorID)
	}
	if err := json.Unmarshal(raw, &cred); err != nil {
		return cred, fmt.Errorf("decode factor %s credential: %w", factorID, err)
	}
	return cred, nil
}

// AccountName is what an authenticator shows for the account.
func AccountName(u *wire.User) string {
	if u.Email != "" {
		return u.Email
	}
	if u.Phone != "" {
		return u.Phone
	}
	return u.ID
}

// DefaultName names a new passkey after the browser that made it,
// so a list of several reads as "Chrome on macOS", say, until renamed.
func DefaultName(ua string) string {
	browser := ""
	for _, b := range []struct{ token, name string }{
		{"Edg/", "Edge"}, {"Firefox/", "Firefox"}, {"Chrome/", "Chrome"}, {"Safari/", "Safari"},
	} {
		if strings.Contains(ua, b.token) {
			browser = b.name
			break
		}
	}
	osName := ""
	for _, o := range []struct{ token, name string }{
		{"iPhone", "iPhone"}, {"iPad", "iPad"}, {"Android", "Android"}, {"Mac OS X", "macOS"},
		{"Windows", "Windows"}, {"CrOS", "ChromeOS"}, {"Linux", "Linux"},
	} {
		if strings.Contains(ua, o.token) {
			osName = o.name
			break
		}
	}
	switch {
	case browser != "" && osName != "":
		return browser + " on " + osName
	case browser != "":
		return browser
	case osName != "":
		return osName
	}
	return "Passkey"
}

// Reason is the detail of a go-webauthn error, which says what
// about the credential was wrong.
func Reason(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) && pe.Details != "" {
		return pe.Details
	}
	return err.Error()
}

// SaveChallenge stores a ceremony's session data for userID ("" before
// sign-in) as a single-use challenge of kind that lives for expiry (5
// minutes when not positive), and returns its id and end.
func SaveChallenge(ctx context.Context, db store.Querier, userID, kind string, sd *webauthn.SessionData, expiry time.Duration) (string, time.Time, error) {
	data, err := json.Marshal(sd)
	if err != nil {
		return "", time.Time{}, fmt.Errorf("encode passkey session: %w", err)
	}
	if expiry <= 0 {
		expiry = 5 * time.Minute
	}
	var user any
	if userID != "" {
		user = userID
	}
	var id string
	var expires time.Time
	if err := db.QueryRow(ctx, store.SQL.InsertWebAuthnChallenge, user, kind, data, expiry.String()).Scan(&id, &expires); err != nil {
		return "", time.Time{}, fmt.Errorf("store passkey challenge: %w", err)
	}
	return id, expires, nil
}

// TakeChallenge deletes the challenge of kind, so that it is answered
// once, and returns its user and session data.
func TakeChallenge(ctx context.Context, db store.Querier, challengeID, kind string) (string, webauthn.SessionData, error) {
	var sd webauthn.SessionData
	var userID string
	var raw []byte
	var expired bool
	err := db.QueryRow(ctx, store.SQL.TakeWebAuthnChallenge, challengeID, kind).Scan(&userID, &raw, &expired)
	if errors.Is(err, pgx.ErrNoRows) || expired {
		return "", sd, apierr.Fail(apierr.CodeWebAuthnChallengeExpired, "Passkey challenge has expired or was already used; request a new one")
	}
	if err != nil {
		return "", sd, fmt.Errorf("take passkey challenge: %w", err)
	}
	if err := json.Unmarshal(raw, &sd); err != nil {
		return "", sd, fmt.Errorf("decode passkey session: %w", err)
	}
	return userID, sd, nil
}
