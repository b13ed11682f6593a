package reminders

import (
	"context"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Mail is one reminder e-mail.
type Mail struct {
	To, Subject, Body string
}

// Mailer delivers reminder e-mails.
type Mailer interface {
	Send(ctx context.Context, m Mail) error
}

// OutboxMailer keeps mail in auth.outbox, the dev mail sink of the auth
// service (kind task_reminder unless Kind is set), when no SMTP server is
// configured.
type OutboxMailer struct {
	Pool *pgxpool.Pool
	Log  *slog.Logger
	Kind string
}

// Send implements Mailer.
func (o OutboxMailer) Send(ctx context.Context, m Mail) error {
	kind := o.Kind
	if kind == "" {
		kind = "task_reminder"
	}
	if _, err := o.Pool.Exec(ctx, `INSERT INTO auth.outbox (to_address, subject, body, kind) VALUES ($1, $2, $3, $4)`,
		m.To, m.Subject, m.Body, kind); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.Log.Info("mail kept in the dev outbox (no SMTP configured)", "kind", kind, "to", m.To, "subject", m.Subject)
	return nil
}

// SMTPMailer sends through an SMTP server with the auth service's settings
// (DAYBASE_SMTP_HOST, _PORT, _USER, _PASS, _FROM): STARTTLS when the server
// offers it, PLAIN authentication when a user is set.
type SMTPMailer struct {
	Host           string
	Port           int
	User, Password string
	From           string
}

// Send implements Mailer.
func (s SMTPMailer) Send(ctx context.Context, m Mail) error {
	from, err := mail.ParseAddress(s.From)
	if err != nil {
		return fmt.Errorf("DAYBASE_SMTP_FROM %q: %w", s.From, err)
	}
	addr := net.JoinHostPort(s.Host, strconv.Itoa(s.Port))
	var auth smtp.Auth
	if s.User != "" {
		auth = smtp.PlainAuth("", s.User, s.Password, s.Host)
	}
	msg := strings.Join([]string{
		"From: " + from.String(),
		"To: " + m.To,
		"Subject: " + mimeHeader(m.Subject),
		"Date: " + time.Now().Format(time.RFC1123Z),
		"MIME-Version: 1.0",
		"Content-Type: text/plain; charset=utf-8",
		"",
		strings.ReplaceAll(m.Body, "\n", "\r\n"),
	}, "\r\n")
	done := make(chan error, 1)
	go func() { done <- smtp.SendMail(addr, auth, from.Address, []string{m.To}, []byte(msg)) }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("send mail via %s: %w", addr, err)
		}
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func mimeHeader(s string) string { return mime.QEncoding.Encode("utf-8", s) }
