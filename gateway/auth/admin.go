package auth

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/admin"
	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/mailer"
	"daybase/gateway/auth/mfa"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/password"
	"daybase/gateway/auth/store"
)

// errUserNotFound is the admin API's answer for a missing user.
func errUserNotFound() *apierr.Error { return apierr.Fail(apierr.CodeUserNotFound, "User not found") }

// adminUser loads the user named in the path.
func (s *Service) adminUser(ctx context.Context, db querier, r *http.Request) (*User, error) {
	id := r.PathValue("user_id")
	if !isUUID(id) {
		return nil, apierr.Fail(apierr.CodeValidationFailed, "user_id must be an UUID").WithStatus(http.StatusNotFound)
	}
	u, err := store.LoadUser(ctx, db, id)
	if errors.Is(err, errNoUser) {
		return nil, errUserNotFound()
	}
	return u, err
}

// adminListUsers pages through users, newest first, with GoTrue's
// X-Total-Count and Link headers (auth-js listUsers reads both).
func (s *Service) adminListUsers(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	qv := r.URL.Query()
	page, perPage, err := admin.Page(qv)
	if err != nil {
		return err
	}
	users, total, err := admin.List(ctx, s.db, qv.Get("filter"), page, perPage)
	if err != nil {
		return err
	}
	w.Header().Set("Link", admin.Links(r.URL.Path, qv, page, perPage, total))
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	return writeJSON(w, http.StatusOK, map[string]any{"users": users, "aud": "authenticated"})
}

// adminCreateUser creates a user, confirmed when email_confirm is set.
func (s *Service) adminCreateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p admin.UserParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	if p.Phone != "" {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone users are disabled")
	}
	email, err := normaliseEmail(p.Email)
	if err != nil {
		return err
	}
	hash := ""
	if p.Password != nil {
		if err := s.checkNewPassword(*p.Password); err != nil {
			return err
		}
		if hash, err = password.Hash(*p.Password, s.cfg.BcryptCost); err != nil {
			return err
		}
	}
	if p.ID != "" && !isUUID(p.ID) {
		return apierr.Fail(apierr.CodeValidationFailed, "id must be an UUID")
	}
	var userID string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if existing, err := s.userIDByEmail(ctx, tx, email); err != nil {
			return err
		} else if existing != "" {
			return admin.ErrEmailExists()
		}
		var err error
		userID, err = s.createUser(ctx, tx, newUser{Email: email, PasswordHash: hash, UserMetadata: p.UserMetadata,
			AppMetadata: p.AppMetadata, Provider: "email", Confirmed: p.EmailConfirm, Role: p.Role, ID: p.ID})
		if err != nil {
			return err
		}
		if p.EmailConfirm {
			if _, err := tx.Exec(ctx, store.SQL.ConfirmEmail, userID); err != nil {
				return fmt.Errorf("confirm: %w", err)
			}
		}
		if err := admin.SetBan(ctx, tx, userID, p.BanDuration, s.now(), false); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "user_signedup", userID, map[string]any{"provider": "email", "by": "admin"})
	})
	if err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, userID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

func (s *Service) adminGetUser(w http.ResponseWriter, r *http.Request) error {
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	u, err := s.adminUser(r.Context(), s.db, r)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

// adminUpdateUser changes a user at once — an e-mail change needs no
// confirmation here — merging metadata as GoTrue does.
func (s *Service) adminUpdateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p admin.UserParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	u, err := s.adminUser(ctx, s.db, r)
	if err != nil {
		return err
	}
	if p.Phone != "" && p.Phone != u.Phone {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone users are disabled")
	}
	var hash string
	if p.Password != nil {
		if err := s.checkNewPassword(*p.Password); err != nil {
			return err
		}
		if hash, err = password.Hash(*p.Password, s.cfg.BcryptCost); err != nil {
			return err
		}
	}
	newEmail := ""
	if p.Email != "" {
		if newEmail, err = normaliseEmail(p.Email); err != nil {
			return err
		}
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := admin.Update(ctx, tx, u, p, newEmail, hash, s.now()); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "user_modified", u.ID, map[string]any{"by": "admin"})
	})
	if err != nil {
		return err
	}
	u, err = store.LoadUser(ctx, s.db, u.ID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

// adminDeleteUser deletes a user (and everything of theirs, by cascade), or
// with should_soft_delete marks it deleted, frees its address and ends its
// sessions.
func (s *Service) adminDeleteUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p struct {
		ShouldSoftDelete bool `json:"should_soft_delete"`
	}
	if err := readJSON(r, &p); err != nil {
		return err
	}
	u, err := s.adminUser(ctx, s.db, r)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := admin.Delete(ctx, tx, u.ID, p.ShouldSoftDelete); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "user_deleted", u.ID, map[string]any{"soft": p.ShouldSoftDelete})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]any{})
}

func (s *Service) adminListFactors(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	u, err := s.adminUser(ctx, s.db, r)
	if err != nil {
		return err
	}
	if u.Factors == nil {
		u.Factors = []Factor{}
	}
	return writeJSON(w, http.StatusOK, u.Factors)
}

// adminDeleteFactor removes a user's factor whatever its status (account
// recovery by an administrator).
func (s *Service) adminDeleteFactor(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	u, err := s.adminUser(ctx, s.db, r)
	if err != nil {
		return err
	}
	var gone Factor
	for _, f := range u.Factors {
		if f.ID == r.PathValue("factor_id") {
			gone = f
		}
	}
	if gone.ID == "" {
		return apierr.Fail(apierr.CodeMFAFactorNotFound, "Factor not found")
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if err := mfa.Remove(ctx, tx, gone.ID); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "factor_unenrolled", u.ID, map[string]any{"factor_id": gone.ID, "by": "admin"})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, gone)
}

// adminGenerateLink makes the link and code a mail would carry without
// sending it, for apps that send their own mail.
func (s *Service) adminGenerateLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p admin.LinkParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	email, err := normaliseEmail(p.Email)
	if err != nil {
		return err
	}
	redirect := p.RedirectTo
	if v := r.URL.Query().Get("redirect_to"); v != "" {
		redirect = v
	}
	redirect = s.redirectTarget(redirect)
	var userID, code, hash, verifyType string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		userID, err = s.userIDByEmail(ctx, tx, email)
		if err != nil {
			return err
		}
		var u *User
		if userID != "" {
			if u, err = store.LoadUser(ctx, tx, userID); err != nil {
				return err
			}
		}
		verifyType = p.Type
		switch p.Type {
		case "signup", "invite":
			if u != nil && u.EmailConfirmedAt != nil {
				return admin.ErrEmailExists()
			}
			if p.Type == "signup" {
				if err := s.checkNewPassword(p.Password); err != nil {
					return err
				}
			}
			if u == nil {
				hash := ""
				if p.Password != "" {
					if hash, err = password.Hash(p.Password, s.cfg.BcryptCost); err != nil {
						return err
					}
				}
				if userID, err = s.createUser(ctx, tx, newUser{Email: email, PasswordHash: hash, UserMetadata: p.Data,
					Provider: "email", Invited: p.Type == "invite"}); err != nil {
					return err
				}
			}
			code, hash, err = s.issueOTT(ctx, tx, userID, ott.Confirmation, email)
			return err
		case "magiclink":
			if u == nil {
				if userID, err = s.createUser(ctx, tx, newUser{Email: email, UserMetadata: p.Data, Provider: "email"}); err != nil {
					return err
				}
			}
			code, hash, err = s.issueOTT(ctx, tx, userID, ott.Recovery, email)
			return err
		case "recovery":
			if u == nil {
				return errUserNotFound()
			}
			code, hash, err = s.issueOTT(ctx, tx, userID, ott.Recovery, email)
			return err
		case "email_change_current", "email_change_new":
			if u == nil {
				return errUserNotFound()
			}
			newEmail, err := normaliseEmail(p.NewEmail)
			if err != nil {
				return err
			}
			if other, err := s.userIDByEmail(ctx, tx, newEmail); err != nil {
				return err
			} else if other != "" {
				return admin.ErrEmailExists()
			}
			if _, err := tx.Exec(ctx, store.SQL.SetEmailChange, userID, newEmail); err != nil {
				return fmt.Errorf("record e-mail change: %w", err)
			}
			verifyType = "email_change"
			newCode, newHash, err := s.issueOTT(ctx, tx, userID, ott.EmailChangeNew, newEmail)
			if err != nil {
				return err
			}
			code, hash = newCode, newHash
			if !s.cfg.SecureEmailChange {
				return nil
			}
			curCode, curHash, err := s.issueOTT(ctx, tx, userID, ott.EmailChangeCurrent, email)
			if p.Type == "email_change_current" {
				code, hash = curCode, curHash
			}
			return err
		}
		return apierr.Fail(apierr.CodeValidationFailed, "Invalid email action link type requested: %q", p.Type)
	})
	if err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, userID)
	if err != nil {
		return err
	}
	out, err := admin.LinkAnswer(u, map[string]any{
		"action_link": s.verifyURL(hash, verifyType, redirect, false), "email_otp": code,
		"hashed_token": hash, "redirect_to": redirect, "verification_type": verifyType,
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// invite creates an invited user and mails the invitation link.
func (s *Service) invite(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p struct {
		Email string         `json:"email"`
		Data  map[string]any `json:"data"`
	}
	if err := readJSON(r, &p); err != nil {
		return err
	}
	email, err := normaliseEmail(p.Email)
	if err != nil {
		return err
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	var userID string
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		if userID, err = s.userIDByEmail(ctx, tx, email); err != nil {
			return err
		}
		if userID != "" {
			u, err := store.LoadUser(ctx, tx, userID)
			if err != nil {
				return err
			}
			if u.EmailConfirmedAt != nil {
				return admin.ErrEmailExists()
			}
		} else if userID, err = s.createUser(ctx, tx, newUser{Email: email, UserMetadata: p.Data, Provider: "email", Invited: true}); err != nil {
			return err
		}
		code, hash, err := s.issueOTT(ctx, tx, userID, ott.Confirmation, email)
		if err != nil {
			return err
		}
		if err := s.audit(ctx, tx, r, "user_invited", userID, nil); err != nil {
			return err
		}
		return s.sendMail(ctx, mailer.Invite, email, mailer.Data{
			ConfirmationURL: s.verifyURL(hash, "invite", redirect, false),
			Token:           code, TokenHash: hash, RedirectTo: redirect, Data: p.Data,
		})
	})
	if err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, userID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}
