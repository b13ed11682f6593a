package ceremony

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/go-webauthn/webauthn/protocol"
	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// errKeyRefused is the refusal of a security key, with the reason.
func errKeyRefused(reason string, err error) error {
	return apierr.Fail(apierr.CodeMFAVerificationFailed, "Security key verification failed: %s", reason).Because(err)
}

// RegisterFactorKey checks a registration answer and stores its credential
// on the factor.
func RegisterFactorKey(ctx context.Context, tx pgx.Tx, rp *webauthn.WebAuthn, u *wire.User, factorID string, sd webauthn.SessionData, body json.RawMessage) error {
	parsed, err := protocol.ParseCredentialCreationResponseBytes(body)
	if err != nil {
		return apierr.Fail(apierr.CodeValidationFailed, "Invalid credential_response: %s", Reason(err)).Because(err)
	}
	existing, err := UserCredentials(ctx, tx, u.ID)
	if err != nil {
		return err
	}
	pu := &User{ID: u.ID, Name: AccountName(u), Creds: existing}
	cred, err := rp.CreateCredential(pu, sd, parsed)
	if err != nil {
		return errKeyRefused(Reason(err), err)
	}
	for _, e := range existing {
		if string(e.ID) == string(cred.ID) {
			return errKeyRefused("this key is already registered on the account", nil)
		}
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("encode security key: %w", err)
	}
	var aaguid *string // GoTrue's web_authn_aaguid; a key may send none
	if g, err := uuid.FromBytes(cred.Authenticator.AAGUID); err == nil {
		t := g.String()
		aaguid = &t
	}
	if _, err := tx.Exec(ctx, store.SQL.SaveWebAuthnFactorCredential, factorID, data, aaguid); err != nil {
		return fmt.Errorf("save security key: %w", err)
	}
	return nil
}

// AssertFactorKey checks an assertion by the factor's key and records its
// new sign count, refusing one that did not advance (a replay or a clone).
func AssertFactorKey(ctx context.Context, tx pgx.Tx, rp *webauthn.WebAuthn, u *wire.User, factorID string, credential []byte, sd webauthn.SessionData, body json.RawMessage) error {
	parsed, err := protocol.ParseCredentialRequestResponseBytes(body)
	if err != nil {
		return apierr.Fail(apierr.CodeValidationFailed, "Invalid credential_response: %s", Reason(err)).Because(err)
	}
	stored, err := FactorCredential(factorID, credential)
	if err != nil {
		return err
	}
	pu := &User{ID: u.ID, Name: AccountName(u), Creds: []webauthn.Credential{stored}}
	cred, err := rp.ValidateLogin(pu, sd, parsed)
	if err != nil {
		return errKeyRefused(Reason(err), err)
	}
	if cred.Authenticator.CloneWarning {
		return errKeyRefused("the key's sign count went backwards", nil)
	}
	data, err := json.Marshal(cred)
	if err != nil {
		return fmt.Errorf("encode security key: %w", err)
	}
	tag, err := tx.Exec(ctx, store.SQL.UseWebAuthnFactor, factorID, data, int64(cred.Authenticator.SignCount))
	if err != nil {
		return fmt.Errorf("record security key use: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return errKeyRefused("the key's sign count did not advance", nil)
	}
	return nil
}
