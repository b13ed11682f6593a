// Package auth is daybase's GoTrue-compatible /auth/v1: accounts with
// bcrypt passwords, sessions with rotating refresh tokens, e-mail links and
// codes, OAuth (Google, GitHub) with PKCE, TOTP two-factor and the admin
// API — the wire contract the unmodified supabase-js client expects
// (shared/reference/supabase-js.md §1), on the tables of
// schema/migrations/0002_auth.sql.
//
// The gateway mounts a [Service] at /auth/v1, checks the apikey and puts
// the caller's [identity.Identity] in the request context; handlers here
// see paths without the prefix (/signup, /token, …). Every handler
// returns an error, rendered once by [apierr.Write] through the code
// table in errors.go.
//
//	svc, err := auth.New(auth.Defaults(), pool, signer, "http://127.0.0.1:54321", log)
//	gateway.Service{Prefix: "/auth/v1", Handler: svc, OpenPaths: []string{"/verify", "/callback", "/authorize"}}
package auth

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/go-webauthn/webauthn/webauthn"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/idtoken"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
	"daybase/internal/identity"
	"daybase/internal/mail"
	"daybase/internal/token"
)

// apiVersion is the X-Supabase-Api-Version this service speaks: error
// bodies carry "code" (reference §1.9).
const apiVersion = "2024-01-01"

// Service answers /auth/v1.
type Service struct {
	cfg       Config
	db        *pgxpool.Pool
	signer    *token.Signer
	log       *slog.Logger
	publicURL string // e.g. http://127.0.0.1:54321
	webauthn  *webauthn.WebAuthn
	issuer    string // publicURL + /auth/v1, the "iss" of access tokens
	mailer    mail.Sender
	limits    *limiters
	captcha   *captchaVerifier
	providers map[string]*oauthProvider
	idTokens  *idtoken.Verifier
	mux       *http.ServeMux

	// now and random are replaceable in tests.
	now    func() time.Time
	random io.Reader
	// httpClient talks to OAuth and captcha providers.
	httpClient *http.Client

	// dummy is the hash an unknown e-mail's password is compared against
	// (dummyHash), made once at the configured cost.
	dummyOnce sync.Once
	dummy     []byte
}

var _ http.Handler = (*Service)(nil)

// New builds the service. publicURL is the URL clients reach daybase at
// (no /auth/v1); it becomes the issuer of access tokens and the base of
// e-mail links.
func New(cfg Config, db *pgxpool.Pool, signer *token.Signer, publicURL string, log *slog.Logger) (*Service, error) {
	publicURL = strings.TrimRight(publicURL, "/")
	if _, err := url.Parse(publicURL); err != nil || publicURL == "" {
		return nil, fmt.Errorf("auth: public URL %q: want an absolute URL", publicURL)
	}
	if cfg.SiteURL == "" {
		cfg.SiteURL = publicURL
	}
	cfg.SiteURL = strings.TrimRight(cfg.SiteURL, "/")
	if cfg.JWTExpiry < 2*time.Minute {
		return nil, fmt.Errorf("auth: JWT expiry %s is too short: supabase-js refreshes 90 s before expiry, use 2m or more", cfg.JWTExpiry)
	}
	seen := map[string]bool{}
	for _, iss := range cfg.IDTokenIssuers {
		if iss.Provider == "" || iss.URL == "" || len(iss.ClientIDs) == 0 || seen[iss.Provider] {
			return nil, fmt.Errorf("auth: ID token issuer %q (%s): want a unique provider name, an issuer URL and client ids", iss.Provider, iss.URL)
		}
		seen[iss.Provider] = true
	}
	if cfg.BcryptCost < 4 || cfg.BcryptCost > 31 {
		return nil, fmt.Errorf("auth: bcrypt cost %d: want 4..31", cfg.BcryptCost)
	}
	s := &Service{
		cfg:        cfg,
		db:         db,
		signer:     signer,
		log:        log,
		publicURL:  publicURL,
		issuer:     publicURL + "/auth/v1",
		limits:     newLimiters(cfg.RateLimits),
		now:        time.Now,
		random:     rand.Reader,
		httpClient: &http.Client{Timeout: 15 * time.Second},
	}
	s.captcha = newCaptchaVerifier(cfg.Captcha, s.httpClient)
	if cfg.SMTP.Host != "" {
		m, err := mail.NewSMTP(cfg.SMTP.Mail())
		if err != nil {
			return nil, err
		}
		s.mailer = m
	} else {
		s.mailer = mail.NewOutbox(db, log)
	}
	s.providers = newOAuthProviders(cfg, publicURL)
	s.idTokens = idtoken.NewVerifier(s.httpClient, func() time.Time { return s.now() })
	rp, err := newRelyingParty(cfg)
	if err != nil {
		return nil, err
	}
	s.webauthn = rp
	s.mux = http.NewServeMux()
	s.routes()
	return s, nil
}

// Close releases the service's memory (the rate-limit buckets); requests
// arriving afterwards start with fresh buckets. The service starts no
// goroutines, so there is nothing else to stop.
func (s *Service) Close() { s.limits.close() }

// routes registers every endpoint; read it as the service's table of
// contents.
func (s *Service) routes() {
	s.handle("GET /health", s.health)
	s.handle("GET /settings", s.settings)
	s.handle("GET /.well-known/jwks.json", s.jwks)

	s.handle("POST /signup", s.signup)
	s.handle("POST /token", s.token)
	s.handle("POST /logout", s.logout)
	s.handle("GET /verify", s.verifyGet)
	s.handle("POST /verify", s.verifyPost)
	s.handle("POST /recover", s.recover)
	s.handle("POST /otp", s.otp)
	s.handle("POST /magiclink", s.otp)
	s.handle("POST /resend", s.resend)
	s.handle("GET /reauthenticate", s.reauthenticate)
	s.handle("GET /user", s.getUser)
	s.handle("GET /user/identities/authorize", s.authorizeLink)
	s.handle("DELETE /user/identities/{identity_id}", s.unlinkIdentity)
	s.handle("PUT /user", s.updateUser)

	s.handle("GET /authorize", s.authorize)
	s.handle("GET /callback", s.callback)
	s.handle("POST /callback", s.callback)

	s.handle("POST /factors", s.enrollFactor)
	s.handle("POST /factors/{factor_id}/challenge", s.challengeFactor)
	s.handle("POST /factors/{factor_id}/verify", s.verifyFactor)
	s.handle("DELETE /factors/{factor_id}", s.unenrollFactor)

	s.handle("POST /passkeys/registration/options", s.passkeyRegistrationOptions)
	s.handle("POST /passkeys/registration/verify", s.passkeyRegistrationVerify)
	s.handle("POST /passkeys/authentication/options", s.passkeyAuthenticationOptions)
	s.handle("POST /passkeys/authentication/verify", s.passkeyAuthenticationVerify)
	s.handle("GET /passkeys", s.listPasskeys)
	s.handle("GET /passkeys/{$}", s.listPasskeys)
	s.handle("PATCH /passkeys/{passkey_id}", s.renamePasskey)
	s.handle("DELETE /passkeys/{passkey_id}", s.deletePasskey)

	s.handle("GET /admin/users", s.adminListUsers)
	s.handle("POST /admin/users", s.adminCreateUser)
	s.handle("GET /admin/users/{user_id}", s.adminGetUser)
	s.handle("PUT /admin/users/{user_id}", s.adminUpdateUser)
	s.handle("DELETE /admin/users/{user_id}", s.adminDeleteUser)
	s.handle("GET /admin/users/{user_id}/factors", s.adminListFactors)
	s.handle("DELETE /admin/users/{user_id}/factors/{factor_id}", s.adminDeleteFactor)
	s.handle("GET /admin/users/{user_id}/passkeys", s.adminListPasskeys)
	s.handle("DELETE /admin/users/{user_id}/passkeys/{passkey_id}", s.adminDeletePasskey)
	s.handle("POST /admin/generate_link", s.adminGenerateLink)
	s.handle("POST /invite", s.invite)

	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Supabase-Api-Version", apiVersion)
		apierr.Write(w, r, s.log, apierr.Fail(apierr.CodeValidationFailed, "%s %s is not an auth endpoint", r.Method, r.URL.Path).WithStatus(http.StatusNotFound))
	})
}

// handlerFunc is an endpoint: it writes its answer or returns an error.
type handlerFunc func(w http.ResponseWriter, r *http.Request) error

func (s *Service) handle(pattern string, h handlerFunc) {
	s.mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Supabase-Api-Version", apiVersion)
		if err := h(w, r); err != nil {
			if errors.Is(err, context.Canceled) && r.Context().Err() != nil {
				w.WriteHeader(499) // the client went away; nothing to render
				return
			}
			apierr.Write(w, r, s.log, err)
		}
	})
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// writeJSON writes one JSON answer.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	if r, ok := v.(*wire.TokenResponse); ok && r != nil {
		// Session answers: the same bytes, without reflection (encode.go).
		bp := encodeBufs.Get().(*[]byte)
		if b, err := r.AppendJSON((*bp)[:0]); err == nil {
			b = append(b, '\n')
			w.Header().Set("Content-Type", "application/json; charset=utf-8")
			w.WriteHeader(status)
			_, err = w.Write(b)
			if cap(b) <= 64<<10 {
				*bp = b[:0]
				encodeBufs.Put(bp)
			}
			return err
		}
		encodeBufs.Put(bp)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	return json.NewEncoder(w).Encode(v)
}

// readJSON decodes the request body into v. An empty body leaves v as is.
func readJSON(r *http.Request, v any) error {
	b, err := io.ReadAll(r.Body)
	if err != nil {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return err
		}
		return apierr.Fail(apierr.CodeBadJSON, "Could not read request body").Because(err)
	}
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	if err := json.Unmarshal(b, v); err != nil {
		return apierr.Fail(apierr.CodeBadJSON, "Could not parse request body as JSON: %v", err)
	}
	return nil
}

// clientIP is the caller's address for rate limits and MFA challenges, in
// Go's canonical form (which is also how PostgreSQL's host() prints it).
func (s *Service) clientIP(r *http.Request) string {
	if h := s.cfg.RateLimitHeader; h != "" {
		if v := r.Header.Get(h); v != "" {
			first, _, _ := strings.Cut(v, ",")
			if ip := net.ParseIP(strings.TrimSpace(first)); ip != nil {
				return ip.String()
			}
		}
	}
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if ip := net.ParseIP(host); ip != nil {
		return ip.String()
	}
	return "" // a unix socket, say: no address to key on or store
}

// inet turns a clientIP into an inet parameter (NULL for "").
func inet(ip string) any {
	if ip == "" {
		return nil
	}
	return ip
}

// caller is the signed-in user of a request, from a verified access token
// whose user and session still exist.
type caller struct {
	UserID    string
	SessionID string // "" for tokens minted without a session
	Claims    map[string]any
}

// requireUser resolves the Bearer token into a caller, answering as
// GoTrue's requireAuthentication does (reference §1.8).
func (s *Service) requireUser(ctx context.Context, r *http.Request) (caller, error) {
	if r.Header.Get("Authorization") == "" {
		return caller{}, apierr.Fail(apierr.CodeNoAuthorization, "This endpoint requires a valid Bearer token")
	}
	id := identity.FromContext(ctx)
	if id.Err != nil {
		return caller{}, apierr.Fail(apierr.CodeBadJWT, "invalid JWT: unable to parse or verify signature, %s", jwtProblem(id.Err)).Because(id.Err)
	}
	sub := id.Subject()
	if sub == "" || !isUUID(sub) {
		return caller{}, apierr.Fail(apierr.CodeBadJWT, "invalid claim: missing sub claim")
	}
	c := caller{UserID: sub, Claims: id.Claims}
	c.SessionID, _ = id.Claims["session_id"].(string)
	var userOK, sessionOK bool
	err := s.db.QueryRow(ctx, store.SQL.CallerExists, sub, nullUUID(c.SessionID)).Scan(&userOK, &sessionOK)
	if err != nil {
		return caller{}, fmt.Errorf("look up caller: %w", err)
	}
	if !userOK {
		return caller{}, apierr.Fail(apierr.CodeUserNotFound, "User from sub claim in JWT does not exist").WithStatus(http.StatusForbidden)
	}
	if c.SessionID != "" && !sessionOK {
		return caller{}, apierr.Fail(apierr.CodeSessionNotFound, "Session from session_id claim in JWT does not exist")
	}
	return c, nil
}

// jwtProblem words why a bearer token was refused as GoTrue does: with
// golang-jwt's own error ("token has invalid claims: token is expired"),
// which internal/token keeps apart as VerifyError.Reason.
func jwtProblem(err error) string {
	if ve, ok := errors.AsType[*token.VerifyError](err); ok {
		return ve.Reason.Error()
	}
	if errors.Is(err, identity.ErrNotBearer) {
		return identity.ErrNotBearer.Error()
	}
	return err.Error()
}

// requireAdmin accepts only the service_role key (as apikey and Bearer, the
// way supabase-js's admin client sends it).
func (s *Service) requireAdmin(r *http.Request) error {
	id := identity.FromContext(r.Context())
	if id.Err != nil {
		return apierr.Fail(apierr.CodeBadJWT, "invalid JWT: unable to parse or verify signature").Because(id.Err)
	}
	if r.Header.Get("Authorization") == "" && id.APIKeyRole != identity.ServiceRole {
		return apierr.Fail(apierr.CodeNoAuthorization, "This endpoint requires a Bearer token")
	}
	if id.Role != identity.ServiceRole {
		return apierr.Fail(apierr.CodeNotAdmin, "User not allowed")
	}
	return nil
}

// inTx runs fn in a transaction.
func (s *Service) inTx(ctx context.Context, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, s.db, fn)
}

// health answers like GoTrue's /health.
func (s *Service) health(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]string{
		"version":     "daybase",
		"name":        "GoTrue",
		"description": "GoTrue is a user registration and authentication API",
	})
}

// settings lists what is enabled, in GoTrue's shape.
func (s *Service) settings(w http.ResponseWriter, r *http.Request) error {
	return writeJSON(w, http.StatusOK, map[string]any{
		"external": map[string]bool{
			"anonymous_users": s.cfg.AnonymousSignIns,
			"email":           true,
			"phone":           false,
			"google":          s.cfg.Google.Enabled(),
			"github":          s.cfg.GitHub.Enabled(),
		},
		"disable_signup":     s.cfg.DisableSignup,
		"mailer_autoconfirm": s.cfg.Autoconfirm,
		"phone_autoconfirm":  false,
		"sms_provider":       "",
		"saml_enabled":       false,
		"passkeys_enabled":   s.webauthn != nil,
	})
}

// jwks publishes the public keys access tokens verify with: the signing
// key and the retired ones still inside their window. A data dir that
// signs HS256 publishes none (the secret is never published), and
// supabase-js then verifies through GET /user (reference §1.8). The short
// max-age lets a rotation reach caches within minutes; auth-js keeps its
// own copy for ten minutes and refetches on an unknown kid.
func (s *Service) jwks(w http.ResponseWriter, r *http.Request) error {
	w.Header().Set("Cache-Control", "public, max-age=60")
	return writeJSON(w, http.StatusOK, json.RawMessage(s.signer.JWKS()))
}

// isUniqueViolation reports a unique index refusing a row (SQLSTATE 23505).
func isUniqueViolation(err error) bool {
	var pe *pgconn.PgError
	return errors.As(err, &pe) && pe.Code == "23505"
}
