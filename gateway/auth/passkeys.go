package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"strings"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/ceremony"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// Passkeys: the /passkeys endpoints auth-js 2.119 calls
// (GoTrueClient registerPasskey, signInWithPasskey and auth.passkey.*).
// go-webauthn runs the ceremonies; PostgreSQL keeps the credentials and
// the ceremonies' session data, so any instance can finish a ceremony
// another began, and each challenge is deleted as it is answered.

const maxPasskeyNameLength = 120

// passkeyItem is the wire shape of a passkey.
type passkeyItem = ceremony.Passkey

// newRelyingParty configures go-webauthn from the passkey settings (nil:
// passkeys off, see ceremony.NewRelyingParty).
func newRelyingParty(cfg Config) (*webauthn.WebAuthn, error) {
	return ceremony.NewRelyingParty(cfg.SiteURL, cfg.PasskeyRPID, cfg.PasskeyOrigins, cfg.PasskeyChallengeExpiry)
}

// errPasskeysOff answers the ceremonies when the site URL is an IP address
// that no relying party id can name.
func errPasskeysOff() *apierr.Error {
	return apierr.Fail(apierr.CodeValidationFailed, "Passkeys need a domain name: set DAYBASE_AUTH_PASSKEY_RP_ID").WithStatus(http.StatusUnprocessableEntity)
}

// passkeyOwner is the signed-in, permanent user a passkey endpoint acts for.
func (s *Service) passkeyOwner(ctx context.Context, r *http.Request) (*User, error) {
	if s.webauthn == nil {
		return nil, errPasskeysOff()
	}
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return nil, err
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return nil, err
	}
	if u.IsAnonymous {
		return nil, apierr.Fail(apierr.CodeNoAuthorization, "Anonymous users cannot add passkeys").WithStatus(http.StatusForbidden)
	}
	return u, nil
}

// ceremonyOptions is the answer to both options endpoints.
type ceremonyOptions struct {
	ChallengeID string `json:"challenge_id"`
	Options     any    `json:"options"`
	ExpiresAt   int64  `json:"expires_at"`
}

// saveCeremony stores a ceremony's session data and answers its options.
func (s *Service) saveCeremony(w http.ResponseWriter, r *http.Request, userID, kind string, sd *webauthn.SessionData, options any) error {
	id, expires, err := ceremony.SaveChallenge(r.Context(), s.db, userID, kind, sd, s.cfg.PasskeyChallengeExpiry)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, ceremonyOptions{ChallengeID: id, Options: options, ExpiresAt: expires.Unix()})
}

// ceremonyAnswer is the body of both verify endpoints.
type ceremonyAnswer struct {
	ChallengeID string          `json:"challenge_id"`
	Credential  json.RawMessage `json:"credential"`
}

// takeCeremony reads the answer and deletes its challenge, so that it is
// answered once, and returns the challenge's user and session data.
func (s *Service) takeCeremony(r *http.Request, kind string) (ceremonyAnswer, string, webauthn.SessionData, error) {
	var a ceremonyAnswer
	var sd webauthn.SessionData
	if err := readJSON(r, &a); err != nil {
		return a, "", sd, err
	}
	if !isUUID(a.ChallengeID) {
		return a, "", sd, apierr.Fail(apierr.CodeValidationFailed, "challenge_id must be the id of a passkey challenge")
	}
	if len(a.Credential) == 0 || string(a.Credential) == "null" {
		return a, "", sd, apierr.Fail(apierr.CodeValidationFailed, "credential is required")
	}
	userID, sd, err := ceremony.TakeChallenge(r.Context(), s.db, a.ChallengeID, kind)
	return a, userID, sd, err
}

// POST /passkeys/registration/options
func (s *Service) passkeyRegistrationOptions(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u, err := s.passkeyOwner(ctx, r)
	if err != nil {
		return err
	}
	_, creds, err := ceremony.LoadPasskeys(ctx, s.db, u.ID)
	if err != nil {
		return err
	}
	pu := &ceremony.User{ID: u.ID, Name: ceremony.AccountName(u), Creds: creds}
	creation, sd, err := s.webauthn.BeginRegistration(pu,
		webauthn.WithResidentKeyRequirement(protocol.ResidentKeyRequirementRequired),
		webauthn.WithExclusions(webauthn.Credentials(creds).CredentialDescriptors()),
		webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
	)
	if err != nil {
		return fmt.Errorf("begin passkey registration: %w", err)
	}
	return s.saveCeremony(w, r, u.ID, ceremony.Registration, sd, creation.Response)
}

// POST /passkeys/registration/verify
func (s *Service) passkeyRegistrationVerify(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	u, err := s.passkeyOwner(ctx, r)
	if err != nil {
		return err
	}
	a, challengeUser, sd, err := s.takeCeremony(r, ceremony.Registration)
	if err != nil {
		return err
	}
	if challengeUser != u.ID {
		return apierr.Fail(apierr.CodeWebAuthnChallengeExpired, "Passkey challenge has expired or was already used; request a new one")
	}
	parsed, err := protocol.ParseCredentialCreationResponseBytes(a.Credential)
	if err != nil {
		return apierr.Fail(apierr.CodeValidationFailed, "credential is not a WebAuthn registration response: %s", ceremony.Reason(err)).Because(err)
	}
	_, creds, err := ceremony.LoadPasskeys(ctx, s.db, u.ID)
	if err != nil {
		return err
	}
	pu := &ceremony.User{ID: u.ID, Name: ceremony.AccountName(u), Creds: creds}
	cred, err := s.webauthn.CreateCredential(pu, sd, parsed)
	if err != nil {
		return apierr.Fail(apierr.CodeValidationFailed, "Passkey registration could not be verified: %s", ceremony.Reason(err)).Because(err)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("encode passkey: %w", err)
	}
	var it passkeyItem
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, store.SQL.InsertPasskey, u.ID, cred.ID, data, ceremony.DefaultName(r.UserAgent())).Scan(&it.ID, &it.CreatedAt)
		if isUniqueViolation(err) {
			return apierr.Fail(apierr.CodeValidationFailed, "This passkey is already registered").WithStatus(http.StatusUnprocessableEntity)
		}
		if err != nil {
			return fmt.Errorf("insert passkey: %w", err)
		}
		return s.audit(ctx, tx, r, "passkey_registered", u.ID, map[string]any{"passkey_id": it.ID})
	})
	if err != nil {
		return err
	}
	it.FriendlyName = ceremony.DefaultName(r.UserAgent())
	it.CreatedAt = it.CreatedAt.UTC()
	return writeJSON(w, http.StatusOK, it)
}

// POST /passkeys/authentication/options
func (s *Service) passkeyAuthenticationOptions(w http.ResponseWriter, r *http.Request) error {
	if s.webauthn == nil {
		return errPasskeysOff()
	}
	var p struct {
		Security securityMeta `json:"gotrue_meta_security"`
	}
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if err := s.captcha.verify(r.Context(), p.Security.CaptchaToken, s.clientIP(r)); err != nil {
		return err
	}
	assertion, sd, err := s.webauthn.BeginDiscoverableLogin(
		webauthn.WithUserVerification(protocol.VerificationPreferred))
	if err != nil {
		return fmt.Errorf("begin passkey sign-in: %w", err)
	}
	return s.saveCeremony(w, r, "", ceremony.Authentication, sd, assertion.Response)
}

// POST /passkeys/authentication/verify
func (s *Service) passkeyAuthenticationVerify(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if s.webauthn == nil {
		return errPasskeysOff()
	}
	a, _, sd, err := s.takeCeremony(r, ceremony.Authentication)
	if err != nil {
		return err
	}
	parsed, err := protocol.ParseCredentialRequestResponseBytes(a.Credential)
	if err != nil {
		return apierr.Fail(apierr.CodeValidationFailed, "credential is not a WebAuthn assertion: %s", ceremony.Reason(err)).Because(err)
	}
	var owner *User
	handler := func(rawID, userHandle []byte) (webauthn.User, error) {
		var userID string
		if err := s.db.QueryRow(ctx, store.SQL.PasskeyOwner, rawID).Scan(&userID); err != nil {
			return nil, fmt.Errorf("passkey not found: %w", err)
		}
		if string(userHandle) != userID {
			return nil, errors.New("passkey belongs to another user")
		}
		u, err := store.LoadUser(ctx, s.db, userID)
		if err != nil {
			return nil, err
		}
		_, creds, err := ceremony.LoadPasskeys(ctx, s.db, userID)
		if err != nil {
			return nil, err
		}
		owner = u
		return &ceremony.User{ID: u.ID, Name: ceremony.AccountName(u), Creds: creds}, nil
	}
	_, cred, err := s.webauthn.ValidatePasskeyLogin(handler, sd, parsed)
	if err != nil {
		s.log.InfoContext(ctx, "passkey sign-in refused", "reason", ceremony.Reason(err))
		return apierr.InvalidLogin().Because(err)
	}
	if cred.Authenticator.CloneWarning {
		return apierr.InvalidLogin().Because(errors.New("passkey sign count went backwards: a cloned authenticator or a replay"))
	}
	if owner.IsBanned(s.now()) {
		return apierr.Fail(apierr.CodeUserBanned, "User is banned")
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("encode passkey: %w", err)
	}
	tag, err := s.db.Exec(ctx, store.SQL.UsePasskey, cred.ID, data, int64(cred.Authenticator.SignCount))
	if err != nil {
		return fmt.Errorf("record passkey use: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return apierr.InvalidLogin().Because(errors.New("passkey sign count did not advance"))
	}
	res, err := s.signIn(ctx, r, owner.ID, "passkey", "")
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, res)
}

// GET /passkeys
func (s *Service) listPasskeys(w http.ResponseWriter, r *http.Request) error {
	c, err := s.requireUser(r.Context(), r)
	if err != nil {
		return err
	}
	return s.writePasskeys(w, r, c.UserID)
}

// GET /admin/users/{user_id}/passkeys (auth-js admin.passkey.listPasskeys)
func (s *Service) adminListPasskeys(w http.ResponseWriter, r *http.Request) error {
	u, err := s.adminPasskeyUser(r)
	if err != nil {
		return err
	}
	return s.writePasskeys(w, r, u.ID)
}

func (s *Service) writePasskeys(w http.ResponseWriter, r *http.Request, userID string) error {
	items, _, err := ceremony.LoadPasskeys(r.Context(), s.db, userID)
	if err != nil {
		return err
	}
	if items == nil {
		items = []passkeyItem{}
	}
	return writeJSON(w, http.StatusOK, items)
}

// adminPasskeyUser is the user an admin passkey endpoint names.
func (s *Service) adminPasskeyUser(r *http.Request) (*User, error) {
	if err := s.requireAdmin(r); err != nil {
		return nil, err
	}
	return s.adminUser(r.Context(), s.db, r)
}

// PATCH /passkeys/{passkey_id}
func (s *Service) renamePasskey(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	var p struct {
		FriendlyName *string `json:"friendly_name"`
	}
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.FriendlyName == nil {
		return apierr.Fail(apierr.CodeValidationFailed, "friendly_name is required")
	}
	name := strings.TrimSpace(*p.FriendlyName)
	if len([]rune(name)) > maxPasskeyNameLength {
		return apierr.Fail(apierr.CodeValidationFailed, "friendly_name must be at most %d characters", maxPasskeyNameLength)
	}
	id := r.PathValue("passkey_id")
	if !isUUID(id) {
		return errPasskeyNotFound()
	}
	var it passkeyItem
	err = s.db.QueryRow(ctx, store.SQL.RenamePasskey, id, c.UserID, name).Scan(&it.ID, &it.FriendlyName, &it.CreatedAt, &it.LastUsedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return errPasskeyNotFound()
	}
	if err != nil {
		return fmt.Errorf("rename passkey: %w", err)
	}
	it.CreatedAt = it.CreatedAt.UTC()
	it.LastUsedAt = wire.UTCPtr(it.LastUsedAt)
	return writeJSON(w, http.StatusOK, it)
}

// DELETE /passkeys/{passkey_id}
func (s *Service) deletePasskey(w http.ResponseWriter, r *http.Request) error {
	c, err := s.requireUser(r.Context(), r)
	if err != nil {
		return err
	}
	return s.removePasskey(w, r, c.UserID, nil)
}

// DELETE /admin/users/{user_id}/passkeys/{passkey_id} (auth-js
// admin.passkey.deletePasskey): account recovery by an administrator, e.g.
// a lost phone that held the passkey.
func (s *Service) adminDeletePasskey(w http.ResponseWriter, r *http.Request) error {
	u, err := s.adminPasskeyUser(r)
	if err != nil {
		return err
	}
	return s.removePasskey(w, r, u.ID, map[string]any{"by": "admin"})
}

// removePasskey deletes the path's passkey of userID and audits it.
func (s *Service) removePasskey(w http.ResponseWriter, r *http.Request, userID string, extra map[string]any) error {
	ctx := r.Context()
	id := r.PathValue("passkey_id")
	if !isUUID(id) {
		return errPasskeyNotFound()
	}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, store.SQL.DeletePasskey, id, userID)
		if err != nil {
			return fmt.Errorf("delete passkey: %w", err)
		}
		if tag.RowsAffected() == 0 {
			return errPasskeyNotFound()
		}
		detail := map[string]any{"passkey_id": id}
		maps.Copy(detail, extra)
		return s.audit(ctx, tx, r, "passkey_deleted", userID, detail)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

func errPasskeyNotFound() *apierr.Error {
	return apierr.Fail(apierr.CodeValidationFailed, "Passkey not found").WithStatus(http.StatusNotFound)
}
