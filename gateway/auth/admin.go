package auth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/mailer"
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
	page, perPage := 1, 50
	if v := qv.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return apierr.Fail(apierr.CodeValidationFailed, "page must be a positive number")
		}
		page = n
	}
	if v := qv.Get("per_page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return apierr.Fail(apierr.CodeValidationFailed, "per_page must be a positive number")
		}
		perPage = min(n, 1000)
	}
	filter := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(qv.Get("filter")) + "%"
	var total int
	if err := s.db.QueryRow(ctx, store.SQL.AdminCountUsers, filter).Scan(&total); err != nil {
		return fmt.Errorf("count users: %w", err)
	}
	rows, err := s.db.Query(ctx, store.SQL.AdminListUsers, filter, perPage, (page-1)*perPage)
	if err != nil {
		return fmt.Errorf("list users: %w", err)
	}
	users := []*User{}
	for rows.Next() {
		u, err := store.ScanUser(rows)
		if err != nil {
			rows.Close()
			return fmt.Errorf("list users: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list users: %w", err)
	}
	last := max(1, (total+perPage-1)/perPage)
	link := func(p int, rel string) string {
		v := url.Values{"page": {strconv.Itoa(p)}, "per_page": {strconv.Itoa(perPage)}}
		if f := qv.Get("filter"); f != "" {
			v.Set("filter", f)
		}
		return fmt.Sprintf(`<%s?%s>; rel="%s"`, r.URL.Path, v.Encode(), rel)
	}
	var links []string
	if page < last {
		links = append(links, link(page+1, "next"))
	}
	links = append(links, link(last, "last"))
	w.Header().Set("Link", strings.Join(links, ", "))
	w.Header().Set("X-Total-Count", strconv.Itoa(total))
	return writeJSON(w, http.StatusOK, map[string]any{"users": users, "aud": "authenticated"})
}

// adminUserParams are the fields of admin create and update.
type adminUserParams struct {
	ID           string         `json:"id"`
	Email        string         `json:"email"`
	Phone        string         `json:"phone"`
	Password     *string        `json:"password"`
	EmailConfirm bool           `json:"email_confirm"`
	PhoneConfirm bool           `json:"phone_confirm"`
	UserMetadata map[string]any `json:"user_metadata"`
	AppMetadata  map[string]any `json:"app_metadata"`
	Role         string         `json:"role"`
	BanDuration  string         `json:"ban_duration"`
}

// banUntil turns ban_duration into banned_until: "none" lifts a ban.
func (s *Service) banUntil(d string) (*time.Time, error) {
	if d == "none" {
		return nil, nil
	}
	dur, err := time.ParseDuration(d)
	if err != nil || dur < 0 {
		return nil, apierr.Fail(apierr.CodeValidationFailed, "invalid format for ban duration: %q (want a duration such as 24h, or none)", d)
	}
	t := s.now().Add(dur)
	return &t, nil
}

// adminCreateUser creates a user, confirmed when email_confirm is set.
func (s *Service) adminCreateUser(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p adminUserParams
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
			return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
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
		if p.BanDuration != "" {
			until, err := s.banUntil(p.BanDuration)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, store.SQL.AdminSetBan, userID, until); err != nil {
				return fmt.Errorf("ban: %w", err)
			}
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
	var p adminUserParams
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
		if newEmail != "" && newEmail != u.Email {
			if other, err := s.userIDByEmail(ctx, tx, newEmail); err != nil {
				return err
			} else if other != "" {
				return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
			}
			if _, err := tx.Exec(ctx, store.SQL.ApplyEmailChange, u.ID, newEmail); err != nil {
				return fmt.Errorf("change email: %w", err)
			}
		}
		if p.Password != nil {
			if _, err := tx.Exec(ctx, store.SQL.SetPassword, u.ID, hash); err != nil {
				return fmt.Errorf("set password: %w", err)
			}
		}
		if p.EmailConfirm {
			if _, err := tx.Exec(ctx, store.SQL.ConfirmEmail, u.ID); err != nil {
				return fmt.Errorf("confirm: %w", err)
			}
		}
		if p.UserMetadata != nil {
			if _, err := tx.Exec(ctx, store.SQL.MergeUserMetadata, u.ID, p.UserMetadata); err != nil {
				return fmt.Errorf("user metadata: %w", err)
			}
		}
		if p.AppMetadata != nil {
			if _, err := tx.Exec(ctx, store.SQL.MergeAppMetadata, u.ID, p.AppMetadata); err != nil {
				return fmt.Errorf("app metadata: %w", err)
			}
		}
		if p.Role != "" {
			if _, err := tx.Exec(ctx, store.SQL.AdminSetRole, u.ID, p.Role); err != nil {
				return fmt.Errorf("role: %w", err)
			}
		}
		if p.BanDuration != "" {
			until, err := s.banUntil(p.BanDuration)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, store.SQL.AdminSetBan, u.ID, until); err != nil {
				return fmt.Errorf("ban: %w", err)
			}
			if until != nil {
				// A banned user's sessions end now.
				if _, err := tx.Exec(ctx, store.SQL.DeleteUserSessions, u.ID); err != nil {
					return fmt.Errorf("end sessions: %w", err)
				}
			}
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
		query := store.SQL.AdminDeleteUser
		if p.ShouldSoftDelete {
			query = store.SQL.AdminSoftDeleteUser
		}
		if _, err := tx.Exec(ctx, query, u.ID); err != nil {
			return fmt.Errorf("delete user: %w", err)
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
		if err := s.removeFactor(ctx, tx, gone.ID); err != nil {
			return err
		}
		return s.audit(ctx, tx, r, "factor_unenrolled", u.ID, map[string]any{"factor_id": gone.ID, "by": "admin"})
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, gone)
}

type generateLinkParams struct {
	Type       string         `json:"type"`
	Email      string         `json:"email"`
	NewEmail   string         `json:"new_email"`
	Password   string         `json:"password"`
	Data       map[string]any `json:"data"`
	RedirectTo string         `json:"redirect_to"`
}

// adminGenerateLink makes the link and code a mail would carry without
// sending it, for apps that send their own mail.
func (s *Service) adminGenerateLink(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	if err := s.requireAdmin(r); err != nil {
		return err
	}
	var p generateLinkParams
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
				return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
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
			code, hash, err = s.issueOTT(ctx, tx, userID, ottConfirmation, email)
			return err
		case "magiclink":
			if u == nil {
				if userID, err = s.createUser(ctx, tx, newUser{Email: email, UserMetadata: p.Data, Provider: "email"}); err != nil {
					return err
				}
			}
			code, hash, err = s.issueOTT(ctx, tx, userID, ottRecovery, email)
			return err
		case "recovery":
			if u == nil {
				return errUserNotFound()
			}
			code, hash, err = s.issueOTT(ctx, tx, userID, ottRecovery, email)
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
				return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
			}
			if _, err := tx.Exec(ctx, store.SQL.SetEmailChange, userID, newEmail); err != nil {
				return fmt.Errorf("record e-mail change: %w", err)
			}
			verifyType = "email_change"
			newCode, newHash, err := s.issueOTT(ctx, tx, userID, ottEmailChangeNew, newEmail)
			if err != nil {
				return err
			}
			code, hash = newCode, newHash
			if !s.cfg.SecureEmailChange {
				return nil
			}
			curCode, curHash, err := s.issueOTT(ctx, tx, userID, ottEmailChangeCurrent, email)
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
	// The answer is the user's fields plus the link's (auth-js
	// _generateLinkResponse splits them again).
	b, err := json.Marshal(u)
	if err != nil {
		return err
	}
	out := map[string]any{}
	if err := json.Unmarshal(b, &out); err != nil {
		return err
	}
	out["action_link"] = s.verifyURL(hash, verifyType, redirect, false)
	out["email_otp"] = code
	out["hashed_token"] = hash
	out["redirect_to"] = redirect
	out["verification_type"] = verifyType
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
				return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
			}
		} else if userID, err = s.createUser(ctx, tx, newUser{Email: email, UserMetadata: p.Data, Provider: "email", Invited: true}); err != nil {
			return err
		}
		code, hash, err := s.issueOTT(ctx, tx, userID, ottConfirmation, email)
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
