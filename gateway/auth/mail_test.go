package auth

import (
	"strings"
	"testing"
)

func TestTemplatesRender(t *testing.T) {
	for _, kind := range []string{mailConfirmation, mailRecovery, mailMagicLink, mailEmailChange, mailEmailChangeCurrent, mailInvite, mailReauthentication} {
		m, err := renderMail(kind, "a@example.test", mailData{ConfirmationURL: "http://x", Token: "123456", NewEmail: "b@example.test", Email: "a@example.test"})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		if m.Subject == "" || !strings.Contains(m.Body, "123456") && kind != mailInvite || (kind != mailReauthentication && !strings.Contains(m.Body, "http://x")) {
			t.Errorf("%s rendered %+v", kind, m)
		}
	}
}
