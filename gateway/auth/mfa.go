package auth

import (
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
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

// mfaCaller is a signed-in, non-anonymous user with a session, as the
// /factors endpoints require.
func (s *Service) mfaCaller(ctx context.Context, r *http.Request) (caller, *User, string, error) {
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return caller{}, nil, "", err
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return caller{}, nil, "", err
	}
	if u.IsAnonymous {
		return caller{}, nil, "", apierr.Fail(apierr.CodeNoAuthorization, "Anonymous users cannot use MFA").WithStatus(http.StatusForbidden)
	}
	if c.SessionID == "" {
		return caller{}, nil, "", apierr.Fail(apierr.CodeSessionNotFound, "MFA needs an access token with a session")
	}
	var aal string
	var amr []wire.AMREntry
	if err := s.db.QueryRow(ctx, store.SQL.SessionAuth, c.SessionID).Scan(&aal, &amr); err != nil {
		return caller{}, nil, "", fmt.Errorf("load session: %w", err)
	}
	return c, u, aal, nil
}

type enrollParams struct {
	FriendlyName string `json:"friendly_name"`
	FactorType   string `json:"factor_type"`
	Issuer       string `json:"issuer"`
}

// enrollResponse is the wire shape of a new TOTP factor (reference §1.7).
type enrollResponse struct {
	ID           string     `json:"id"`
	Type         string     `json:"type"`
	FriendlyName string     `json:"friendly_name"`
	TOTP         totpObject `json:"totp"`
}

type totpObject struct {
	QRCode string `json:"qr_code"`
	Secret string `json:"secret"`
	URI    string `json:"uri"`
}

// enrollFactor starts a TOTP factor: a secret, its otpauth URI and QR code.
// The factor stays unverified until a challenge is verified with it.
func (s *Service) enrollFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, u, aal, err := s.mfaCaller(ctx, r)
	if err != nil {
		return err
	}
	var p enrollParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	switch p.FactorType {
	case "totp":
	case "phone":
		return apierr.Fail(apierr.CodeMFAPhoneEnrollDisabled, "MFA enroll is disabled for Phone")
	case "webauthn":
		if s.webauthn == nil {
			return apierr.Fail(apierr.CodeMFAWebAuthnEnrollDisabled, "MFA enroll is disabled for WebAuthn: set DAYBASE_AUTH_PASSKEY_RP_ID to a domain")
		}
		id, err := s.insertFactor(ctx, r, c, u, aal, p.FriendlyName, "webauthn", "")
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, map[string]string{"id": id, "type": "webauthn", "friendly_name": p.FriendlyName})
	default:
		return apierr.Fail(apierr.CodeValidationFailed, "factor_type needs to be totp, phone, or webauthn")
	}
	issuer := p.Issuer
	if issuer == "" {
		issuer = s.cfg.MFAIssuer
	}
	if issuer == "" {
		if su, err := url.Parse(s.cfg.SiteURL); err == nil {
			issuer = su.Host
		}
	}
	account := u.Email
	if account == "" {
		account = u.ID
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account, Rand: s.random})
	if err != nil {
		return fmt.Errorf("generate TOTP secret: %w", err)
	}
	svg, err := qrsvg.Render(key.URL())
	if err != nil {
		return err
	}
	id, err := s.insertFactor(ctx, r, c, u, aal, p.FriendlyName, "totp", key.Secret())
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, enrollResponse{
		ID: id, Type: "totp", FriendlyName: p.FriendlyName,
		TOTP: totpObject{QRCode: svg, Secret: key.Secret(), URI: key.URL()},
	})
}

// insertFactor adds an unverified factor within the user's limits: names
// unique, at most MFAMaxFactors, and an aal2 session once one is verified.
func (s *Service) insertFactor(ctx context.Context, r *http.Request, c caller, u *User, aal, name, kind, secret string) (string, error) {
	var id string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		// The user row's lock serialises concurrent enrolments, so the
		// limit and the name check hold.
		var factors []Factor
		if err := tx.QueryRow(ctx, store.SQL.FactorsForEnroll, u.ID, s.cfg.MFAFactorExpiry).Scan(&factors); err != nil {
			return fmt.Errorf("list factors: %w", err)
		}
		verified := 0
		for _, f := range factors {
			if f.FriendlyName == name {
				return apierr.Fail(apierr.CodeMFAFactorNameConflict, "A factor with the friendly name %q for this user already exists", name)
			}
			if f.Status == "verified" {
				verified++
			}
		}
		if len(factors) >= s.cfg.MFAMaxFactors {
			return apierr.Fail(apierr.CodeTooManyFactors, "Maximum number of verified factors reached, unenroll to continue")
		}
		if verified > 0 && aal != "aal2" {
			return apierr.Fail(apierr.CodeInsufficientAAL, "AAL2 required to enroll a new factor")
		}
		if err := tx.QueryRow(ctx, store.SQL.InsertFactor, u.ID, name, kind, secret).Scan(&id); err != nil {
			return fmt.Errorf("insert factor: %w", err)
		}
		return s.audit(ctx, tx, r, "factor_in_progress", c.UserID, map[string]any{"factor_id": id, "factor_type": kind})
	})
	return id, err
}

// factorRow is a factor with its secret, for challenges and verification.
type factorRow struct {
	ID        string
	UserID    string
	Type      string
	Status    string
	Secret    string
	CreatedAt time.Time
	// Credential is a verified security key's go-webauthn credential.
	Credential []byte
}

// loadFactor finds the caller's factor named in the path.
func (s *Service) loadFactor(ctx context.Context, db querier, r *http.Request, userID string) (*factorRow, error) {
	id := r.PathValue("factor_id")
	if !isUUID(id) {
		return nil, apierr.Fail(apierr.CodeValidationFailed, "factor_id must be an UUID").WithStatus(http.StatusNotFound)
	}
	f := &factorRow{}
	err := db.QueryRow(ctx, store.SQL.FactorByID, id, userID).Scan(&f.ID, &f.UserID, &f.Type, &f.Status, &f.Secret, &f.CreatedAt, &f.Credential)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, apierr.Fail(apierr.CodeMFAFactorNotFound, "Factor not found")
	}
	if err != nil {
		return nil, fmt.Errorf("load factor: %w", err)
	}
	if f.Status != "verified" && s.now().After(f.CreatedAt.Add(s.cfg.MFAFactorExpiry)) {
		return nil, apierr.Fail(apierr.CodeMFAFactorNotFound, "Factor not found: it was never verified and has expired; enroll again")
	}
	return f, nil
}

// challengeFactor opens a challenge for a TOTP factor. supabase-js sends
// {"factorId": …} as the body, which is ignored.
func (s *Service) challengeFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, _, _, err := s.mfaCaller(ctx, r)
	if err != nil {
		return err
	}
	f, err := s.loadFactor(ctx, s.db, r, c.UserID)
	if err != nil {
		return err
	}
	if f.Type == "webauthn" {
		return s.challengeWebAuthnFactor(w, r, c, f)
	}
	id, created, err := s.insertChallenge(ctx, r, f, nil)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{
		"id": id, "type": f.Type, "expires_at": created.Add(s.cfg.MFAChallengeExpiry).Unix(),
	})
}

func (s *Service) insertChallenge(ctx context.Context, r *http.Request, f *factorRow, sessionData []byte) (string, time.Time, error) {
	var id string
	var created time.Time
	if err := s.db.QueryRow(ctx, store.SQL.InsertChallenge, f.ID, inet(s.clientIP(r)), sessionData).Scan(&id, &created); err != nil {
		return "", time.Time{}, fmt.Errorf("insert challenge: %w", err)
	}
	return id, created, nil
}

type verifyFactorParams struct {
	ChallengeID string          `json:"challenge_id"`
	Code        string          `json:"code"`
	WebAuthn    *webAuthnAnswer `json:"webauthn"`
}

// verifyFactor checks a TOTP code against a challenge. Success marks the
// factor verified, raises the session to aal2 with the amr method "totp",
// rotates its refresh token (an aal1 refresh token cannot mint aal2
// tokens), ends the user's other aal1 sessions and answers the new
// session. A code is accepted once per factor: the time step it belongs
// to is recorded, so a replay within its window is refused.
func (s *Service) verifyFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	ip := s.clientIP(r)
	if err := s.limits.mfaVerify.take(ip, s.now()); err != nil {
		return err
	}
	c, _, _, err := s.mfaCaller(ctx, r)
	if err != nil {
		return err
	}
	f, err := s.loadFactor(ctx, s.db, r, c.UserID)
	if err != nil {
		return err
	}
	if err := s.limits.mfaFailures.check(f.ID, s.now()); err != nil {
		return err
	}
	var p verifyFactorParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if f.Type == "webauthn" {
		return s.verifyWebAuthnFactor(w, r, c, f, p)
	}
	p.Code = strings.TrimSpace(p.Code)
	if p.Code == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "MFA verification requires a code")
	}
	if !isUUID(p.ChallengeID) {
		return apierr.Fail(apierr.CodeMFAFactorNotFound, "MFA factor with the provided challenge ID not found").WithStatus(http.StatusUnprocessableEntity)
	}
	var refresh string
	failed := false
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := s.openChallenge(ctx, tx, f, p.ChallengeID, ip); err != nil {
			return err
		}
		step, ok := s.matchTOTP(f.Secret, p.Code)
		if !ok {
			failed = true
			return apierr.Fail(apierr.CodeMFAVerificationFailed, "Invalid TOTP code entered")
		}
		tag, err := tx.Exec(ctx, store.SQL.InsertUsedCode, f.ID, step)
		if err != nil {
			return fmt.Errorf("record used code: %w", err)
		}
		if tag.RowsAffected() == 0 {
			failed = true
			return apierr.Fail(apierr.CodeMFAVerificationFailed, "Invalid TOTP code entered: this code was already used, wait for the next one")
		}
		refresh, err = s.passChallenge(ctx, tx, r, c, f, p.ChallengeID, amrTOTP)
		return err
	})
	return s.answerVerify(w, r, c, f, failed, refresh, err)
}

// answerVerify ends a verification: a failed answer counts against the
// factor's limit; a passed one answers the raised session.
func (s *Service) answerVerify(w http.ResponseWriter, r *http.Request, c caller, f *factorRow, failed bool, refresh string, err error) error {
	if failed {
		s.limits.mfaFailures.take(f.ID, s.now())
	}
	if err != nil {
		return err
	}
	resp, err := s.sessionResponse(r.Context(), s.db, c.UserID, c.SessionID, refresh)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// openChallenge locks the factor's challenge for verification and refuses
// one already answered, asked from another address or expired. It returns
// the challenge's WebAuthn session data (nil for TOTP).
func (s *Service) openChallenge(ctx context.Context, tx pgx.Tx, f *factorRow, challengeID, ip string) ([]byte, error) {
	var challengeIP string
	var created time.Time
	var verifiedAt *time.Time
	var sessionData []byte
	err := tx.QueryRow(ctx, store.SQL.ChallengeForVerify, challengeID, f.ID).Scan(&challengeIP, &created, &verifiedAt, &sessionData)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, apierr.Fail(apierr.CodeMFAFactorNotFound, "MFA factor with the provided challenge ID not found").WithStatus(http.StatusUnprocessableEntity)
	}
	if err != nil {
		return nil, fmt.Errorf("load challenge: %w", err)
	}
	if verifiedAt != nil || challengeIP != ip {
		return nil, apierr.Fail(apierr.CodeMFAIPAddressMismatch, "Challenge and verify IP addresses mismatch.")
	}
	if s.now().After(created.Add(s.cfg.MFAChallengeExpiry)) {
		return nil, apierr.Fail(apierr.CodeMFAChallengeExpired, "MFA challenge %s has expired, verify against another challenge or create a new challenge.", challengeID)
	}
	return sessionData, nil
}

// passChallenge records a verified challenge: the factor becomes verified,
// the session aal2 with the method in its amr, its aal1 refresh tokens are
// replaced by the returned one (an aal1 refresh token cannot mint aal2
// tokens), the user's other aal1 sessions end and their unverified factors
// of the same type go.
func (s *Service) passChallenge(ctx context.Context, tx pgx.Tx, r *http.Request, c caller, f *factorRow, challengeID, method string) (string, error) {
	if _, err := tx.Exec(ctx, store.SQL.MarkChallengeVerified, challengeID); err != nil {
		return "", fmt.Errorf("mark challenge verified: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.VerifyFactorStatus, f.ID); err != nil {
		return "", fmt.Errorf("mark factor verified: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.RaiseSessionAAL, c.SessionID, f.ID); err != nil {
		return "", fmt.Errorf("raise session: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertAMR, c.SessionID, method); err != nil {
		return "", fmt.Errorf("record amr: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.RotateSessionTokens, c.SessionID); err != nil {
		return "", fmt.Errorf("revoke aal1 refresh tokens: %w", err)
	}
	refresh, err := codes.NewRefreshToken(s.random)
	if err != nil {
		return "", err
	}
	if _, err := tx.Exec(ctx, store.SQL.InsertRefreshToken, refresh, c.UserID, c.SessionID, nil); err != nil {
		return "", fmt.Errorf("insert refresh token: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteLowAALSessions, c.UserID, c.SessionID); err != nil {
		return "", fmt.Errorf("end aal1 sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteUnverifiedOthers, c.UserID, f.ID, f.Type); err != nil {
		return "", fmt.Errorf("remove unverified factors: %w", err)
	}
	return refresh, s.audit(ctx, tx, r, "verification_attempted", c.UserID, map[string]any{"factor_id": f.ID, "factor_type": f.Type, "success": true})
}

// matchTOTP checks code against the periods around now in constant time
// and returns the time step it belongs to.
func (s *Service) matchTOTP(secret, code string) (int64, bool) {
	now := s.now()
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

// unenrollFactor removes a factor. A verified one needs an aal2 session;
// sessions raised with it drop back to aal1.
func (s *Service) unenrollFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, _, aal, err := s.mfaCaller(ctx, r)
	if err != nil {
		return err
	}
	f, err := s.loadFactor(ctx, s.db, r, c.UserID)
	if err != nil {
		return err
	}
	if f.Status == "verified" && aal != "aal2" {
		return apierr.Fail(apierr.CodeInsufficientAAL, "AAL2 required to unenroll verified factor").WithStatus(http.StatusUnprocessableEntity)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := s.removeFactor(ctx, tx, f.ID); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "factor_unenrolled", c.UserID, map[string]any{"factor_id": f.ID})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"id": f.ID})
}

// removeFactor deletes a factor and downgrades the sessions it raised.
func (s *Service) removeFactor(ctx context.Context, tx pgx.Tx, factorID string) error {
	if _, err := tx.Exec(ctx, store.SQL.DowngradeSessions, factorID); err != nil {
		return fmt.Errorf("downgrade sessions: %w", err)
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteFactor, factorID); err != nil {
		return fmt.Errorf("delete factor: %w", err)
	}
	return nil
}
