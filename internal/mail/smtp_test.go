package mail

import (
	"bufio"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// The tests talk to a real SMTP server in another process: this test
// binary started again with MAIL_TEST_SMTPD set (see smtpd below), with a
// self-signed certificate the test makes.
func TestMain(m *testing.M) {
	if mode := os.Getenv("MAIL_TEST_SMTPD"); mode != "" {
		if err := smtpd(mode, os.Getenv("MAIL_TEST_CERT"), os.Getenv("MAIL_TEST_KEY")); err != nil {
			fmt.Fprintln(os.Stderr, "smtpd:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// received is one message as the server saw it.
type received struct {
	TLS      bool
	User     string
	From, To string
	Data     string
}

// server is a running smtpd process.
type server struct {
	host string
	port int
	mail chan received
	pool *x509.CertPool
}

// startSMTPD starts the helper process in mode "starttls", "implicit" or
// "mute" (accepts and never answers), and stops it when the test ends.
func startSMTPD(t *testing.T, mode string) *server {
	t.Helper()
	dir := t.TempDir()
	pool := selfSigned(t, dir)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "MAIL_TEST_SMTPD="+mode,
		"MAIL_TEST_CERT="+filepath.Join(dir, "cert.pem"), "MAIL_TEST_KEY="+filepath.Join(dir, "key.pem"))
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	r := bufio.NewReader(out)
	line, err := r.ReadString('\n')
	if err != nil {
		t.Fatalf("smtpd did not start: %v", err)
	}
	host, port, err := net.SplitHostPort(strings.TrimPrefix(strings.TrimSpace(line), "ADDR "))
	if err != nil {
		t.Fatalf("smtpd said %q: %v", line, err)
	}
	s := &server{host: host, mail: make(chan received, 8), pool: pool}
	fmt.Sscan(port, &s.port)
	go func() {
		dec := json.NewDecoder(r)
		for {
			var m received
			if dec.Decode(&m) != nil {
				close(s.mail)
				return
			}
			s.mail <- m
		}
	}()
	return s
}

func (s *server) next(t *testing.T) received {
	t.Helper()
	select {
	case m, ok := <-s.mail:
		if !ok {
			t.Fatal("smtpd exited")
		}
		return m
	case <-time.After(10 * time.Second):
		t.Fatal("no mail reached the server")
	}
	return received{}
}

func (s *server) config(implicit bool) Config {
	return Config{Host: s.host, Port: s.port, ImplicitTLS: implicit, From: "Daybase <no-reply@daybase.test>",
		TLS: &tls.Config{RootCAs: s.pool}}
}

func TestSTARTTLS(t *testing.T) {
	srv := startSMTPD(t, "starttls")
	cfg := srv.config(false)
	cfg.User, cfg.Pass = "ada", "secret"
	s, err := NewSMTP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "ada@example.test", Subject: "Réinitialiser", Body: "line one\nhttp://x/verify?token=abc\n", Kind: "recovery"}); err != nil {
		t.Fatalf("send: %v", err)
	}
	got := srv.next(t)
	if !got.TLS || got.User != "ada" || got.From != "no-reply@daybase.test" || got.To != "ada@example.test" {
		t.Errorf("envelope = %+v", got)
	}
	for _, want := range []string{"From: \"Daybase\" <no-reply@daybase.test>\r\n", "To: ada@example.test\r\n",
		"Subject: =?utf-8?q?R=C3=A9initialiser?=\r\n", "\r\n\r\nline one\r\nhttp://x/verify?token=abc\r\n"} {
		if !strings.Contains(got.Data, want) {
			t.Errorf("mail lacks %q:\n%s", want, got.Data)
		}
	}
}

func TestImplicitTLS(t *testing.T) {
	srv := startSMTPD(t, "implicit")
	s, err := NewSMTP(srv.config(true))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Send(context.Background(), Message{To: "bob@example.test", Subject: "Reset your password", Body: "code: 123456"}); err != nil {
		t.Fatalf("send: %v", err)
	}
	if got := srv.next(t); !got.TLS || got.User != "" || !strings.Contains(got.Data, "Subject: Reset your password\r\n") {
		t.Errorf("got %+v", got)
	}
}

func TestUntrustedCertificateRefused(t *testing.T) {
	srv := startSMTPD(t, "starttls")
	cfg := srv.config(false)
	cfg.TLS = nil // the system roots do not know the test's certificate
	s, err := NewSMTP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{To: "ada@example.test", Subject: "x", Body: "x"})
	var unknown x509.UnknownAuthorityError
	if !errors.As(err, &unknown) {
		t.Fatalf("send = %v, want an unknown-authority error", err)
	}
}

func TestIOTimeout(t *testing.T) {
	srv := startSMTPD(t, "mute")
	cfg := srv.config(false)
	cfg.IOTimeout = 200 * time.Millisecond
	s, err := NewSMTP(cfg)
	if err != nil {
		t.Fatal(err)
	}
	err = s.Send(context.Background(), Message{To: "ada@example.test", Subject: "x", Body: "x"})
	var ne net.Error
	if !errors.As(err, &ne) || !ne.Timeout() {
		t.Fatalf("send = %v, want a timeout", err)
	}
}

func TestCancelLeavesNoGoroutine(t *testing.T) {
	srv := startSMTPD(t, "mute")
	s, err := NewSMTP(srv.config(false))
	if err != nil {
		t.Fatal(err)
	}
	before := runtime.NumGoroutine()
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	err = s.Send(ctx, Message{To: "ada@example.test", Subject: "x", Body: "x"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("send = %v, want context.Canceled", err)
	}
	if d := time.Since(start); d > 30*time.Second {
		t.Fatalf("send returned %v after the cancel", d)
	}
	// The timer's own goroutine may take a moment to go; nothing of
	// Send's may stay.
	for i := 0; runtime.NumGoroutine() > before && i < 100; i++ {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > before {
		t.Fatalf("%d goroutines after Send, %d before", n, before)
	}
}

func TestBadFrom(t *testing.T) {
	if _, err := NewSMTP(Config{Host: "x", Port: 25, From: "not an address"}); err == nil || !strings.Contains(err.Error(), "DAYBASE_SMTP_FROM") {
		t.Fatalf("NewSMTP = %v, want an error naming DAYBASE_SMTP_FROM", err)
	}
}

// selfSigned writes cert.pem and key.pem for 127.0.0.1 into dir and
// returns a pool that trusts the certificate.
func selfSigned(t *testing.T, dir string) *x509.CertPool {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "smtpd test"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	kder, err := x509.MarshalECPrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "cert.pem"), pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600)
	os.WriteFile(filepath.Join(dir, "key.pem"), pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: kder}), 0o600)
	cert, _ := x509.ParseCertificate(der)
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return pool
}

// smtpd is the helper process: a small SMTP server on 127.0.0.1 that
// prints "ADDR host:port", then one JSON line per message it accepts. It
// runs until killed.
func smtpd(mode, certFile, keyFile string) error {
	cert, err := tls.LoadX509KeyPair(certFile, keyFile)
	if err != nil {
		return err
	}
	tcfg := &tls.Config{Certificates: []tls.Certificate{cert}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	if mode == "implicit" {
		ln = tls.NewListener(ln, tcfg)
	}
	fmt.Printf("ADDR %s\n", ln.Addr())
	out := json.NewEncoder(os.Stdout)
	for {
		c, err := ln.Accept()
		if err != nil {
			return err
		}
		if mode == "mute" {
			go io.Copy(io.Discard, c)
			continue
		}
		go func() {
			defer c.Close()
			if m, ok := smtpSession(c, mode == "implicit", tcfg); ok {
				out.Encode(m)
			}
		}()
	}
}

// smtpSession speaks the server side of one conversation (RFC 5321, with
// STARTTLS per RFC 3207 and AUTH PLAIN per RFC 4616).
func smtpSession(c net.Conn, isTLS bool, tcfg *tls.Config) (m received, ok bool) {
	m.TLS = isTLS
	r := bufio.NewReader(c)
	say := func(s string) { io.WriteString(c, s+"\r\n") }
	say("220 smtpd.test ESMTP")
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return m, false
		}
		cmd := strings.TrimRight(line, "\r\n")
		verb := strings.ToUpper(strings.SplitN(cmd, " ", 2)[0])
		switch verb {
		case "EHLO", "HELO":
			say("250-smtpd.test")
			if !m.TLS {
				say("250-STARTTLS")
			}
			say("250 AUTH PLAIN")
		case "STARTTLS":
			say("220 go ahead")
			tc := tls.Server(c, tcfg)
			if tc.Handshake() != nil {
				return m, false
			}
			c, r, m.TLS = tc, bufio.NewReader(tc), true
		case "AUTH":
			f := strings.Fields(cmd)
			raw, err := base64.StdEncoding.DecodeString(f[len(f)-1])
			parts := strings.Split(string(raw), "\x00")
			if len(f) != 3 || err != nil || len(parts) != 3 {
				say("501 bad AUTH")
				continue
			}
			m.User = parts[1]
			say("235 authenticated")
		case "MAIL":
			m.From = strings.Trim(strings.TrimPrefix(cmd[4:], " FROM:"), "<>")
			say("250 ok")
		case "RCPT":
			m.To = strings.Trim(strings.TrimPrefix(cmd[4:], " TO:"), "<>")
			say("250 ok")
		case "DATA":
			say("354 end with .")
			var b strings.Builder
			for {
				l, err := r.ReadString('\n')
				if err != nil {
					return m, false
				}
				if l == ".\r\n" {
					break
				}
				b.WriteString(strings.TrimPrefix(l, "."))
			}
			m.Data = b.String()
			say("250 queued")
			ok = true
		case "QUIT":
			say("221 bye")
			return m, ok
		default:
			say("250 ok")
		}
	}
}
