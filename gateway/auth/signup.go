package auth

import (
	"context"
	"fmt"
	"net/http"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/mailer"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/password"
	"daybase/gateway/auth/store"
)

type signupParams struct {
	Email    string         `json:"email"`
	Phone    string         `json:"phone"`
	Password string         `json:"password"`
	Data     map[string]any `json:"data"`
	Security securityMeta   `json:"gotrue_meta_security"`
	pkceParams
}

// signup creates an account (reference §1.2): with Autoconfirm it answers
// a session at once, otherwise it mails a confirmation link and answers
// the flat user. An anonymous sign-in is a sign-up without e-mail or phone.
func (s *Service) signup(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p signupParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	ip := s.clientIP(r)
	if err := s.limits.signUp.take(ip, s.now()); err != nil {
		return err
	}
	if err := s.captcha.verify(ctx, p.Security.CaptchaToken, ip); err != nil {
		return err
	}
	if p.Email == "" && p.Phone == "" {
		return s.signInAnonymously(w, r, p)
	}
	if s.cfg.DisableSignup {
		return apierr.Fail(apierr.CodeSignupDisabled, "Signups not allowed for this instance")
	}
	if p.Phone != "" {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone signups are disabled")
	}
	email, err := normaliseEmail(p.Email)
	if err != nil {
		return err
	}
	if p.Password == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "Signup requires a valid password")
	}
	if err := s.checkNewPassword(p.Password); err != nil {
		return err
	}
	challenge, method, err := p.Parse()
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	if p.Data == nil {
		p.Data = map[string]any{}
	}
	hash, err := password.Hash(p.Password, s.cfg.BcryptCost)
	if err != nil {
		return err
	}

	existing, err := s.userIDByEmail(ctx, s.db, email)
	if err != nil {
		return err
	}
	if existing != "" {
		u, err := store.LoadUser(ctx, s.db, existing)
		if err != nil {
			return err
		}
		if u.EmailConfirmedAt != nil {
			if s.cfg.Autoconfirm {
				return apierr.Fail(apierr.CodeUserAlreadyExists, "User already registered")
			}
			// Confirmation on: answer as for a new account, so the
			// response does not tell whether the address is registered.
			return writeJSON(w, http.StatusOK, s.obfuscatedUser(email, p.Data))
		}
	}
	if !s.cfg.Autoconfirm {
		if err := s.limits.emailSend.take(email, s.now()); err != nil {
			return err
		}
	}

	var userID string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if existing != "" {
			// An unconfirmed account belongs to whoever confirms it: a new
			// sign-up replaces its password and metadata (as GoTrue does).
			userID = existing
			if _, err := tx.Exec(ctx, store.SQL.SetPassword, userID, hash); err != nil {
				return fmt.Errorf("reset unconfirmed user's password: %w", err)
			}
			if _, err := tx.Exec(ctx, store.SQL.MergeUserMetadata, userID, p.Data); err != nil {
				return fmt.Errorf("update unconfirmed user's metadata: %w", err)
			}
		} else {
			userID, err = s.createUser(ctx, tx, newUser{Email: email, PasswordHash: hash, UserMetadata: p.Data, Provider: "email"})
			if err != nil {
				return err
			}
			if err := s.audit(ctx, tx, r, "user_signedup", userID, map[string]any{"provider": "email"}); err != nil {
				return err
			}
		}
		if s.cfg.Autoconfirm {
			_, err := tx.Exec(ctx, store.SQL.ConfirmEmail, userID)
			return err
		}
		if challenge != "" {
			if err := s.startEmailFlow(ctx, tx, userID, challenge, method, amrEmailSignup); err != nil {
				return err
			}
		}
		return s.sendConfirmation(ctx, tx, userID, email, redirect, challenge != "", p.Data)
	})
	if err != nil {
		return err
	}
	if s.cfg.Autoconfirm {
		resp, err := s.signIn(ctx, r, userID, amrPassword, "email")
		if err != nil {
			return err
		}
		return writeJSON(w, http.StatusOK, resp)
	}
	u, err := store.LoadUser(ctx, s.db, userID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

// sendConfirmation mails a sign-up confirmation link and code.
func (s *Service) sendConfirmation(ctx context.Context, db querier, userID, email, redirect string, pkce bool, data map[string]any) error {
	code, hash, err := s.issueOTT(ctx, db, userID, ott.Confirmation, email)
	if err != nil {
		return err
	}
	return s.sendMail(ctx, mailer.Confirmation, email, mailer.Data{
		ConfirmationURL: s.verifyURL(hash, "signup", redirect, pkce),
		Token:           code, TokenHash: hash, RedirectTo: redirect, Data: data,
	})
}

// obfuscatedUser is the answer to a sign-up for a registered address when
// confirmation is on: shaped like a new user, with a random id and no
// identities (reference §1.9).
func (s *Service) obfuscatedUser(email string, data map[string]any) *User {
	now := s.now().UTC()
	return &User{
		ID: uuid.NewString(), Aud: "authenticated", Role: "authenticated", Email: email,
		ConfirmationSentAt: &now,
		AppMetadata:        map[string]any{"provider": "email", "providers": []string{"email"}},
		UserMetadata:       data, Identities: []Identity{}, CreatedAt: now, UpdatedAt: now,
	}
}

// signInAnonymously creates an anonymous user and a session.
func (s *Service) signInAnonymously(w http.ResponseWriter, r *http.Request, p signupParams) error {
	ctx := r.Context()
	if !s.cfg.AnonymousSignIns {
		return apierr.Fail(apierr.CodeAnonymousDisabled, "Anonymous sign-ins are disabled")
	}
	if s.cfg.DisableSignup {
		return apierr.Fail(apierr.CodeSignupDisabled, "Signups not allowed for this instance")
	}
	if p.Data == nil {
		p.Data = map[string]any{}
	}
	var userID string
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		userID, err = s.createUser(ctx, tx, newUser{UserMetadata: p.Data, Anonymous: true})
		if err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "user_signedup", userID, map[string]any{"provider": "anonymous"})
	})
	if err != nil {
		return err
	}
	resp, err := s.signIn(ctx, r, userID, amrAnonymous, "anonymous")
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, resp)
}

// newUser is what createUser stores (store.NewUser).
type newUser = store.NewUser

// createUser inserts a user and its first identity (store.CreateUser).
func (s *Service) createUser(ctx context.Context, tx pgx.Tx, n newUser) (string, error) {
	return store.CreateUser(ctx, tx, n)
}

// userIDByEmail returns the id of the live account with email, or "".
func (s *Service) userIDByEmail(ctx context.Context, db querier, email string) (string, error) {
	return store.UserIDByEmail(ctx, db, email)
}
