// Package ott is the data layer of GoTrue's one-time tokens, the codes and
// links mailed for sign-up, invitation, recovery, magic links, e-mail
// change and reauthentication: issuing one, consuming one, counting wrong
// codes, and what a verified token changes. gateway/auth keeps the HTTP
// contract of /verify, /otp, /recover and /resend.
package ott

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/codes"
	"daybase/gateway/auth/store"
)

// Token types, as GoTrue names them in auth.one_time_tokens.
const (
	Confirmation       = "confirmation_token"
	Recovery           = "recovery_token"
	EmailChangeNew     = "email_change_token_new"
	EmailChangeCurrent = "email_change_token_current"
	Reauthentication   = "reauthentication_token"
)

// VerifyTypes are the verification types of /verify and the token types
// each accepts.
var VerifyTypes = map[string][]string{
	"signup":       {Confirmation},
	"invite":       {Confirmation},
	"recovery":     {Recovery},
	"magiclink":    {Recovery},
	"email":        {Confirmation, Recovery},
	"email_change": {EmailChangeNew, EmailChangeCurrent},
}

// ErrLinkInvalid is GoTrue's answer to a wrong, used or expired link.
func ErrLinkInvalid() *apierr.Error {
	return apierr.Fail(apierr.CodeOTPExpired, "Email link is invalid or has expired")
}

// ErrCodeInvalid is GoTrue's answer to a wrong or expired code.
func ErrCodeInvalid() *apierr.Error {
	return apierr.Fail(apierr.CodeOTPExpired, "Token has expired or is invalid")
}

// Issue stores a fresh token of typ for userID, sent to address,
// replacing the previous one of that type, and stamps the user's matching
// *_sent_at column. It returns the code and the hash a link carries.
func Issue(ctx context.Context, db store.Querier, random io.Reader, userID, typ, address string) (code, hash string, err error) {
	code, err = codes.NewOTP(random)
	if err != nil {
		return "", "", err
	}
	hash = codes.Hash(address, code)
	if _, err := db.Exec(ctx, store.SQL.UpsertOneTimeToken, userID, typ, hash, address); err != nil {
		return "", "", fmt.Errorf("store %s: %w", typ, err)
	}
	if _, err := db.Exec(ctx, store.SQL.SetSentAt, userID, typ); err != nil {
		return "", "", fmt.Errorf("stamp %s: %w", typ, err)
	}
	return code, hash, nil
}

// Verified is a token that matched.
type Verified struct {
	UserID    string
	TokenType string
	Address   string
}

// Consume finds and deletes the token with hash among types, refusing one
// older than expiry.
func Consume(ctx context.Context, tx pgx.Tx, hash string, types []string, address string, now time.Time, expiry time.Duration) (Verified, error) {
	var v Verified
	var created time.Time
	err := tx.QueryRow(ctx, store.SQL.FindOneTimeToken, hash, types, address).Scan(&v.UserID, &v.TokenType, &v.Address, &created)
	if errors.Is(err, pgx.ErrNoRows) {
		return v, ErrLinkInvalid()
	}
	if err != nil {
		return v, fmt.Errorf("find one-time token: %w", err)
	}
	if now.After(created.Add(expiry)) {
		return v, ErrLinkInvalid()
	}
	if _, err := tx.Exec(ctx, store.SQL.DeleteOneTimeToken, v.UserID, v.TokenType); err != nil {
		return v, fmt.Errorf("use one-time token: %w", err)
	}
	return v, nil
}

// CountWrongCode records a wrong code typed for address: past maxFailures
// the address's outstanding tokens of types are deleted, so guessing
// across many IPs gains nothing (issue 17). It reports whether they were.
func CountWrongCode(ctx context.Context, db store.Querier, address string, types []string, maxFailures int) (bool, error) {
	if address == "" || maxFailures <= 0 {
		return false, nil
	}
	var exhausted int
	if err := db.QueryRow(ctx, store.SQL.CountWrongCode, address, types, maxFailures).Scan(&exhausted); err != nil {
		return false, fmt.Errorf("count wrong code: %w", err)
	}
	if exhausted == 0 {
		return false, nil
	}
	if _, err := db.Exec(ctx, store.SQL.DeleteExhaustedCodes, address, types, maxFailures); err != nil {
		return false, fmt.Errorf("drop exhausted codes: %w", err)
	}
	return true, nil
}

// Outcome is what applying a verified token did: the verification type
// the token turned out to be (type "email" resolves to signup or
// magiclink), Done=false while a secure e-mail change waits for its
// second confirmation, and the audit entry to write when Action is set.
type Outcome struct {
	Resolved string
	Done     bool
	Action   string
	Audit    map[string]any
}

// Apply does what a verified token of verifyType means in tx: confirm the
// address, or finish an e-mail change.
func Apply(ctx context.Context, tx pgx.Tx, verifyType string, v Verified) (Outcome, error) {
	resolved := verifyType
	if verifyType == "email" {
		resolved = "signup"
		if v.TokenType == Recovery {
			resolved = "magiclink"
		}
	}
	banned := false
	if err := tx.QueryRow(ctx, store.SQL.UserBanned, v.UserID).Scan(&banned); err != nil {
		return Outcome{}, fmt.Errorf("check ban: %w", err)
	}
	if banned {
		return Outcome{}, apierr.Fail(apierr.CodeUserBanned, "User is banned").WithStatus(http.StatusForbidden)
	}
	switch resolved {
	case "signup", "invite", "recovery", "magiclink":
		// Following any mailed link proves the address.
		if _, err := tx.Exec(ctx, store.SQL.ConfirmEmail, v.UserID); err != nil {
			return Outcome{}, fmt.Errorf("confirm email: %w", err)
		}
		action := "login"
		if resolved == "signup" || resolved == "invite" {
			action = "user_signedup"
		}
		return Outcome{resolved, true, action, map[string]any{"provider": "email", "type": resolved}}, nil
	case "email_change":
		var pending string
		var step int
		if err := tx.QueryRow(ctx, store.SQL.EmailChangeState, v.UserID).Scan(&pending, &step); err != nil {
			return Outcome{}, fmt.Errorf("read e-mail change: %w", err)
		}
		if pending == "" {
			return Outcome{}, ErrLinkInvalid()
		}
		// With secure e-mail change both addresses confirm; the first
		// confirmation only counts.
		var other int
		if err := tx.QueryRow(ctx, store.SQL.CountEmailChangeTokens, v.UserID).Scan(&other); err != nil {
			return Outcome{}, fmt.Errorf("count e-mail change tokens: %w", err)
		}
		if other > 0 {
			_, err := tx.Exec(ctx, store.SQL.SetEmailChangeStep, v.UserID, step+1)
			return Outcome{Resolved: resolved}, err
		}
		if _, err := tx.Exec(ctx, store.SQL.ApplyEmailChange, v.UserID, pending); err != nil {
			if pe := (*pgconn.PgError)(nil); errors.As(err, &pe) && pe.Code == "23505" {
				return Outcome{}, apierr.Fail(apierr.CodeEmailExists, "A user with this email address has already been registered")
			}
			return Outcome{}, fmt.Errorf("apply e-mail change: %w", err)
		}
		return Outcome{resolved, true, "user_modified", map[string]any{"email_change": pending}}, nil
	}
	return Outcome{}, apierr.Fail(apierr.CodeValidationFailed, "Unsupported verification type")
}
