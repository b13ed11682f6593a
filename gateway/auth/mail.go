package auth

import (
	"bytes"
	"context"
	"embed"
	"fmt"
	"strings"
	"text/template"

	"daybase/internal/mail"
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

// renderMail fills the kind's template.
func renderMail(kind, to string, d mailData) (mail.Message, error) {
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, kind+".tmpl", d); err != nil {
		return mail.Message{}, fmt.Errorf("render %s mail: %w", kind, err)
	}
	head, body, ok := strings.Cut(buf.String(), "\n\n")
	subject, hasSubject := strings.CutPrefix(head, "Subject: ")
	if !ok || !hasSubject {
		return mail.Message{}, fmt.Errorf("template %s.tmpl must start with 'Subject: …' and a blank line", kind)
	}
	return mail.Message{To: to, Subject: strings.TrimSpace(subject), Body: strings.TrimLeft(body, "\n"), Kind: kind}, nil
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
	if err := s.mailer.Send(ctx, m); err != nil {
		return fmt.Errorf("send %s mail: %w", kind, err)
	}
	return nil
}
