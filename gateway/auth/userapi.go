package auth

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/ott"
	"daybase/gateway/auth/password"
	"daybase/gateway/auth/store"
)

// getUser answers the caller's user (supabase.auth.getUser()).
func (s *Service) getUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

type updateUserParams struct {
	Email    string         `json:"email"`
	Phone    string         `json:"phone"`
	Password *string        `json:"password"`
	Nonce    string         `json:"nonce"`
	Data     map[string]any `json:"data"`
	AppData  map[string]any `json:"app_metadata"`
	pkceParams
}

// updateUser changes the caller's metadata, password or e-mail
// (supabase.auth.updateUser). An e-mail change takes effect when the
// mailed link is followed; the answer shows it as new_email.
func (s *Service) updateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	var p updateUserParams
	if err := readJSON(r, &p); err != nil {
		return err
	}
	u, err := store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	if p.AppData != nil {
		return apierr.Fail(apierr.CodeNotAdmin, "Updating app_metadata requires admin privileges")
	}
	newEmail := ""
	if p.Email != "" {
		if newEmail, err = normaliseEmail(p.Email); err != nil {
			return err
		}
		if newEmail == u.Email {
			newEmail = ""
		}
	}
	if p.Phone != "" && p.Phone != u.Phone {
		return apierr.Fail(apierr.CodePhoneProviderDisabled, "Phone updates are disabled")
	}
	changingPassword := p.Password != nil && *p.Password != ""
	if u.HasVerifiedFactor() && claimString(c.Claims, "aal") != "aal2" && (changingPassword || newEmail != "") {
		return apierr.Fail(apierr.CodeInsufficientAAL, "AAL2 session is required to update email or password when MFA is enabled.").WithStatus(http.StatusUnauthorized)
	}
	if u.IsAnonymous && changingPassword && newEmail == "" && u.Email == "" {
		return apierr.Fail(apierr.CodeValidationFailed, "Updating password of an anonymous user without an email or phone is not allowed").WithStatus(http.StatusUnprocessableEntity)
	}
	challenge, method, err := p.Parse()
	if err != nil {
		return err
	}
	if newEmail != "" {
		other, err := s.userIDByEmail(ctx, s.db, newEmail)
		if err != nil {
			return err
		}
		if other != "" && other != u.ID {
			return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
		}
		if err := s.limits.emailSend.take(newEmail, s.now()); err != nil {
			return err
		}
	}

	var hash string
	if p.Password != nil {
		if err := s.checkNewPassword(*p.Password); err != nil {
			return err
		}
		if s.cfg.SecurePasswordChange {
			if err := s.checkReauthentication(r, c, u, p.Nonce); err != nil {
				return err
			}
		}
		if u.HasPassword {
			var current string
			if err := s.db.QueryRow(ctx, store.SQL.PasswordHash, u.ID).Scan(&current); err != nil {
				return fmt.Errorf("read password hash: %w", err)
			}
			if password.Matches(current, *p.Password) {
				return apierr.Fail(apierr.CodeSamePassword, "New password should be different from the old password.")
			}
		}
		if hash, err = password.Hash(*p.Password, s.cfg.BcryptCost); err != nil {
			return err
		}
	}
	redirect := s.redirectTarget(r.URL.Query().Get("redirect_to"))
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		if p.Password != nil {
			if _, err := tx.Exec(ctx, store.SQL.SetPassword, u.ID, hash); err != nil {
				return fmt.Errorf("set password: %w", err)
			}
			// A new password ends every other session, as GoTrue's
			// UpdatePassword does.
			if _, err := tx.Exec(ctx, store.SQL.DeleteOtherSessions, u.ID, nullUUID(c.SessionID)); err != nil {
				return fmt.Errorf("end other sessions: %w", err)
			}
			if !u.HasPassword && u.Email != "" {
				if _, err := tx.Exec(ctx, store.SQL.EnsureEmailIdentity, u.ID, u.Email); err != nil {
					return fmt.Errorf("add email identity: %w", err)
				}
			}
			if err := s.audit(ctx, tx, r, "user_updated_password", u.ID, nil); err != nil {
				return err
			}
		}
		if p.Data != nil {
			if _, err := tx.Exec(ctx, store.SQL.MergeUserMetadata, u.ID, p.Data); err != nil {
				return fmt.Errorf("update metadata: %w", err)
			}
		}
		if newEmail != "" {
			if challenge != "" {
				if err := s.startEmailFlow(ctx, tx, u.ID, challenge, method, amrEmailChange); err != nil {
					return err
				}
			}
			if err := s.sendEmailChange(ctx, tx, u, newEmail, redirect, challenge != ""); err != nil {
				return err
			}
		}
		if p.Data != nil || newEmail != "" {
			return s.audit(ctx, tx, r, "user_modified", u.ID, nil)
		}
		return nil
	})
	if err != nil {
		return err
	}
	u, err = store.LoadUser(ctx, s.db, c.UserID)
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, u)
}

// checkReauthentication asks for the /reauthenticate nonce when the
// session signed in more than a day ago (GoTrue's
// UpdatePasswordRequireReauthentication).
func (s *Service) checkReauthentication(r *http.Request, c caller, u *User, nonce string) error {
	ctx := r.Context()
	if c.SessionID != "" {
		var created time.Time
		err := s.db.QueryRow(ctx, store.SQL.SessionCreatedAt, c.SessionID).Scan(&created)
		if err != nil && !errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("read session: %w", err)
		}
		if err == nil && s.now().Before(created.Add(24*time.Hour)) {
			return nil
		}
	}
	if nonce == "" {
		return apierr.Fail(apierr.CodeReauthNeeded, "Password update requires reauthentication")
	}
	types := []string{ott.Reauthentication}
	err := s.inTx(ctx, func(tx pgx.Tx) error {
		_, err := s.consumeOTT(ctx, tx, codes.Hash(u.Email, strings.TrimSpace(nonce)), types, u.Email)
		var ae *apierr.Error
		if errors.As(err, &ae) {
			return apierr.Fail(apierr.CodeReauthNotValid, "Requested nonce is invalid")
		}
		return err
	})
	if apierr.Is(err, apierr.CodeReauthNotValid) {
		if werr := s.countWrongCode(ctx, u.Email, types); werr != nil {
			return werr
		}
	}
	return err
}

// claimString reads a string claim.
func claimString(claims map[string]any, name string) string {
	v, _ := claims[name].(string)
	return v
}

// logout ends the caller's session (local), every session (global, the
// default) or every other one (others), and answers 204.
func (s *Service) logout(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	scope := r.URL.Query().Get("scope")
	if scope == "" {
		scope = "global"
	}
	if scope != "global" && scope != "local" && scope != "others" {
		return apierr.Fail(apierr.CodeValidationFailed, "Unsupported logout scope %q", scope)
	}
	c, err := s.requireUser(ctx, r)
	if err != nil {
		return err
	}
	err = s.inTx(ctx, func(tx pgx.Tx) error {
		var err error
		switch {
		case scope == "global" || c.SessionID == "":
			if scope != "others" {
				_, err = tx.Exec(ctx, store.SQL.DeleteUserSessions, c.UserID)
			}
		case scope == "local":
			_, err = tx.Exec(ctx, store.SQL.DeleteSession, c.SessionID)
		case scope == "others":
			_, err = tx.Exec(ctx, store.SQL.DeleteOtherSessions, c.UserID, c.SessionID)
		}
		if err != nil {
			return fmt.Errorf("logout %s: %w", scope, err)
		}
		return s.audit(ctx, tx, r, "logout", c.UserID, map[string]any{"scope": scope})
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
