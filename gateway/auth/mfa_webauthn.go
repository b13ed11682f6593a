package auth

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/ceremony"
	"daybase/gateway/auth/store"
)

// Security keys as a second factor, in GoTrue's shape (internal/api/mfa.go
// of supabase/auth): enrolling a 'webauthn' factor makes an unverified
// factor; its first challenge answers credential creation options
// ({type: "create"}), whose verification stores the credential and raises
// the session to aal2; once verified, a challenge answers request options
// ({type: "request"}) naming that credential only. The amr method is
// GoTrue's "mfa/webauthn".

const amrWebAuthn = "mfa/webauthn"

// webAuthnAnswer is the "webauthn" object auth-js sends to verify
// (MFAVerifyWebauthnParams): the ceremony's type and the browser's JSON.
// auth-js also sends rpId and rpOrigins; like GoTrue, the server keeps to
// its own relying party and ignores them.
type webAuthnAnswer struct {
	Type               string          `json:"type"`
	CredentialResponse json.RawMessage `json:"credential_response"`
}

// webAuthnChallenge is the challenge's "webauthn" object; the options are
// go-webauthn's CredentialCreation or CredentialAssertion, so auth-js
// finds them under credential_options.publicKey.
type webAuthnChallenge struct {
	Type              string `json:"type"`
	CredentialOptions any    `json:"credential_options"`
}

func errWebAuthnOff() *apierr.Error {
	return apierr.Fail(apierr.CodeMFAWebAuthnEnrollDisabled, "MFA verification is disabled for WebAuthn: set DAYBASE_AUTH_PASSKEY_RP_ID to a domain")
}

// challengeWebAuthnFactor answers POST /factors/{id}/challenge for a
// security key.
func (s *Service) challengeWebAuthnFactor(w http.ResponseWriter, r *http.Request, c caller, f *factorRow) error {
	ctx := r.Context()
	if s.webauthn == nil {
		return errWebAuthnOff()
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	ch := webAuthnChallenge{}
	var sd *webauthn.SessionData
	if f.Status != "verified" {
		existing, err := ceremony.UserCredentials(ctx, s.db, u.ID)
		if err != nil {
			return err
		}
		pu := &ceremony.User{ID: u.ID, Name: ceremony.AccountName(u)}
		var creation *protocol.CredentialCreation
		creation, sd, err = s.webauthn.BeginRegistration(pu,
			webauthn.WithExclusions(webauthn.Credentials(existing).CredentialDescriptors()),
			webauthn.WithConveyancePreference(protocol.PreferNoAttestation),
		)
		if err != nil {
			return fmt.Errorf("begin security key registration: %w", err)
		}
		ch = webAuthnChallenge{Type: "create", CredentialOptions: creation}
	} else {
		cred, err := ceremony.FactorCredential(f.ID, f.Credential)
		if err != nil {
			return err
		}
		pu := &ceremony.User{ID: u.ID, Name: ceremony.AccountName(u), Creds: []webauthn.Credential{cred}}
		var assertion *protocol.CredentialAssertion
		assertion, sd, err = s.webauthn.BeginLogin(pu)
		if err != nil {
			return fmt.Errorf("begin security key sign-in: %w", err)
		}
		ch = webAuthnChallenge{Type: "request", CredentialOptions: assertion}
	}
	data, err := json.Marshal(sd)
	if err != nil {
		return fmt.Errorf("encode security key session: %w", err)
	}
	id, created, err := s.insertChallenge(ctx, r, f, data)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "type": f.Type, "expires_at": created.Add(s.cfg.MFAChallengeExpiry).Unix(), "webauthn": ch,
	})
}

// verifyWebAuthnFactor answers POST /factors/{id}/verify for a security
// key: a "create" answer registers the key on an unverified factor, a
// "request" answer is an assertion by the verified factor's key. Either
// raises the session to aal2.
func (s *Service) verifyWebAuthnFactor(w http.ResponseWriter, r *http.Request, c caller, f *factorRow, p verifyFactorParams) error {
	ctx := r.Context()
	if s.webauthn == nil {
		return errWebAuthnOff()
	}
	a := p.WebAuthn
	switch {
	case a == nil:
		return apierr.Fail(apierr.CodeValidationFailed, "WebAuthn config required")
	case a.Type != "create" && a.Type != "request":
		return apierr.Fail(apierr.CodeValidationFailed, "WebAuthn type must be create or request")
	case len(a.CredentialResponse) == 0 || string(a.CredentialResponse) == "null":
		return apierr.Fail(apierr.CodeValidationFailed, "credential_response required")
	case a.Type == "create" && f.Status == "verified":
		return apierr.Fail(apierr.CodeValidationFailed, "This security key is already registered: answer a \"request\" challenge")
	case a.Type == "request" && f.Status != "verified":
		return apierr.Fail(apierr.CodeValidationFailed, "This security key is not registered yet: answer a \"create\" challenge")
	}
	if !isUUID(p.ChallengeID) {
		return apierr.Fail(apierr.CodeMFAFactorNotFound, "MFA factor with the provided challenge ID not found").WithStatus(http.StatusUnprocessableEntity)
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	ip := s.clientIP(r)
	var refresh string
	failed := false
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		raw, err := s.openChallenge(ctx, tx, f, p.ChallengeID, ip)
		if err != nil {
			return err
		}
		var sd webauthn.SessionData
		if len(raw) == 0 {
			return apierr.Fail(apierr.CodeMFAFactorNotFound, "MFA factor with the provided challenge ID not found").WithStatus(http.StatusUnprocessableEntity)
		}
		if err := json.Unmarshal(raw, &sd); err != nil {
			return fmt.Errorf("decode security key session: %w", err)
		}
		if a.Type == "create" {
			err = ceremony.RegisterFactorKey(ctx, tx, s.webauthn, u, f.ID, sd, a.CredentialResponse)
		} else {
			err = ceremony.AssertFactorKey(ctx, tx, s.webauthn, u, f.ID, f.Credential, sd, a.CredentialResponse)
		}
		if err != nil {
			failed = apierr.Is(err, apierr.CodeMFAVerificationFailed)
			return err
		}
		refresh, err = s.passChallenge(ctx, tx, r, c, f, p.ChallengeID, amrWebAuthn)
		return err
	})
	return s.answerVerify(w, r, c, f, failed, refresh, err)
}
