// Package support is the support-request function: the "contact support"
// step of the two-factor recovery dialog (spec 000 §4).
//
//	POST /functions/v1/support-request {"email": "...", "message": "...", "userId": "...", "topic": "2fa_recovery"}
//	  -> 200 {"success": true, "id": "<request id>"}
//	  -> 400 {"error": "Please provide both your email and a detailed message", "title": "Missing information"}
//	  -> 429 {"error": "You have sent 3 support requests in the last hour. ...", "title": "Too many requests"}
//
// The caller must be signed in, but an aal1 session is enough: the user
// asking is the one who cannot pass the second factor. The request is
// stored in public.support_requests (no client access) as service_role and
// mailed to the support address after the commit.
package support

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	netmail "net/mail"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/jackc/pgx/v5"

	"daybase/functions"
	"daybase/internal/mail"
)

// Limits of one request and of a user's requests.
const (
	MaxMessage     = 5000 // characters
	MaxEmail       = 320
	DefaultPerHour = 3
)

// Texts the app shows (spec 000 §4 for the missing-information one).
const (
	missingTitle = "Missing information"
	missingText  = "Please provide both your email and a detailed message"
)

// Config is the support-request function's configuration.
type Config struct {
	// To is the support address (DAYBASE_SUPPORT_EMAIL). Empty: the mail is
	// kept in the dev outbox addressed to DevAddress and logged.
	To string
	// Mailer sends to To (SMTP, or the dev outbox when SMTP is not set).
	Mailer mail.Sender
	// PerHour caps a user's requests in a sliding hour; DefaultPerHour when 0.
	PerHour int
}

// DevAddress is the recipient recorded in the dev outbox when no support
// address is configured.
const DevAddress = "support@daybase.invalid"

// Service is the support-request function.
type Service struct {
	cfg Config
	log *slog.Logger
}

// New returns the function's service.
func New(cfg Config, log *slog.Logger) *Service {
	if cfg.PerHour <= 0 {
		cfg.PerHour = DefaultPerHour
	}
	return &Service{cfg: cfg, log: log.With("function", "support-request")}
}

// Function is support-request.
func (s *Service) Function() functions.Function {
	return functions.Function{Name: "support-request", Handler: s.handle, MaxBody: 64 << 10, Timeout: 20 * time.Second}
}

type input struct {
	Email   string `json:"email"`
	Message string `json:"message"`
	// UserID is what the app believes the user is; the caller's token
	// decides, a different id is only logged.
	UserID string `json:"userId"`
	Topic  string `json:"topic"`
}

func failure(status int, title, text string) *functions.Error {
	return &functions.Error{Status: status, Message: text, Body: map[string]string{"error": text, "title": title}}
}

func (s *Service) handle(ctx context.Context, r *functions.Request) (any, error) {
	if r.HTTP.Method != http.MethodPost {
		return nil, functions.Errorf(http.StatusMethodNotAllowed, "Use POST")
	}
	uid := r.UserID()
	if uid == "" {
		return nil, failure(http.StatusBadRequest, "Sign-in needed", "A support request needs the signed-in user it is about")
	}
	var in input
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	in.Email, in.Message = strings.TrimSpace(in.Email), strings.TrimSpace(in.Message)
	if in.Email == "" || in.Message == "" {
		return nil, failure(http.StatusBadRequest, missingTitle, missingText)
	}
	addr, err := netmail.ParseAddress(in.Email)
	if err != nil || addr.Name != "" || len(in.Email) > MaxEmail {
		return nil, failure(http.StatusBadRequest, "Invalid email", "Please provide a valid email address")
	}
	if n := utf8.RuneCountInString(in.Message); n > MaxMessage {
		return nil, failure(http.StatusBadRequest, "Message too long",
			fmt.Sprintf("Please keep the message under %d characters (it has %d)", MaxMessage, n))
	}
	topic := in.Topic
	switch topic {
	case "":
		topic = "2fa_recovery"
	case "2fa_recovery", "other":
	default:
		return nil, failure(http.StatusBadRequest, "Invalid topic", "topic must be 2fa_recovery or other")
	}
	if in.UserID != "" && in.UserID != uid {
		s.log.Warn("support request names another user than the caller; stored for the caller", "caller", uid, "userId", in.UserID)
	}

	var (
		id, accountEmail string
		limited          time.Duration
		createdAt        time.Time
	)
	err = r.AsService(ctx, func(tx pgx.Tx) error {
		// One user's requests are counted and inserted one at a time.
		if _, err := tx.Exec(ctx, stmt.RequestLock, uid); err != nil {
			return err
		}
		var (
			n      int
			oldest *time.Time
		)
		if err := tx.QueryRow(ctx, stmt.RequestsLastHour, uid).Scan(&n, &oldest); err != nil {
			return err
		}
		if n >= s.cfg.PerHour {
			var secs float64
			if err := tx.QueryRow(ctx, stmt.SecondsUntilSlot, oldest).Scan(&secs); err != nil {
				return err
			}
			limited = max(time.Duration(secs*float64(time.Second)), time.Minute)
			return nil
		}
		if err := tx.QueryRow(ctx, stmt.RequestInsert, uid, addr.Address, in.Message, topic).Scan(&id, &createdAt); err != nil {
			return err
		}
		return tx.QueryRow(ctx, stmt.AccountEmail, uid).Scan(&accountEmail)
	})
	if err != nil {
		return nil, err
	}
	if limited > 0 {
		minutes := int((limited + time.Minute - 1) / time.Minute)
		return nil, failure(http.StatusTooManyRequests, "Too many requests", fmt.Sprintf(
			"You have sent %d support requests in the last hour. Please try again in %d minute%s.",
			s.cfg.PerHour, minutes, plural(minutes)))
	}

	// After the commit: a failed mail leaves the stored request (the queue
	// is the record) with mailed_at null, and is logged.
	to := s.cfg.To
	if to == "" {
		to = DevAddress
	}
	m := mail.Message{
		To:      to,
		Kind:    "support_request",
		Subject: fmt.Sprintf("Support request (%s) from %s", topicLabel(topic), addr.Address),
		Body: fmt.Sprintf("Request: %s\nReceived: %s\nTopic: %s\nUser id: %s\nAccount e-mail: %s\nContact e-mail: %s\n\n%s\n",
			id, createdAt.UTC().Format(time.RFC3339), topicLabel(topic), uid, accountEmail, addr.Address, in.Message),
	}
	if s.cfg.Mailer == nil {
		s.log.Warn("support request stored, no mailer configured", "id", id)
	} else if err := s.cfg.Mailer.Send(ctx, m); err != nil {
		s.log.Error("support request stored, mail to support failed", "id", id, "to", to, "err", err)
	} else {
		if s.cfg.To == "" {
			s.log.Warn("support request mail kept in the dev outbox: set DAYBASE_SUPPORT_EMAIL to receive it", "id", id)
		}
		if err := r.AsService(ctx, func(tx pgx.Tx) error {
			_, err := tx.Exec(ctx, stmt.RequestMailed, id)
			return err
		}); err != nil {
			s.log.Error("support request mailed, mailed_at not recorded", "id", id, "err", err)
		}
	}
	return map[string]any{"success": true, "id": id}, nil
}

func topicLabel(topic string) string {
	if topic == "2fa_recovery" {
		return "two-factor recovery"
	}
	return topic
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
