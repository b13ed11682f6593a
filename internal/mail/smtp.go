package mail

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/mail"
	"net/smtp"
	"strconv"
	"strings"
	"time"
)

// Config is the outgoing mail server (DAYBASE_SMTP_*).
type Config struct {
	Host string
	Port int
	// ImplicitTLS speaks TLS from the first byte (SMTPS, port 465);
	// otherwise the client upgrades with STARTTLS when the server offers it.
	ImplicitTLS bool
	// User and Pass authenticate (PLAIN) when User is set.
	User, Pass string
	// From is the sender, "Name <address>" or a bare address.
	From string
	// DialTimeout bounds connecting (default 15s); IOTimeout bounds the
	// whole conversation after that (default 1m). A context deadline or
	// cancellation cuts either short.
	DialTimeout, IOTimeout time.Duration
	// TLS, when set, is the client TLS configuration (a private CA, for
	// one); ServerName defaults to Host.
	TLS *tls.Config
}

// SMTP sends through an SMTP server.
type SMTP struct {
	cfg  Config
	from *mail.Address
	now  func() time.Time
}

// NewSMTP checks cfg and returns its Sender.
func NewSMTP(cfg Config) (*SMTP, error) {
	from, err := mail.ParseAddress(cfg.From)
	if err != nil {
		return nil, fmt.Errorf("DAYBASE_SMTP_FROM %q: %w", cfg.From, err)
	}
	if cfg.DialTimeout == 0 {
		cfg.DialTimeout = 15 * time.Second
	}
	if cfg.IOTimeout == 0 {
		cfg.IOTimeout = time.Minute
	}
	return &SMTP{cfg: cfg, from: from, now: time.Now}, nil
}

func (s *SMTP) tlsConfig() *tls.Config {
	c := &tls.Config{}
	if s.cfg.TLS != nil {
		c = s.cfg.TLS.Clone()
	}
	if c.ServerName == "" {
		c.ServerName = s.cfg.Host
	}
	return c
}

// Send implements Sender. It returns when the server has accepted the
// message, or failed, or ctx is done; no goroutine outlives it.
func (s *SMTP) Send(ctx context.Context, m Message) (err error) {
	addr := net.JoinHostPort(s.cfg.Host, strconv.Itoa(s.cfg.Port))
	d := &net.Dialer{Timeout: s.cfg.DialTimeout}
	var conn net.Conn
	if s.cfg.ImplicitTLS {
		conn, err = (&tls.Dialer{NetDialer: d, Config: s.tlsConfig()}).DialContext(ctx, "tcp", addr)
	} else {
		conn, err = d.DialContext(ctx, "tcp", addr)
	}
	if err != nil {
		return fmt.Errorf("connect to SMTP server %s: %w", addr, err)
	}
	defer conn.Close()
	deadline := s.now().Add(s.cfg.IOTimeout)
	if dl, ok := ctx.Deadline(); ok && dl.Before(deadline) {
		deadline = dl
	}
	conn.SetDeadline(deadline)
	// Cancelling ctx expires the deadline, which unblocks any read or
	// write; wait for that callback before returning so it cannot touch
	// the connection afterwards.
	fired := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		conn.SetDeadline(time.Unix(1, 0))
		close(fired)
	})
	defer func() {
		if !stop() {
			<-fired
			if ctxErr := ctx.Err(); err != nil && ctxErr != nil {
				err = fmt.Errorf("%w (%w)", ctxErr, err)
			}
		}
	}()
	if err := s.converse(conn, addr, m); err != nil {
		return err
	}
	return nil
}

func (s *SMTP) converse(conn net.Conn, addr string, m Message) error {
	c, err := smtp.NewClient(conn, s.cfg.Host)
	if err != nil {
		return fmt.Errorf("SMTP greeting from %s: %w", addr, err)
	}
	defer c.Close()
	if !s.cfg.ImplicitTLS {
		if ok, _ := c.Extension("STARTTLS"); ok {
			if err := c.StartTLS(s.tlsConfig()); err != nil {
				return fmt.Errorf("SMTP STARTTLS with %s: %w", addr, err)
			}
		}
	}
	if s.cfg.User != "" {
		if err := c.Auth(smtp.PlainAuth("", s.cfg.User, s.cfg.Pass, s.cfg.Host)); err != nil {
			return fmt.Errorf("SMTP auth as %s: %w", s.cfg.User, err)
		}
	}
	if err := c.Mail(s.from.Address); err != nil {
		return fmt.Errorf("SMTP MAIL FROM: %w", err)
	}
	if err := c.Rcpt(m.To); err != nil {
		return fmt.Errorf("SMTP RCPT TO %s: %w", m.To, err)
	}
	w, err := c.Data()
	if err != nil {
		return fmt.Errorf("SMTP DATA: %w", err)
	}
	if _, err := w.Write(s.render(m)); err != nil {
		return fmt.Errorf("SMTP body: %w", err)
	}
	if err := w.Close(); err != nil {
		return fmt.Errorf("SMTP end of data: %w", err)
	}
	if err := c.Quit(); err != nil {
		return fmt.Errorf("SMTP QUIT: %w", err)
	}
	return nil
}

// render is the message as it goes on the wire, CRLF line ends.
func (s *SMTP) render(m Message) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\nSubject: %s\r\nDate: %s\r\nMIME-Version: 1.0\r\n",
		s.from.String(), m.To, mimeHeader(m.Subject), s.now().Format(time.RFC1123Z))
	b.WriteString("Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n")
	b.WriteString(strings.ReplaceAll(m.Body, "\n", "\r\n"))
	return []byte(b.String())
}
