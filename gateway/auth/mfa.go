package auth

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/mfa"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
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
	key, err := mfa.NewTOTP(issuer, account, s.random)
	if err != nil {
		return err
	}
	id, err := s.insertFactor(ctx, r, c, u, aal, p.FriendlyName, "totp", key.Secret)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, enrollResponse{
		ID: id, Type: "totp", FriendlyName: p.FriendlyName,
		TOTP: totpObject{QRCode: key.QRCode, Secret: key.Secret, URI: key.URI},
	})
}

// insertFactor adds an unverified factor within the user's limits
// (mfa.Insert) and audits it.
func (s *Service) insertFactor(ctx context.Context, r *http.Request, c caller, u *User, aal, name, kind, secret string) (string, error) {
	var id string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		limits := mfa.Limits{MaxFactors: s.cfg.MFAMaxFactors, Expiry: s.cfg.MFAFactorExpiry}
		if id, err = mfa.Insert(ctx, tx, limits, u.ID, aal, name, kind, secret); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "factor_in_progress", c.UserID, map[string]any{"factor_id": id, "factor_type": kind})
	})
	return id, err
}

// factorRow is a factor with its secret, for challenges and verification.
type factorRow = mfa.Factor

// callerFactor is the MFA caller, their factor named in the path, and
// their session's aal.
func (s *Service) callerFactor(ctx context.Context, r *http.Request) (caller, *factorRow, string, error) {
	c, _, aal, err := s.mfaCaller(ctx, r)
	if err != nil {
		return caller{}, nil, "", err
	}
	f, err := s.loadFactor(ctx, s.db, r, c.UserID)
	return c, f, aal, err
}

// loadFactor finds the caller's factor named in the path.
func (s *Service) loadFactor(ctx context.Context, db querier, r *http.Request, userID string) (*factorRow, error) {
	id := r.PathValue("factor_id")
	if !isUUID(id) {
		return nil, apierr.Fail(apierr.CodeValidationFailed, "factor_id must be an UUID").WithStatus(http.StatusNotFound)
	}
	return mfa.Load(ctx, db, id, userID, s.now(), s.cfg.MFAFactorExpiry)
}

// challengeFactor opens a challenge for a TOTP factor. supabase-js sends
// {"factorId": …} as the body, which is ignored.
func (s *Service) challengeFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, f, _, err := s.callerFactor(ctx, r)
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
	return mfa.InsertChallenge(ctx, s.db, f.ID, inet(s.clientIP(r)), sessionData)
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
	c, f, _, err := s.callerFactor(ctx, r)
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
		return mfa.ErrChallengeNotFound()
	}
	var refresh string
	failed := false
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if _, err := s.openChallenge(ctx, tx, f, p.ChallengeID, ip); err != nil {
			return err
		}
		step, ok := mfa.MatchTOTP(s.now(), f.Secret, p.Code)
		if !ok {
			failed = true
			return apierr.Fail(apierr.CodeMFAVerificationFailed, "Invalid TOTP code entered")
		}
		fresh, err := mfa.UseCode(ctx, tx, f.ID, step)
		if err != nil {
			return err
		}
		if !fresh {
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

// openChallenge locks the factor's challenge for verification
// (mfa.OpenChallenge) and returns its WebAuthn session data.
func (s *Service) openChallenge(ctx context.Context, tx pgx.Tx, f *factorRow, challengeID, ip string) ([]byte, error) {
	return mfa.OpenChallenge(ctx, tx, f, challengeID, ip, s.now(), s.cfg.MFAChallengeExpiry)
}

// passChallenge records a verified challenge (mfa.Pass) with a new
// refresh token, which it returns, and audits it.
func (s *Service) passChallenge(ctx context.Context, tx pgx.Tx, r *http.Request, c caller, f *factorRow, challengeID, method string) (string, error) {
	refresh, err := codes.NewRefreshToken(s.random)
	if err != nil {
		return "", err
	}
	if err := mfa.Pass(ctx, tx, c.UserID, c.SessionID, f, challengeID, method, refresh); err != nil {
		return "", err
	}
	return refresh, s.audit(ctx, tx, r, "verification_attempted", c.UserID, map[string]any{"factor_id": f.ID, "factor_type": f.Type, "success": true})
}

// unenrollFactor removes a factor. A verified one needs an aal2 session;
// sessions raised with it drop back to aal1.
func (s *Service) unenrollFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, f, aal, err := s.callerFactor(ctx, r)
	if err != nil {
		return err
	}
	if f.Status == "verified" && aal != "aal2" {
		return apierr.Fail(apierr.CodeInsufficientAAL, "AAL2 required to unenroll verified factor").WithStatus(http.StatusUnprocessableEntity)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := mfa.Remove(ctx, tx, f.ID); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "factor_unenrolled", c.UserID, map[string]any{"factor_id": f.ID})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"id": f.ID})
}
