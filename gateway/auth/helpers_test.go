package auth

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"daybase/gateway"
	"daybase/gateway/auth/apierr"
	"daybase/internal/pgtest"
	"daybase/internal/token"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const testSecret = "test-secret-test-secret-test-secret-42"

// testBundle is what a test needs: the service behind the real gateway
// middleware, on a fresh database.
type testBundle struct {
	db         *pgtest.DB
	svc        *Service
	gw         http.Handler
	signer     *token.Signer
	anonKey    string
	serviceKey string
}

// setup builds the service with the defaults, adjusted by opts.
func setup(t testing.TB, opts ...func(*Config)) *testBundle {
	t.Helper()
	db := pgtest.New(t)
	cfg := Defaults()
	cfg.Autoconfirm = true // as on the loopback development server; tests of confirmation turn it off
	for _, o := range opts {
		o(&cfg)
	}
	signer := token.NewSigner(testSecret)
	log := slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if _, ok := t.(*testing.B); ok {
		log = slog.New(slog.DiscardHandler) // a log line per request would be what is measured
	}
	svc, err := New(cfg, db.Pool, signer, "http://daybase.test", log)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	t.Cleanup(svc.Close)
	anon, _ := signer.APIKey("anon")
	service, _ := signer.APIKey("service_role")
	gw := gateway.New(gateway.Config{Signer: signer, PublicURL: "http://daybase.test", AnonKey: anon, MaxBodyBytes: 1 << 20},
		db.Pool, []gateway.Service{{Prefix: "/auth/v1", Handler: svc, OpenPaths: []string{"/verify", "/callback", "/authorize"}}},
		nil, log)
	return &testBundle{db: db, svc: svc, gw: gw, signer: signer, anonKey: anon, serviceKey: service}
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// response is a recorded answer.
type response struct {
	Status int
	Header http.Header
	Body   []byte
}

// decode unmarshals the body into v.
func (r response) decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode %s: %v", r.Body, err)
	}
}

// object decodes the body as a JSON object.
func (r response) object(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	r.decode(t, &m)
	return m
}

// req is one request through the gateway.
type req struct {
	method, path string
	body         any // JSON-encoded unless a string
	bearer       string
	apikey       string // "" means the anon key; "-" sends none
	ip           string
	header       map[string]string
}

func (b *testBundle) do(t testing.TB, rq req) response {
	t.Helper()
	var body io.Reader
	switch v := rq.body.(type) {
	case nil:
	case string:
		body = strings.NewReader(v)
	default:
		js, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		body = bytes.NewReader(js)
	}
	r := httptest.NewRequest(rq.method, "http://daybase.test/auth/v1"+rq.path, body)
	if body != nil {
		r.Header.Set("Content-Type", "application/json;charset=UTF-8")
	}
	r.Header.Set("X-Supabase-Api-Version", "2024-01-01")
	switch rq.apikey {
	case "":
		r.Header.Set("apikey", b.anonKey)
	case "-":
	default:
		r.Header.Set("apikey", rq.apikey)
	}
	if rq.bearer != "" {
		r.Header.Set("Authorization", "Bearer "+rq.bearer)
	}
	if rq.ip != "" {
		r.RemoteAddr = rq.ip + ":4242"
	}
	for k, v := range rq.header {
		r.Header.Set(k, v)
	}
	w := httptest.NewRecorder()
	b.gw.ServeHTTP(w, r)
	return response{Status: w.Code, Header: w.Header(), Body: w.Body.Bytes()}
}

// wantStatus fails unless res has status.
func wantStatus(t testing.TB, res response, status int) {
	t.Helper()
	if res.Status != status {
		t.Fatalf("status %d, want %d; body %s", res.Status, status, res.Body)
	}
}

// wantError checks an error answer's status and code, in both fields.
func wantError(t testing.TB, res response, status int, code apierr.Code) {
	t.Helper()
	wantStatus(t, res, status)
	m := res.object(t)
	if m["code"] != string(code) || m["error_code"] != string(code) {
		t.Fatalf("error code %v / %v, want %s; body %s", m["code"], m["error_code"], code, res.Body)
	}
	if res.Header.Get("X-Supabase-Api-Version") != "2024-01-01" {
		t.Fatalf("X-Supabase-Api-Version = %q", res.Header.Get("X-Supabase-Api-Version"))
	}
}

var emailSeq atomic.Int64

// uniqueEmail returns a fresh address.
func uniqueEmail(prefix string) string {
	return fmt.Sprintf("%s-%d@example.test", prefix, emailSeq.Add(1))
}

// session is a decoded session answer.
type session struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	ExpiresAt    int64  `json:"expires_at"`
	RefreshToken string `json:"refresh_token"`
	User         User   `json:"user"`
}

// signUp creates a confirmed user (Autoconfirm) and returns its session.
func (b *testBundle) signUp(t testing.TB, email, password string) session {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/signup", body: map[string]any{"email": email, "password": password, "data": map[string]any{}}})
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	if s.AccessToken == "" || s.RefreshToken == "" {
		t.Fatalf("sign-up gave no session: %s", res.Body)
	}
	return s
}

// signInPassword signs in and returns the session.
func (b *testBundle) signInPassword(t testing.TB, email, password string) session {
	t.Helper()
	res := b.do(t, req{method: "POST", path: "/token?grant_type=password", body: map[string]any{"email": email, "password": password}})
	wantStatus(t, res, http.StatusOK)
	var s session
	res.decode(t, &s)
	return s
}

// claims verifies an access token and returns its claims.
func (b *testBundle) claims(t testing.TB, at string) map[string]any {
	t.Helper()
	c, err := b.signer.Verify(at)
	if err != nil {
		t.Fatalf("access token does not verify: %v", err)
	}
	return c
}

// queryString runs a one-value query.
func (b *testBundle) queryString(t testing.TB, sql string, args ...any) string {
	t.Helper()
	var s string
	if err := b.db.Pool.QueryRow(context.Background(), sql, args...).Scan(&s); err != nil {
		t.Fatalf("%s: %v", sql, err)
	}
	return s
}

// lastMail returns the newest outbox body for address.
func (b *testBundle) lastMail(t testing.TB, address string) string {
	t.Helper()
	return b.queryString(t, "SELECT body FROM auth.outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1", address)
}
