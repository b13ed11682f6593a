package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/password"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
	"daybase/internal/identity"
)

// token dispatches POST /token on the grant_type query value, as GoTrue
// does (reference §1.2).
func (s *Service) token(w http.ResponseWriter, r *http.Request) error {
	switch gt := r.URL.Query().Get("grant_type"); gt {
	case "password":
		return s.passwordGrant(w, r)
	case "refresh_token":
		return s.refreshGrant(w, r)
	case "pkce":
		return s.pkceGrant(w, r)
	case "id_token":
		return s.idTokenGrant(w, r)
	default:
		return apierr.Fail(apierr.CodeInvalidCredentials, "unsupported_grant_type")
	}
}

// securityMeta is gotrue_meta_security, where supabase-js puts the captcha
// token.
type securityMeta struct {
	CaptchaToken string `json:"captcha_token"`
}

type passwordGrantParams struct {
	Email    string       `json:"email"`
	Phone    string       `json:"phone"`
	Password string       `json:"password"`
	Security securityMeta `json:"gotrue_meta_security"`
}

// dummyHash is compared against when the e-mail is unknown, so a wrong
// address costs as much time as a wrong password and timing does not tell
// which accounts exist. It has the configured cost (DAYBASE_AUTH_BCRYPT_COST),
// as the hashes of accounts made under that setting have.
func (s *Service) dummyHash() []byte {
	s.dummyOnce.Do(func() {
		s.dummy, _ = bcrypt.GenerateFromPassword([]byte("daybase-no-such-user"), s.cfg.BcryptCost)
	})
	return s.dummy
}

func (s *Service) passwordGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p passwordGrantParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.Email != "" && p.Phone != "" {
		return apierr.Fail(apierr.CodeValidationFailed, "Only an email address or phone number should be provided on login.")
	}
	if p.Phone != "" {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone logins are disabled")
	}
	if p.Email == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "missing email or phone")
	}
	ip := s.clientIP(r)
	if err := s.limits.signIn.take(ip, s.now()); err != nil {
		return err
	}
	if err := s.captcha.verify(ctx, p.Security.CaptchaToken, ip); err != nil {
		return err
	}
	email, err := normaliseEmail(p.Email)
	if err != nil {
		return apierr.InvalidLogin()
	}
	// Failed attempts per address are counted; once the bucket is empty
	// further attempts are refused before any password is checked.
	if err := s.limits.signInFailures.check(email, s.now()); err != nil {
		return err
	}

	var userID, hash string
	var confirmed, banned bool
	err = s.db.QueryRow(ctx, store.SQL.UserForSignIn, email).Scan(&userID, &hash, &confirmed, &banned)
	if err != nil && !errors.Is(err, pgx.ErrNoRows) {
		return fmt.Errorf("find user for sign-in: %w", err)
	}
	if errors.Is(err, pgx.ErrNoRows) || hash == "" {
		password.Matches(string(s.dummyHash()), p.Password)
		s.limits.signInFailures.take(email, s.now())
		return apierr.InvalidLogin()
	}
	if !password.Matches(hash, p.Password) {
		s.limits.signInFailures.take(email, s.now())
		return apierr.InvalidLogin()
	}
	if banned {
		return apierr.Fail(apierr.CodeUserBanned, "User is banned")
	}
	if !confirmed {
		return apierr.Fail(apierr.CodeEmailNotConfirmed, "Email not confirmed")
	}
	resp, err := s.signIn(ctx, r, userID, amrPassword, "email")
	if err != nil {
		return err
	}
	if reasons := password.Weakness(p.Password, s.cfg.PasswordMinLength, s.cfg.PasswordCommonCheck); len(reasons) > 0 {
		resp.WeakPassword = &wire.WeakPassword{Reasons: reasons, Message: password.WeakMessage(reasons, s.cfg.PasswordMinLength)}
	}
	return writeJSON(w, http.StatusOK, resp)
}

// KeepsSessions reports the requests that end a session only through
// identity.Identity.SessionsEnded, so the gateway need not hold its
// data-access cache for them (gateway.Service.KeepsSessions): the refresh
// grant, whose one way to end a session is reuse detection (rotate).
func KeepsSessions(r *http.Request) bool {
	return r.Method == http.MethodPost && r.URL.Path == "/token" && r.URL.Query().Get("grant_type") == "refresh_token"
}

type refreshGrantParams struct {
	RefreshToken string `json:"refresh_token"`
}

// refreshGrant rotates a refresh token (reference §1.6). The decision and
// the writes happen in auth.refresh_token_grant under a row lock; the user
// and the session's amr are read in the same pipelined round trip.
func (s *Service) refreshGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p refreshGrantParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.RefreshToken == "" {
		return &apierr.Error{Code: apierr.CodeValidationFailed, Msg: "refresh_token required", OAuth: "invalid_request"}
	}
	if err := s.limits.refresh.take(s.clientIP(r), s.now()); err != nil {
		return err
	}
	newToken, err := codes.NewRefreshToken(s.random)
	if err != nil {
		return err
	}
	resp, err := s.rotate(ctx, p.RefreshToken, newToken)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// rotate exchanges presented for a session answer.
func (s *Service) rotate(ctx context.Context, presented, newToken string) (*wire.TokenResponse, error) {
	rows, err := s.db.Query(ctx, store.SQL.RefreshGrant, presented, newToken, s.cfg.RefreshReuseInterval)
	if err != nil {
		return nil, fmt.Errorf("refresh token grant: %w", err)
	}
	defer rows.Close()
	if !rows.Next() {
		return nil, fmt.Errorf("refresh token grant: no row: %w", rows.Err())
	}
	// The outcome decides whether the user columns are there to scan.
	raw := rows.RawValues()
	switch outcome := string(raw[0]); outcome {
	case "issued", "reused_active":
	case "not_found":
		return nil, apierr.Fail(apierr.CodeRefreshTokenNotFound, "Invalid Refresh Token: Refresh Token Not Found")
	case "already_used":
		s.log.Warn("refresh token reused after the reuse interval: session ended", "session_id", string(raw[2]), "user_id", string(raw[3]))
		// The refresh ran without the gateway's data-access hold
		// (KeepsSessions): the ended session's user is forgotten here.
		if ended := identity.FromContext(ctx).SessionsEnded; ended != nil && len(raw[3]) > 0 {
			ended(string(raw[3]))
		}
		return nil, apierr.Fail(apierr.CodeRefreshTokenAlreadyUsed, "Invalid Refresh Token: Already Used")
	case "session_expired":
		return nil, apierr.Fail(apierr.CodeSessionExpired, "Invalid Refresh Token: Session Expired")
	case "user_banned":
		return nil, apierr.Fail(apierr.CodeUserBanned, "Invalid Refresh Token: User Banned")
	default:
		return nil, fmt.Errorf("refresh token grant: unexpected outcome %q", outcome)
	}
	var outcome, issued, sessionID, userID, aal string
	var amrJSON, kept []byte
	if err := rows.Scan(&outcome, &issued, &sessionID, &userID, &aal, &amrJSON, &kept); err != nil {
		return nil, fmt.Errorf("refresh token grant: %w", err)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("refresh token grant: %w", err)
	}
	amr, err := wire.DecodeAMR(amrJSON)
	if err != nil {
		return nil, apierr.Fail(apierr.CodeSessionNotFound, "Invalid Refresh Token: Session Not Found").Because(err)
	}
	// The user's kept answer (auth.user_answers); NULL when the user, an
	// identity or a factor changed since it was built: built and kept now.
	a, err := wire.UnmarshalAnswer(kept)
	if kept == nil || err != nil {
		if a, err = s.userAnswer(ctx, userID); err != nil {
			// The user was deleted while the token lived.
			return nil, apierr.Fail(apierr.CodeSessionNotFound, "Invalid Refresh Token: Session Not Found").Because(err)
		}
	}
	return s.mintAnswer(a, userID, sessionID, aal, amr, issued)
}

// userAnswer reads the user, encodes its answer and keeps it in
// auth.user_answers at the version read with the user (unless it changed
// meanwhile, fill_user_answer.sql). Keeping it is best effort: the grant
// has committed, so a failure here must not cost the client its token.
func (s *Service) userAnswer(ctx context.Context, userID string) (*wire.Answer, error) {
	var version int64
	u, err := store.ScanUser(s.db.QueryRow(ctx, store.SQL.UserForAnswer, userID), &version)
	if err != nil {
		return nil, fmt.Errorf("load user %s: %w", userID, err)
	}
	a, err := wire.NewAnswer(u)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.Exec(ctx, store.SQL.FillUserAnswer, userID, version, a.MarshalBinary()); err != nil {
		s.log.Warn("keep the user's answer", "user_id", userID, "err", err)
	}
	return a, nil
}

func deref(p *string) string {
	if p == nil {
		return ""
	}
	return *p
}

type pkceGrantParams struct {
	AuthCode     string `json:"auth_code"`
	CodeVerifier string `json:"code_verifier"`
}

// codeVerifierPattern is RFC 7636's verifier alphabet; GoTrue also
// requires 43–128 characters.
var codeVerifierPattern = regexp.MustCompile(`^[A-Za-z0-9._~-]{43,128}$`)

// pkceGrant exchanges an auth code from an e-mail link or an OAuth
// callback, checking the verifier against the stored challenge.
func (s *Service) pkceGrant(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p pkceGrantParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.AuthCode == "" || p.CodeVerifier == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "invalid request: both auth code and code verifier should be non-empty")
	}
	if !codeVerifierPattern.MatchString(p.CodeVerifier) {
		return apierr.Fail(apierr.CodeValidationFailed, "code verifier should be 43 to 128 characters of [A-Za-z0-9-._~]")
	}
	var userID, sessionID, refresh, method, provider string
	var providerToken, providerRefresh *string
	var flowID string
	expired := false
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var uid, challenge, challengeMethod *string
		var issuedAt *time.Time
		err := tx.QueryRow(ctx, store.SQL.FlowStateForExchange, p.AuthCode).Scan(&flowID, &uid, &challenge, &challengeMethod,
			&provider, &method, &providerToken, &providerRefresh, &issuedAt)
		if errors.Is(err, pgx.ErrNoRows) || (err == nil && (uid == nil || challenge == nil)) {
			return apierr.Fail(apierr.CodeFlowStateNotFound, "invalid flow state, no valid flow state found")
		}
		if err != nil {
			return fmt.Errorf("find flow state: %w", err)
		}
		if issuedAt == nil || s.now().After(issuedAt.Add(s.cfg.FlowStateExpiry)) {
			expired = true
			return apierr.Fail(apierr.CodeFlowStateExpired, "invalid flow state, flow state has expired")
		}
		if !codes.PKCEMatches(p.CodeVerifier, *challenge, deref(challengeMethod)) {
			return apierr.Fail(apierr.CodeBadCodeVerifier, "code challenge does not match previously saved code verifier")
		}
		if _, err := tx.Exec(ctx, store.SQL.DeleteFlowState, flowID); err != nil {
			return fmt.Errorf("delete flow state: %w", err)
		}
		userID = *uid
		sessionID, refresh, err = s.startSession(ctx, tx, r, userID, method, provider)
		return err
	})
	if expired {
		// Outside the rolled-back transaction, so the deletion sticks.
		if _, derr := s.db.Exec(ctx, store.SQL.DeleteFlowState, flowID); derr != nil {
			s.log.Warn("delete expired flow state", "err", derr)
		}
	}
	if err != nil {
		return err
	}
	resp, err := s.sessionResponse(ctx, s.db, userID, sessionID, refresh)
	if err != nil {
		return err
	}
	resp.ProviderToken, resp.ProviderRefreshToken = deref(providerToken), deref(providerRefresh)
	return writeJSON(w, http.StatusOK, resp)
}
