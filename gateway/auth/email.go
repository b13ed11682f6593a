package auth

import (
	"context"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/mailer"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/store"
)

// emptyOK is GoTrue's answer to requests that send mail: {} whether or not
// the address has an account, so the answer does not reveal which do.
func emptyOK(w http.ResponseWriter) error {
	return writeJSON(w, http.StatusOK, map[string]any{})
}

// mailRequest is the common start of endpoints that send mail: the rate
// limit per client address, captcha, a valid address. Callers then take
// the per-recipient limit — before looking the address up, so a 429 does
// not reveal whether an account exists.
func (s *Service) mailRequest(ctx context.Context, r *http.Request, rawEmail string, sec securityMeta) (string, error) {
	ip := s.clientIP(r)
	if err := s.limits.otp.take(ip, s.now()); err != nil {
		return "", err
	}
	if err := s.captcha.verify(ctx, sec.CaptchaToken, ip); err != nil {
		return "", err
	}
	return normaliseEmail(rawEmail)
}

// mailAccount is the start of recover and resend: the PKCE parameters,
// mailRequest, the per-recipient limit, the redirect and the account of
// the address ("" for none: the caller answers as if it had mailed).
func (s *Service) mailAccount(ctx context.Context, r *http.Request, pk pkceParams, rawEmail string, sec securityMeta) (challenge, method, email, redirect, userID string, err error) {
	if challenge, method, err = pk.Parse(); err != nil {
		return
	}
	if email, err = s.mailRequest(ctx, r, rawEmail, sec); err != nil {
		return
	}
	if err = s.limits.emailSend.take(email, s.now()); err != nil {
		return
	}
	redirect = s.redirectTarget(r.URL.Query().Get("redirect_to"))
	userID, err = s.userIDByEmail(ctx, s.db, email)
	return
}

type recoverParams struct {
	Email    string       `json:"email"`
	Security securityMeta `json:"gotrue_meta_security"`
	pkceParams
}

// recover mails a password-recovery link and code (resetPasswordForEmail).
func (s *Service) recover(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p recoverParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	challenge, method, email, redirect, userID, err := s.mailAccount(ctx, r, p.pkceParams, p.Email, p.Security)
	if err != nil || userID == "" {
		return orEmpty(w, err)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if challenge != "" {
			if err := s.startEmailFlow(ctx, tx, userID, challenge, method, amrRecovery); err != nil {
				return err
			}
		}
		code, hash, err := s.issueOTT(ctx, tx, userID, ott.Recovery, email)
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, r, "user_recovery_requested", userID, nil); err != nil {
			return err
		}
		return s.sendMail(ctx, mailer.Recovery, email, mailer.Data{
			ConfirmationURL: s.verifyURL(hash, "recovery", redirect, challenge != ""),
			Token:           code, TokenHash: hash, RedirectTo: redirect,
		})
	})
	return orEmpty(w, err)
}

func orEmpty(w http.ResponseWriter, err error) error {
	if err != nil {
		return err
	}
	return emptyOK(w)
}

type otpParams struct {
	Email      string         `json:"email"`
	Phone      string         `json:"phone"`
	Data       map[string]any `json:"data"`
	CreateUser *bool          `json:"create_user"`
	Security   securityMeta   `json:"gotrue_meta_security"`
	pkceParams
}

// otp mails a sign-in link and code (signInWithOtp), creating the account
// first when create_user allows.
func (s *Service) otp(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p otpParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.Phone != "" {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone logins are disabled")
	}
	challenge, method, err := p.Parse()
	if err != nil {
		return err
	}
	email, err := s.mailRequest(ctx, r, p.Email, p.Security)
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	userID, err := s.userIDByEmail(ctx, s.db, email)
	if err != nil {
		return err
	}
	createUser := p.CreateUser == nil || *p.CreateUser
	if userID == "" && !createUser {
		return apierr.Fail(apierr.CodeOTPDisabled, "Signups not allowed for otp")
	}
	if userID == "" && s.cfg.DisableSignup {
		return apierr.Fail(apierr.CodeSignupDisabled, "Signups not allowed for this instance")
	}
	if err := s.limits.emailSend.take(email, s.now()); err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if userID == "" {
			var err error
			userID, err = s.createUser(ctx, tx, newUser{Email: email, UserMetadata: p.Data, Provider: "email"})
			if err != nil {
				return err
			}
			if err := s.audit(ctx, tx, r, "user_signedup", userID, map[string]any{"provider": "email", "via": "otp"}); err != nil {
				return err
			}
		}
		u, err := store.LoadUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		// An unconfirmed address gets a sign-up confirmation, a confirmed
		// one a magic link; both verify as type "email" with the code.
		tokenType, verifyType, kind := ott.Recovery, "magiclink", mailer.MagicLink
		if u.EmailConfirmedAt == nil {
			tokenType, verifyType, kind = ott.Confirmation, "signup", mailer.Confirmation
		}
		if challenge != "" {
			if err := s.startEmailFlow(ctx, tx, userID, challenge, method, authMethodFor(verifyType)); err != nil {
				return err
			}
		}
		code, hash, err := s.issueOTT(ctx, tx, userID, tokenType, email)
		if err != nil {
			return err
		}
		return s.sendMail(ctx, kind, email, mailer.Data{
			ConfirmationURL: s.verifyURL(hash, verifyType, redirect, challenge != ""),
			Token:           code, TokenHash: hash, RedirectTo: redirect, Data: u.UserMetadata,
		})
	})
	return orEmpty(w, err)
}

type resendParams struct {
	Type     string       `json:"type"`
	Email    string       `json:"email"`
	Phone    string       `json:"phone"`
	Security securityMeta `json:"gotrue_meta_security"`
	pkceParams
}

// resend mails a sign-up confirmation or e-mail change link again.
func (s *Service) resend(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	var p resendParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	switch p.Type {
	case "signup", "email_change":
	case "sms", "phone_change":
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone verification is disabled")
	default:
		return apierr.Fail(apierr.CodeValidationFailed, "Missing one of these types: signup, email_change, sms, phone_change")
	}
	challenge, method, email, redirect, userID, err := s.mailAccount(ctx, r, p.pkceParams, p.Email, p.Security)
	if err != nil || userID == "" {
		return orEmpty(w, err)
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		u, err := store.LoadUser(ctx, tx, userID)
		if err != nil {
			return err
		}
		switch {
		case p.Type == "signup" && u.EmailConfirmedAt == nil:
			if challenge != "" {
				if err := s.startEmailFlow(ctx, tx, userID, challenge, method, amrEmailSignup); err != nil {
					return err
				}
			}
			return s.sendConfirmation(ctx, tx, userID, email, redirect, challenge != "", u.UserMetadata)
		case p.Type == "email_change" && u.NewEmail != "":
			if challenge != "" {
				if err := s.startEmailFlow(ctx, tx, userID, challenge, method, amrEmailChange); err != nil {
					return err
				}
			}
			return s.sendEmailChange(ctx, tx, u, u.NewEmail, redirect, challenge != "")
		}
		return nil
	})
	return orEmpty(w, err)
}

// sendEmailChange mails the confirmation(s) of an e-mail change: to the new
// address, and with SecureEmailChange to the current one too.
func (s *Service) sendEmailChange(ctx context.Context, tx pgx.Tx, u *User, newEmail, redirect string, pkce bool) error {
	if _, err := tx.Exec(ctx, store.SQL.SetEmailChange, u.ID, newEmail); err != nil {
		return fmt.Errorf("record e-mail change: %w", err)
	}
	code, hash, err := s.issueOTT(ctx, tx, u.ID, ott.EmailChangeNew, newEmail)
	if err != nil {
		return err
	}
	if err := s.sendMail(ctx, mailer.EmailChange, newEmail, mailer.Data{
		ConfirmationURL: s.verifyURL(hash, "email_change", redirect, pkce),
		Token:           code, TokenHash: hash, Email: u.Email, NewEmail: newEmail, RedirectTo: redirect,
	}); err != nil {
		return err
	}
	if !s.cfg.SecureEmailChange || u.Email == "" {
		_, err := tx.Exec(ctx, store.SQL.DeleteOneTimeToken, u.ID, ott.EmailChangeCurrent)
		return err
	}
	code, hash, err = s.issueOTT(ctx, tx, u.ID, ott.EmailChangeCurrent, u.Email)
	if err != nil {
		return err
	}
	return s.sendMail(ctx, mailer.EmailChangeCurrent, u.Email, mailer.Data{
		ConfirmationURL: s.verifyURL(hash, "email_change", redirect, pkce),
		Token:           code, TokenHash: hash, NewEmail: newEmail, RedirectTo: redirect,
	})
}

// reauthenticate mails a nonce that PUT /user accepts for a password
// change when SecurePasswordChange asks for one.
func (s *Service) reauthenticate(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	if u.Email == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "Reauthentication requires the user to have an email or a phone number")
	}
	if err := s.limits.otp.take(s.clientIP(r), s.now()); err != nil {
		return err
	}
	if err := s.limits.emailSend.take(u.Email, s.now()); err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		code, hash, err := s.issueOTT(ctx, tx, u.ID, ott.Reauthentication, u.Email)
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, r, "user_reauthenticate_requested", u.ID, nil); err != nil {
			return err
		}
		return s.sendMail(ctx, mailer.Reauthentication, u.Email, mailer.Data{Token: code, TokenHash: hash})
	})
	return orEmpty(w, err)
}
