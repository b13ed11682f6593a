// Package mfa is the data layer of second factors (GoTrue's /factors):
// TOTP secrets and codes, enrolment within the user's limits, challenges
// and what passing one changes — the factor verified, the session raised
// to aal2, its refresh tokens replaced. gateway/auth keeps the HTTP
// contract (who may call, the bodies, rate limits, audit and answers).
package mfa

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/qrsvg"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// TOTP parameters every authenticator app understands, as GoTrue uses
// them: SHA1, 6 digits, 30 s, one period of clock skew either way.
const (
	totpPeriod = 30
	totpSkew   = 1
)

// Factor is a factor with its secret, for challenges and verification.
type Factor struct {
	ID        string
	UserID    string
	Type      string
	Status    string
	Secret    string
	CreatedAt time.Time
	// Credential is a verified security key's go-webauthn credential.
	Credential []byte
}

// TOTP is a new TOTP secret with its otpauth URI and that URI's QR code.
type TOTP struct{ Secret, URI, QRCode string }

// NewTOTP makes a secret for account at issuer.
func NewTOTP(issuer, account string, random io.Reader) (TOTP, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Rand: random})
	if err != nil {
		return TOTP{}, fmt.Errorf("generate TOTP secret: %w", err)
	}
	svg, err := qrsvg.Render(key.URL())
	if err != nil {
		return TOTP{}, err
	}
	return TOTP{Secret: key.Secret(), URI: key.URL(), QRCode: svg}, nil
}

// MatchTOTP checks code against the periods around now in constant time
// and returns the time step it belongs to.
func MatchTOTP(now time.Time, secret, code string) (int64, bool) {
	var matched int64
	ok := 0
	for d := -totpSkew; d <= totpSkew; d++ {
		t := now.Add(time.Duration(d*totpPeriod) * time.Second)
		want, err := totp.GenerateCodeCustom(secret, t, totp.ValidateOpts{
			Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1,
		})
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 && ok == 0 {
			matched, ok = t.Unix()/totpPeriod, 1
		}
	}
	return matched, ok == 1
}

// Limits are the enrolment bounds of the auth configuration.
type Limits struct {
	MaxFactors int
	// Expiry is how long an unverified factor lives.
	Expiry time.Duration
}

// Insert adds an unverified factor within the user's limits: names
// unique, at most MaxFactors, and an aal2 session (aal) once one is
// verified. The user row's lock serialises concurrent enrolments, so the
// limit and the name check hold.
func Insert(ctx context.Context, tx pgx.Tx, l Limits, userID, aal, name, kind, secret string) (string, error) {
	var factors []wire.Factor
	if err := tx.QueryRow(ctx, store.SQL.FactorsForEnroll, userID, l.Expiry).Scan(&factors); err != nil {
		return "", fmt.Errorf("list factors: %w", err)
	}
	verified := 0
	for _, f := range factors {
		if f.FriendlyName == name {
			return "", apierr.Fail(apierr.CodeMFAFactorNameConflict, "A factor with the friendly name %q for this user already exists", name)
		}
		if f.Status == "verified" {
			verified++
		}
	}
	if len(factors) >= l.MaxFactors {
		return "", apierr.Fail(apierr.CodeTooManyFactors, "Maximum number of verified factors reached, unenroll to continue")
	}
	if verified > 0 && aal != "aal2" {
		return "", apierr.Fail(apierr.CodeInsufficientAAL, "AAL2 required to enroll a new factor")
	}
	var id string
	if err := tx.QueryRow(ctx, store.SQL.InsertFactor, userID, name, kind, secret).Scan(&id); err != nil {
		return "", fmt.Errorf("insert factor: %w", err)
	}
	return id, nil
}

// Load finds userID's factor id; one never verified is gone once expiry
// has passed since it was made.
func Load(ctx context.Context, db store.Querier, id, userID string, now time.Time, expiry time.Duration) (*Factor, error) {
	f := &Factor{}
	err := db.QueryRow(ctx, store.SQL.FactorByID, id, userID).Scan(&f.ID, &f.UserID, &f.Type, &f.Status, &f.Secret, &f.CreatedAt, &f.Credential)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, apierr.Fail(apierr.CodeMFAFactorNotFound, "Factor not found")
	}
	if err != nil {
		return nil, fmt.Errorf("load factor: %w", err)
	}
	if f.Status != "verified" && now.After(f.CreatedAt.Add(expiry)) {
		return nil, apierr.Fail(apierr.CodeMFAFactorNotFound, "Factor not found: it was never verified and has expired; enroll again")
	}
	return f, nil
}

// InsertChallenge opens a challenge for factorID asked from ip (an inet
// or nil), with a security key's WebAuthn session data (nil for TOTP).
func InsertChallenge(ctx context.Context, db store.Querier, factorID string, ip any, sessionData []byte) (string, time.Time, error) {
	var id string
	var created time.Time
	if err := db.QueryRow(ctx, store.SQL.InsertChallenge, factorID, ip, sessionData).Scan(&id, &created); err != nil {
		return "", time.Time{}, fmt.Errorf("insert challenge: %w", err)
	}
	return id, created, nil
}

// OpenChallenge locks the factor's challenge for verification and refuses
// one already answered, asked from another address or older than expiry.
// It returns the challenge's WebAuthn session data (nil for TOTP).
func OpenChallenge(ctx context.Context, tx pgx.Tx, f *Factor, challengeID, ip string, now time.Time, expiry time.Duration) ([]byte, error) {
	var challengeIP string
	var created time.Time
	var verifiedAt *time.Time
	var sessionData []byte
	err := tx.QueryRow(ctx, store.SQL.ChallengeForVerify, challengeID, f.ID).Scan(&challengeIP, &created, &verifiedAt, &sessionData)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, ErrChallengeNotFound()
	}
	if err != nil {
		return nil, fmt.Errorf("load challenge: %w", err)
	}
	if verifiedAt != nil || challengeIP != ip {
		return nil, apierr.Fail(apierr.CodeMFAIPAddressMismatch, "Challenge and verify IP addresses mismatch.")
	}
	if now.After(created.Add(expiry)) {
		return nil, apierr.Fail(apierr.CodeMFAChallengeExpired, "MFA challenge %s has expired, verify against another challenge or create a new challenge.", challengeID)
	}
	return sessionData, nil
}

// ErrChallengeNotFound is GoTrue's answer for a challenge id that names
// no challenge of the factor.
func ErrChallengeNotFound() *apierr.Error {
	return apierr.Fail(apierr.CodeMFAFactorNotFound, "MFA factor with the provided challenge ID not found").WithStatus(http.StatusUnprocessableEntity)
}

// UseCode records the time step of a TOTP code of the factor; false when
// it was used already (a replay within its window).
func UseCode(ctx context.Context, tx pgx.Tx, factorID string, step int64) (bool, error) {
	tag, err := tx.Exec(ctx, store.SQL.InsertUsedCode, factorID, step)
	if err != nil {
		return false, fmt.Errorf("record used code: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}

// Pass records a verified challenge: the factor becomes verified, the
// session aal2 with method in its amr, its aal1 refresh tokens are
// replaced by refresh (an aal1 refresh token cannot mint aal2 tokens),
// the user's other aal1 sessions end and their unverified factors of the
// same type go.
func Pass(ctx context.Context, tx pgx.Tx, userID, sessionID string, f *Factor, challengeID, method, refresh string) error {
	if _, err := tx.Exec(ctx, store.SQL.MarkChallengeVerified, challengeID); err != nil {
		return fmt.Errorf("mark challenge verified: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.VerifyFactorStatus, f.ID); err != nil {
		return fmt.Errorf("mark factor verified: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.RaiseSessionAAL, sessionID, f.ID); err != nil {
		return fmt.Errorf("raise session: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertAMR, sessionID, method); err != nil {
		return fmt.Errorf("record amr: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.RotateSessionTokens, sessionID); err != nil {
		return fmt.Errorf("revoke aal1 refresh tokens: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertRefreshToken, refresh, userID, sessionID, nil); err != nil {
		return fmt.Errorf("insert refresh token: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteLowAALSessions, userID, sessionID); err != nil {
		return fmt.Errorf("end aal1 sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteUnverifiedOthers, userID, f.ID, f.Type); err != nil {
		return fmt.Errorf("remove unverified factors: %w", err)
	}
	return nil
}

// Remove deletes a factor and downgrades the sessions it raised.
func Remove(ctx context.Context, tx pgx.Tx, factorID string) error {
	if _, err := tx.Exec(ctx, store.SQL.DowngradeSessions, factorID); err != nil {
		return fmt.Errorf("downgrade sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteFactor, factorID); err != nil {
		return fmt.Errorf("delete factor: %w", err)
	}
	return nil
}
