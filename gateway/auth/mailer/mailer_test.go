package mailer

import (
	"strings"
	"testing"
)

func TestTemplatesRender(t *testing.T) {
	for _, kind := range []string{Confirmation, Recovery, MagicLink, EmailChange, EmailChangeCurrent, Invite, Reauthentication} {
		m, err := Render(kind, "a@example.test", Data{ConfirmationURL: "http://x", Token: "123456", NewEmail: "b@example.test", Email: "a@example.test"})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if m.Subject == "" || !strings.Contains(m.Body, "123456") && kind != Invite || (kind != Reauthentication && !strings.Contains(m.Body, "http://x")) {
			t.Errorf("%s rendered %+v", kind, m)
		}
	}
}
