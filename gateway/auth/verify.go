package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/store"
)

type verifyParams struct {
	Type      string       `json:"type"`
	Token     string       `json:"token"`
	TokenHash string       `json:"token_hash"`
	Email     string       `json:"email"`
	Phone     string       `json:"phone"`
	Security  securityMeta `json:"gotrue_meta_security"`
}

// verified is a one-time token that matched.
type verified = ott.Verified

// consumeOTT finds and deletes the one-time token with hash among types,
// checking its age (ott.Consume).
func (s *Service) consumeOTT(ctx context.Context, tx pgx.Tx, hash string, types []string, address string) (verified, error) {
	return ott.Consume(ctx, tx, hash, types, address, s.now(), s.cfg.OTPExpiry)
}

// countWrongCode records a wrong code typed for address (ott.CountWrongCode).
func (s *Service) countWrongCode(ctx context.Context, address string, types []string) error {
	exhausted, err := ott.CountWrongCode(ctx, s.db, address, types, s.cfg.OTPMaxFailures)
	if exhausted {
		s.log.Warn("auth: too many wrong codes for an address; its codes no longer work", "types", types)
	}
	return err
}

// applyVerification does what a verified token of verifyType means
// (ott.Apply) and audits it; it returns the resolved verification type
// and done=false while a secure e-mail change waits for its second
// confirmation.
func (s *Service) applyVerification(ctx context.Context, tx pgx.Tx, r *http.Request, verifyType string, v verified) (resolved string, done bool, err error) {
	o, err := ott.Apply(ctx, tx, verifyType, v)
	if err != nil || o.Action == "" {
		return o.Resolved, o.Done, err
	}
	return o.Resolved, o.Done, s.audit(ctx, tx, r, o.Action, v.UserID, o.Audit)
}

// singleConfirmationAccepted answers the first half of a secure e-mail
// change (GoTrue's text).
const singleConfirmationAccepted = "Confirmation link accepted. Please proceed to confirm link sent to the other email"

// verifyPost verifies a code (with the e-mail) or a token hash and answers
// a session (reference §1.2 verifyOtp).
func (s *Service) verifyPost(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p verifyParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if err := s.limits.verify.take(s.clientIP(r), s.now()); err != nil {
		return err
	}
	types, ok := ott.VerifyTypes[p.Type]
	switch {
	case p.Type == "":
		return apierr.Fail(apierr.CodeValidationFailed, "Verify requires a verification type")
	case (p.Type == "sms" || p.Type == "phone_change") && p.Phone != "" && p.Token != "":
		// No user can hold a phone token here, so it is one that does not
		// match — GoTrue's answer for an unknown phone code.
		return ott.ErrCodeInvalid()
	case p.Type == "sms" || p.Type == "phone_change":
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone verification is disabled")
	case !ok:
		return apierr.Fail(apierr.CodeValidationFailed, "Unsupported verification type")
	case (p.Token == "") == (p.TokenHash == ""):
		return apierr.Fail(apierr.CodeValidationFailed, "Verify requires either a token or a token hash")
	}
	hash, address := strings.TrimPrefix(p.TokenHash, pkcePrefix), ""
	if p.Token != "" {
		if p.Phone != "" {
			return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone verification is disabled")
		}
		email, err := normaliseEmail(p.Email)
		if err != nil {
			return apierr.Fail(apierr.CodeValidationFailed, "Invalid email format").WithStatus(http.StatusUnprocessableEntity)
		}
		hash, address = codes.Hash(email, strings.TrimSpace(p.Token)), email
	}
	var userID string
	var done bool
	var sessionID, refresh string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		v, err := s.consumeOTT(ctx, tx, hash, types, address)
		if err != nil {
			if p.Token != "" {
				return ott.ErrCodeInvalid().Because(err)
			}
			return err
		}
		userID = v.UserID
		_, done, err = s.applyVerification(ctx, tx, r, p.Type, v)
		if err != nil || !done {
			return err
		}
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, amrOTP, "email")
		return err
	})
	if err != nil {
		if p.Token != "" && apierr.Is(err, apierr.CodeOTPExpired) {
			if werr := s.countWrongCode(ctx, address, types); werr != nil {
				return werr
			}
		}
		return err
	}
	if !done {
		return writeJSON(w, http.StatusOK, map[string]any{"msg": singleConfirmationAccepted, "code": http.StatusOK})
	}
	resp, err := s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// verifyGet follows a mailed link: it redirects to redirect_to with the
// session in the fragment (implicit flow) or ?code= for a PKCE flow, and
// errors the same way (reference §1.5).
func (s *Service) verifyGet(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	qv := r.URL.Query()
	redirect := s.redirectTarget(qv.Get("redirect_to"))
	verifyType, raw := qv.Get("type"), qv.Get("token")
	pkce := strings.HasPrefix(raw, pkcePrefix)
	if err := s.limits.verify.take(s.clientIP(r), s.now()); err != nil {
		return s.redirectError(w, r, redirect, err, pkce)
	}
	types, ok := ott.VerifyTypes[verifyType]
	if !ok || raw == "" {
		return s.redirectError(w, r, redirect, apierr.Fail(apierr.CodeValidationFailed, "Verify requires a token and a supported type"), pkce)
	}
	var userID, sessionID, refresh, authCode string
	var done bool
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		v, err := s.consumeOTT(ctx, tx, strings.TrimPrefix(raw, pkcePrefix), types, "")
		if err != nil {
			return err
		}
		userID = v.UserID
		var resolved string
		resolved, done, err = s.applyVerification(ctx, tx, r, verifyType, v)
		if err != nil || !done {
			return err
		}
		if pkce {
			err := tx.QueryRow(ctx, store.SQL.IssueAuthCode, userID, authMethodFor(resolved)).Scan(&authCode)
			if errors.Is(err, pgx.ErrNoRows) {
				return apierr.Fail(apierr.CodeFlowStateNotFound, "No associated flow state found")
			}
			return err
		}
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, amrOTP, "email")
		return err
	})
	if err != nil {
		return s.redirectError(w, r, redirect, err, pkce)
	}
	u, err := url.Parse(redirect)
	if err != nil {
		return fmt.Errorf("redirect target %q: %w", redirect, err)
	}
	frag := ""
	switch {
	case !done:
		if pkce {
			qs := u.Query()
			qs.Set("message", singleConfirmationAccepted)
			u.RawQuery = qs.Encode()
		}
		frag = url.Values{"message": {singleConfirmationAccepted}, "sb": {""}}.Encode()
	case pkce:
		qs := u.Query()
		qs.Set("code", authCode)
		u.RawQuery = qs.Encode()
	default:
		resp, err := s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
		if err != nil {
			return err
		}
		frag = implicitFragment(resp, verifyType)
	}
	http.Redirect(w, r, withFragment(u, frag), http.StatusSeeOther)
	return nil
}

// authMethodFor names the PKCE flow of a verification type.
func authMethodFor(verifyType string) string {
	switch verifyType {
	case "signup":
		return amrEmailSignup
	case "invite":
		return amrInvite
	case "recovery":
		return amrRecovery
	case "magiclink":
		return amrMagicLink
	case "email_change":
		return amrEmailChange
	}
	return verifyType
}

// redirectError sends a browser flow's error to redirect as
// ?error=…&error_code=…&error_description=… (PKCE) and in the fragment,
// where supabase-js reads it (reference §1.5).
func (s *Service) redirectError(w http.ResponseWriter, r *http.Request, redirect string, err error, pkce bool) error {
	var ae *apierr.Error
	if !errors.As(err, &ae) {
		ae = &apierr.Error{Code: apierr.CodeUnexpected, Msg: "Unexpected failure, please check server logs for more information", Err: err}
	}
	status := ae.HTTPStatus()
	if status >= 500 {
		s.log.Error("auth browser flow failed", "request_id", r.Header.Get("X-Request-Id"), "path", r.URL.Path, "err", ae.Err)
	} else {
		s.log.Info("auth browser flow refused", "request_id", r.Header.Get("X-Request-Id"), "path", r.URL.Path, "code", ae.Code, "msg", ae.Msg)
	}
	u, perr := url.Parse(redirect)
	if perr != nil {
		return ae
	}
	http.Redirect(w, r, errorRedirect(u, status, string(ae.Code), ae.Msg, pkce), http.StatusSeeOther)
	return nil
}
