// Package admin is the data layer of GoTrue's admin user API (/admin/users
// and /admin/generate_link, service_role only): paging through users and
// changing or deleting one in the caller's transaction. gateway/auth keeps
// the HTTP contract — who may call, the bodies, audit and answers.
package admin

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/store"
	"daybase/gateway/auth/wire"
)

// UserParams are the fields of admin create and update.
type UserParams struct {
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

// LinkParams are the fields of generate_link.
type LinkParams struct {
	Type       string         `json:"type"`
	Email      string         `json:"email"`
	NewEmail   string         `json:"new_email"`
	Password   string         `json:"password"`
	Data       map[string]any `json:"data"`
	RedirectTo string         `json:"redirect_to"`
}

// ErrEmailExists is GoTrue's answer for an address another user holds.
func ErrEmailExists() *apierr.Error {
	return apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
}

// BanUntil turns ban_duration into banned_until: "none" lifts a ban.
func BanUntil(now time.Time, d string) (*time.Time, error) {
	if d == "none" {
		return nil, nil
	}
	dur, err := time.ParseDuration(d)
	if err != nil || dur < 0 {
		return nil, apierr.Fail(apierr.CodeValidationFailed, "invalid format for ban duration: %q (want a duration such as 24h, or none)", d)
	}
	t := now.Add(dur)
	return &t, nil
}

// Page reads page and per_page of a listing: 1 and 50 when absent,
// per_page at most 1000.
func Page(q url.Values) (page, perPage int, err error) {
	page, perPage = 1, 50
	if v := q.Get("page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, 0, apierr.Fail(apierr.CodeValidationFailed, "page must be a positive number")
		}
		page = n
	}
	if v := q.Get("per_page"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			return 0, 0, apierr.Fail(apierr.CodeValidationFailed, "per_page must be a positive number")
		}
		perPage = min(n, 1000)
	}
	return page, perPage, nil
}

// List returns one page of the users whose address contains filter (taken
// literally), newest first, and how many match in all.
func List(ctx context.Context, db store.Querier, filter string, page, perPage int) ([]*wire.User, int, error) {
	like := "%" + strings.NewReplacer(`\`, `\\`, "%", `\%`, "_", `\_`).Replace(filter) + "%"
	var total int
	if err := db.QueryRow(ctx, store.SQL.AdminCountUsers, like).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("count users: %w", err)
	}
	rows, err := db.Query(ctx, store.SQL.AdminListUsers, like, perPage, (page-1)*perPage)
	if err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	defer rows.Close()
	users := []*wire.User{}
	for rows.Next() {
		u, err := store.ScanUser(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("list users: %w", err)
		}
		users = append(users, u)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("list users: %w", err)
	}
	return users, total, nil
}

// Links is GoTrue's Link header for a page of a listing at path: the next
// page while there is one, and the last.
func Links(path string, q url.Values, page, perPage, total int) string {
	last := max(1, (total+perPage-1)/perPage)
	link := func(p int, rel string) string {
		v := url.Values{"page": {strconv.Itoa(p)}, "per_page": {strconv.Itoa(perPage)}}
		if f := q.Get("filter"); f != "" {
			v.Set("filter", f)
		}
		return fmt.Sprintf(`<%s?%s>; rel="%s"`, path, v.Encode(), rel)
	}
	var links []string
	if page < last {
		links = append(links, link(page+1, "next"))
	}
	links = append(links, link(last, "last"))
	return strings.Join(links, ", ")
}

// SetBan applies ban_duration (when given) to a user; a ban ends the
// user's sessions now when endSessions is set.
func SetBan(ctx context.Context, tx store.Querier, userID, duration string, now time.Time, endSessions bool) error {
	if duration == "" {
		return nil
	}
	until, err := BanUntil(now, duration)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, store.SQL.AdminSetBan, userID, until); err != nil {
		return fmt.Errorf("ban: %w", err)
	}
	if until != nil && endSessions {
		if _, err := tx.Exec(ctx, store.SQL.DeleteUserSessions, userID); err != nil {
			return fmt.Errorf("end sessions: %w", err)
		}
	}
	return nil
}

// Update changes user u at once in tx — an e-mail change needs no
// confirmation here — merging metadata as GoTrue does. newEmail is the
// normalised address ("" keeps it), hash the new password's (used when
// p.Password is set).
func Update(ctx context.Context, tx store.Querier, u *wire.User, p UserParams, newEmail, hash string, now time.Time) error {
	if newEmail != "" && newEmail != u.Email {
		if other, err := store.UserIDByEmail(ctx, tx, newEmail); err != nil {
			return err
		} else if other != "" {
			return ErrEmailExists()
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
	// A banned user's sessions end now.
	return SetBan(ctx, tx, u.ID, p.BanDuration, now, true)
}

// Delete deletes a user (and everything of theirs, by cascade), or with
// soft marks it deleted, frees its address and ends its sessions.
func Delete(ctx context.Context, tx store.Querier, userID string, soft bool) error {
	query := store.SQL.AdminDeleteUser
	if soft {
		query = store.SQL.AdminSoftDeleteUser
	}
	if _, err := tx.Exec(ctx, query, userID); err != nil {
		return fmt.Errorf("delete user: %w", err)
	}
	return nil
}

// LinkAnswer is generate_link's answer: the user's fields plus the
// link's (auth-js _generateLinkResponse splits them again).
func LinkAnswer(u *wire.User, link map[string]any) (map[string]any, error) {
	b, err := json.Marshal(u)
	if err != nil {
		return nil, err
	}
	out := map[string]any{}
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, err
	}
	for k, v := range link {
		out[k] = v
	}
	return out, nil
}
