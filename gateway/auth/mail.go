package auth

import (
	"bytes"
	"context"
	"crypto/tls"
	"embed"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"text/template"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

//go:embed templates/*.tmpl
var templateFiles embed.FS

// templates are the mail bodies, one file per kind. A file starts with a
// "Subject: …" line and a blank line; the rest is the plain-text body.
var templates = template.Must(template.New("mail").ParseFS(templateFiles, "templates/*.tmpl"))

// Mail kinds, named after their template files.
const (
	mailConfirmation       = "confirmation"
	mailRecovery           = "recovery"
	mailMagicLink          = "magic_link"
	mailEmailChange        = "email_change"
	mailEmailChangeCurrent = "email_change_current"
	mailInvite             = "invite"
	mailReauthentication   = "reauthentication"
)

// mailData is what templates can use.
type mailData struct {
	SiteURL         string
	ConfirmationURL string // the link to follow
	Token           string // the 6-digit code, for typing instead
	TokenHash       string
	Email           string // the account's address (the recipient unless set)
	NewEmail        string // e-mail change: the new address
	RedirectTo      string
	Data            map[string]any // the user's metadata
}

// message is one rendered mail.
type message struct {
	To, Subject, Body, Kind string
}

// mailer delivers messages.
type mailer interface {
	send(ctx context.Context, m message) error
}

// renderMail fills the kind's template.
func renderMail(kind, to string, d mailData) (message, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, kind+".tmpl", d); err != nil {
		return message{}, fmt.Errorf("render %s mail: %w", kind, err)
	}
	head, body, ok := strings.Cut(buf.String(), "\n\n")
	subject, hasSubject := strings.CutPrefix(head, "Subject: ")
	if !ok || !hasSubject {
		return message{}, fmt.Errorf("template %s.tmpl must start with 'Subject: …' and a blank line", kind)
	}
	return message{To: to, Subject: strings.TrimSpace(subject), Body: strings.TrimLeft(body, "\n"), Kind: kind}, nil
}

// sendMail renders and delivers one mail.
func (s *Service) sendMail(ctx context.Context, kind, to string, d mailData) error {
	d.SiteURL = s.cfg.SiteURL
	if d.Email == "" {
		d.Email = to
	}
	m, err := renderMail(kind, to, d)
	if err != nil {
		return err
	}
	if err := s.mailer.send(ctx, m); err != nil {
		return fmt.Errorf("send %s mail: %w", kind, err)
	}
	return nil
}

// outboxMailer keeps mail in auth.outbox (and the log) for development,
// when no SMTP server is configured: links can be read with
// `daybase sql -c "select body from auth.outbox order by id desc limit 1"`.
type outboxMailer struct {
	db  *pgxpool.Pool
	log *slog.Logger
}

func (o *outboxMailer) send(ctx context.Context, m message) error {
	if _, err := o.db.Exec(ctx, q.InsertOutbox, m.To, m.Subject, m.Body, m.Kind); err != nil {
		return fmt.Errorf("outbox: %w", err)
	}
	o.log.Info("mail kept in the dev outbox (no SMTP configured)", "to", m.To, "kind", m.Kind, "subject", m.Subject, "body", m.Body)
	return nil
}

// smtpMailer sends through an SMTP server: implicit TLS on port 465,
// STARTTLS elsewhere when the server offers it, PLAIN auth when a user is
// configured.
type smtpMailer struct {
	cfg SMTPConfig
}

func (s *smtpMailer) send(ctx context.Context, m message) error {
	from, err := mail.ParseAddress(s.cfg.From)
	if err != nil {
		return fmt.Errorf("DAYBASE_SMTP_FROM %q: %w", s.cfg.From, err)
	}
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	d := net.Dialer{Timeout: 15 * time.Second}
	var conn net.Conn
	if s.cfg.Port == 465 {
		conn, err = tls.DialWithDialer(&d, "tcp", addr, &tls.Config{ServerName: s.cfg.Host})
	} else {
		conn, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("connect to SMTP server %s: %w", addr, err)
	}
	if dl, ok := ctx.Deadline(); ok {
		conn.SetDeadline(dl)
	} else {
		conn.SetDeadline(time.Now().Add(time.Minute))
	}
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		conn.Close()
		return fmt.Errorf("SMTP greeting from %s: %w", addr, err)
	}
	defer c.Close()
	if ok, _ := c.Extension("STARTTLS"); ok && s.cfg.Port != 465 {
		if err := c.StartTLS(&tls.Config{ServerName: s.cfg.Host}); err != nil {
			return fmt.Errorf("SMTP STARTTLS: %w", err)
		}
	}
	if s.cfg.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.User, s.cfg.Pass, s.cfg.Host)); err != nil {
			return fmt.Errorf("SMTP auth as %s: %w", s.cfg.User, err)
		}
	}
	if err := c.Mail(from.Address); err != nil {
		return fmt.Errorf("SMTP MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("SMTP RCPT TO %s: %w", m.To, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("SMTP DATA: %w", err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n",
		from.String(), m.To, mimeHeader(m.Subject), time.Now().Format(time.RFC1123Z))
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(m.Body, "\n", "\r\n"))
	if _, err := w.Write([]byte(b.String())); err != nil {
		return fmt.Errorf("SMTP body: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("SMTP end of data: %w", err)
	}
	return c.Quit()
}

// mimeHeader encodes a header value when it is not plain ASCII.
func mimeHeader(v string) string {
	for _, r := range v {
		if r > 127 {
			return mime.QEncoding.Encode("utf-8", v)
		}
	}
	return v
}
