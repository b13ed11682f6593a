// Package apierr is GoTrue's error table: the error_code strings, the HTTP
// status of each, and the error a handler returns for the client to see.
// gateway/auth renders it once, at the edge.
package apierr

import (
	"encoding/json"
	"log/slog"
	"strconv"

	"daybase/gateway/auth/wire"
	"errors"
	"fmt"
	"net/http"
)

// Code is a GoTrue error_code. The strings are wire contract: supabase-js
// branches on them (auth-js src/lib/error-codes.ts), so never rename one,
// and keep retired codes listed rather than reusing them.
type Code string

// The codes this service produces, grouped as GoTrue's
// internal/api/apierrors/errorcode.go groups them.
const (
	// Request shape.
	CodeValidationFailed Code = "validation_failed"
	CodeBadJSON          Code = "bad_json"
	CodeRequestTooLarge  Code = "request_too_large"
	CodeUnexpected       Code = "unexpected_failure"

	// Caller and token.
	CodeBadJWT          Code = "bad_jwt"
	CodeNoAuthorization Code = "no_authorization"
	CodeNotAdmin        Code = "not_admin"
	CodeUserNotFound    Code = "user_not_found"
	CodeSessionNotFound Code = "session_not_found"
	CodeSessionExpired  Code = "session_expired"
	CodeUserBanned      Code = "user_banned"

	// Sign-up and sign-in.
	CodeInvalidCredentials    Code = "invalid_credentials"
	CodeEmailNotConfirmed     Code = "email_not_confirmed"
	CodeUserAlreadyExists     Code = "user_already_exists"
	CodeEmailExists           Code = "email_exists"
	CodeWeakPassword          Code = "weak_password"
	CodeSamePassword          Code = "same_password"
	CodeSignupDisabled        Code = "signup_disabled"
	CodeEmailProviderDisabled Code = "email_provider_disabled"
	CodePhoneProviderDisabled Code = "phone_provider_disabled"
	CodeAnonymousDisabled     Code = "anonymous_provider_disabled"
	CodeEmailAddressInvalid   Code = "email_address_invalid"
	CodeOTPExpired            Code = "otp_expired"
	CodeOTPDisabled           Code = "otp_disabled"
	CodeReauthNeeded          Code = "reauthentication_needed"
	CodeReauthNotValid        Code = "reauthentication_not_valid"
	CodeCaptchaFailed         Code = "captcha_failed"

	// Refresh tokens and PKCE.
	CodeRefreshTokenNotFound    Code = "refresh_token_not_found"
	CodeRefreshTokenAlreadyUsed Code = "refresh_token_already_used"
	CodeFlowStateNotFound       Code = "flow_state_not_found"
	CodeFlowStateExpired        Code = "flow_state_expired"
	CodeBadCodeVerifier         Code = "bad_code_verifier"

	// OAuth providers.
	CodeProviderDisabled        Code = "provider_disabled"
	CodeBadOAuthState           Code = "bad_oauth_state"
	CodeBadOAuthCallback        Code = "bad_oauth_callback"
	CodeProviderEmailUnverified Code = "provider_email_needs_verification"

	// Identities (manual linking).
	CodeManualLinkingDisabled      Code = "manual_linking_disabled"
	CodeIdentityAlreadyExists      Code = "identity_already_exists"
	CodeIdentityNotFound           Code = "identity_not_found"
	CodeSingleIdentityNotDeletable Code = "single_identity_not_deletable"

	// MFA.
	CodeMFAFactorNotFound     Code = "mfa_factor_not_found"
	CodeMFAVerificationFailed Code = "mfa_verification_failed"
	CodeMFAChallengeExpired   Code = "mfa_challenge_expired"
	CodeMFAIPAddressMismatch  Code = "mfa_ip_address_mismatch"
	CodeMFAFactorNameConflict Code = "mfa_factor_name_conflict"
	CodeTooManyFactors        Code = "too_many_enrolled_mfa_factors"
	CodeInsufficientAAL       Code = "insufficient_aal"

	// Factor types daybase does not offer.
	CodeMFAPhoneEnrollDisabled    Code = "mfa_phone_enroll_not_enabled"
	CodeMFAWebAuthnEnrollDisabled Code = "mfa_webauthn_enroll_not_enabled"
	// A passkey challenge unknown, already answered or past its expiry.
	CodeWebAuthnChallengeExpired Code = "webauthn_challenge_expired"

	// Protection.
	CodeOverRequestRateLimit   Code = "over_request_rate_limit"
	CodeOverEmailSendRateLimit Code = "over_email_send_rate_limit"
)

// codeStatus is the HTTP status of each code — the one place codes meet
// statuses. A few codes answer with another status in one situation (the
// reference's table: mfa_factor_not_found is 404 on a route and 422 on a
// challenge); those call sites set Error.Status.
var codeStatus = map[Code]int{
	CodeValidationFailed: http.StatusBadRequest,
	CodeBadJSON:          http.StatusBadRequest,
	CodeRequestTooLarge:  http.StatusRequestEntityTooLarge,
	CodeUnexpected:       http.StatusInternalServerError,

	CodeBadJWT:          http.StatusForbidden,
	CodeNoAuthorization: http.StatusUnauthorized,
	CodeNotAdmin:        http.StatusForbidden,
	CodeUserNotFound:    http.StatusNotFound,
	CodeSessionNotFound: http.StatusForbidden,
	CodeSessionExpired:  http.StatusBadRequest,
	CodeUserBanned:      http.StatusBadRequest,

	CodeInvalidCredentials:    http.StatusBadRequest,
	CodeEmailNotConfirmed:     http.StatusBadRequest,
	CodeUserAlreadyExists:     http.StatusUnprocessableEntity,
	CodeEmailExists:           http.StatusUnprocessableEntity,
	CodeWeakPassword:          http.StatusUnprocessableEntity,
	CodeSamePassword:          http.StatusUnprocessableEntity,
	CodeSignupDisabled:        http.StatusUnprocessableEntity,
	CodeEmailProviderDisabled: http.StatusUnprocessableEntity,
	CodePhoneProviderDisabled: http.StatusUnprocessableEntity,
	CodeAnonymousDisabled:     http.StatusUnprocessableEntity,
	CodeEmailAddressInvalid:   http.StatusBadRequest,
	CodeOTPExpired:            http.StatusForbidden,
	CodeOTPDisabled:           http.StatusUnprocessableEntity,
	CodeReauthNeeded:          http.StatusBadRequest,
	CodeReauthNotValid:        http.StatusBadRequest,
	CodeCaptchaFailed:         http.StatusBadRequest,

	CodeRefreshTokenNotFound:    http.StatusBadRequest,
	CodeRefreshTokenAlreadyUsed: http.StatusBadRequest,
	CodeFlowStateNotFound:       http.StatusNotFound,
	CodeFlowStateExpired:        http.StatusUnprocessableEntity,
	CodeBadCodeVerifier:         http.StatusBadRequest,

	CodeProviderDisabled:        http.StatusBadRequest,
	CodeBadOAuthState:           http.StatusBadRequest,
	CodeBadOAuthCallback:        http.StatusBadRequest,
	CodeProviderEmailUnverified: http.StatusBadRequest,

	CodeManualLinkingDisabled:      http.StatusNotFound,
	CodeIdentityAlreadyExists:      http.StatusUnprocessableEntity,
	CodeIdentityNotFound:           http.StatusUnprocessableEntity,
	CodeSingleIdentityNotDeletable: http.StatusUnprocessableEntity,

	CodeMFAFactorNotFound:     http.StatusNotFound,
	CodeMFAVerificationFailed: http.StatusUnprocessableEntity,
	CodeMFAChallengeExpired:   http.StatusUnprocessableEntity,
	CodeMFAIPAddressMismatch:  http.StatusUnprocessableEntity,
	CodeMFAFactorNameConflict: http.StatusUnprocessableEntity,
	CodeTooManyFactors:        http.StatusUnprocessableEntity,
	CodeInsufficientAAL:       http.StatusForbidden,

	CodeMFAPhoneEnrollDisabled:    http.StatusUnprocessableEntity,
	CodeMFAWebAuthnEnrollDisabled: http.StatusUnprocessableEntity,
	CodeWebAuthnChallengeExpired:  http.StatusBadRequest,

	CodeOverRequestRateLimit:   http.StatusTooManyRequests,
	CodeOverEmailSendRateLimit: http.StatusTooManyRequests,
}

// Error is an error the client may see. Msg is sent; Err is only
// logged (what the client sees is not what we log).
type Error struct {
	Code   Code
	Msg    string
	Status int   // 0: codeStatus[Code]
	Err    error // internal cause, logged, never sent

	// WeakReasons fills the weak_password object of a weak_password error.
	WeakReasons []string
	// OAuth renders the OAuth 2 shape {"error","error_description"}, which
	// GoTrue uses for a few /token request errors.
	OAuth string
	// RetryAfter, when set, becomes the Retry-After header (seconds).
	RetryAfter int
}

func (e *Error) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("%s: %s: %v", e.Code, e.Msg, e.Err)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Msg)
}

func (e *Error) Unwrap() error { return e.Err }

// HTTPStatus is the status the error is sent with.
func (e *Error) HTTPStatus() int {
	if e.Status != 0 {
		return e.Status
	}
	if s, ok := codeStatus[e.Code]; ok {
		return s
	}
	return http.StatusBadRequest
}

// Fail returns an Error with a formatted message.
func Fail(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Msg: fmt.Sprintf(format, args...)}
}

// WithStatus overrides the status the table gives code.
func (e *Error) WithStatus(status int) *Error { e.Status = status; return e }

// Because records the internal cause.
func (e *Error) Because(err error) *Error { e.Err = err; return e }

// Is reports whether err is an Error with code.
func Is(err error, code Code) bool {
	var ae *Error
	return errors.As(err, &ae) && ae.Code == code
}

// InvalidLogin hides whether the e-mail or the password was wrong.
func InvalidLogin() *Error {
	return Fail(CodeInvalidCredentials, "Invalid login credentials")
}

// errorBody is the JSON of an error. The field names are wire contract —
// do not rename the JSON tags. "code" is the 2024-01-01 shape, "error_code"
// the legacy one; both carry the same string, so clients of either API
// version (and browsers that cannot read X-Supabase-Api-Version because a
// proxy hid it) get error.code right (reference §1.9).
type errorBody struct {
	Code         Code               `json:"code"`
	ErrorCode    Code               `json:"error_code"`
	Message      string             `json:"message"`
	WeakPassword *wire.WeakPassword `json:"weak_password,omitempty"`
	ErrorID      string             `json:"error_id,omitempty"`
}

// oauthErrorBody is the OAuth 2 error shape; wire contract.
type oauthErrorBody struct {
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// Write renders err once and logs it once: a 4xx at Info, anything
// unclassified as a 500 at Error with the cause, the client seeing only an
// error id to quote.
func Write(w http.ResponseWriter, r *http.Request, log *slog.Logger, err error) {
	var ae *Error
	var mbe *http.MaxBytesError
	switch {
	case errors.As(err, &ae):
	case errors.As(err, &mbe):
		ae = Fail(CodeRequestTooLarge, "Request body is larger than %d bytes", mbe.Limit)
	default:
		ae = &Error{Code: CodeUnexpected, Msg: "Unexpected failure, please check server logs for more information", Err: err}
	}
	status := ae.HTTPStatus()
	reqID := r.Header.Get("X-Request-Id")
	if status >= 500 {
		log.Error("auth request failed", "request_id", reqID, "path", r.URL.Path, "code", ae.Code, "err", ae.Err)
	} else {
		log.Info("auth request refused", "request_id", reqID, "path", r.URL.Path, "status", status, "code", ae.Code, "msg", ae.Msg, "err", ae.Err)
	}
	h := w.Header()
	h.Set("Content-Type", "application/json; charset=utf-8")
	if ae.RetryAfter > 0 {
		h.Set("Retry-After", strconv.Itoa(ae.RetryAfter))
	}
	w.WriteHeader(status)
	if ae.OAuth != "" {
		json.NewEncoder(w).Encode(oauthErrorBody{Error: ae.OAuth, ErrorDescription: ae.Msg})
		return
	}
	body := errorBody{Code: ae.Code, ErrorCode: ae.Code, Message: ae.Msg}
	if ae.Code == CodeWeakPassword {
		body.WeakPassword = &wire.WeakPassword{Reasons: ae.WeakReasons}
	}
	if status >= 500 {
		body.ErrorID = reqID
	}
	json.NewEncoder(w).Encode(body)
}
