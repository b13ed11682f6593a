// Package mailer renders the auth service's mails from their templates
// (templates/*.tmpl, one per kind, as GoTrue's mailer keeps them apart
// from the handlers); internal/mail delivers them.
package mailer

import (
	"bytes"
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
	Confirmation       = "confirmation"
	Recovery           = "recovery"
	MagicLink          = "magic_link"
	EmailChange        = "email_change"
	EmailChangeCurrent = "email_change_current"
	Invite             = "invite"
	Reauthentication   = "reauthentication"
)

// Data is what templates can use.
type Data struct {
	SiteURL         string
	ConfirmationURL string // the link to follow
	Token           string // the 6-digit code, for typing instead
	TokenHash       string
	Email           string // the account's address (the recipient unless set)
	NewEmail        string // e-mail change: the new address
	RedirectTo      string
	Data            map[string]any // the user's metadata
}

// Render fills the kind's template.
func Render(kind, to string, d Data) (mail.Message, error) {
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
