package auth

import (
	"bufio"
	"context"
	"net"
	"strings"
	"testing"
)

// fakeSMTP accepts one conversation and hands back the DATA it received.
func fakeSMTP(t *testing.T) (host string, port int, data <-chan string) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	out := make(chan string, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		say := func(s string) { c.Write([]byte(s + "\r\n")) }
		say("220 fake ESMTP")
		var body strings.Builder
		inData := false
		for {
			line, err := r.ReadString('\n')
			if err != nil {
				return
			}
			if inData {
				if line == ".\r\n" {
					inData = false
					out <- body.String()
					say("250 queued")
					continue
				}
				body.WriteString(line)
				continue
			}
			switch cmd := strings.ToUpper(strings.TrimSpace(line)); {
			case strings.HasPrefix(cmd, "EHLO"):
				say("250-fake")
				say("250 AUTH PLAIN")
			case strings.HasPrefix(cmd, "AUTH PLAIN"):
				say("235 ok")
			case strings.HasPrefix(cmd, "DATA"):
				inData = true
				say("354 go ahead")
			case strings.HasPrefix(cmd, "QUIT"):
				say("221 bye")
				return
			default:
				say("250 ok")
			}
		}
	}()
	addr := ln.Addr().(*net.TCPAddr)
	return "127.0.0.1", addr.Port, out
}

func TestSMTPMailer(t *testing.T) {
	host, port, data := fakeSMTP(t)
	m := &smtpMailer{cfg: SMTPConfig{Host: host, Port: port, From: "Daybase <no-reply@daybase.test>"}}
	msg, err := renderMail(mailRecovery, "ada@example.test", mailData{ConfirmationURL: "http://x/verify?token=abc", Token: "123456", Email: "ada@example.test"})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.send(context.Background(), msg); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := <-data
	for _, want := range []string{"From: \"Daybase\" <no-reply@daybase.test>", "To: ada@example.test", "Subject: Reset your password", "http://x/verify?token=abc", "code: 123456"} {
		if !strings.Contains(got, want) {
			t.Errorf("mail lacks %q:\n%s", want, got)
		}
	}
}

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
