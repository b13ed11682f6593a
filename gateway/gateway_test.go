package gateway

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"daybase/internal/identity"
	"daybase/internal/metrics"
	"daybase/internal/token"
)

type fakePinger struct{ err error }

func (f fakePinger) Ping(context.Context) error { return f.err }

// echoIdentity answers with the role the gateway derived, so tests can see
// what the services would get.
var echoIdentity = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	id := identity.FromContext(r.Context())
	msg := id.Role + " " + r.URL.Path
	if id.Err != nil {
		msg += " bad-jwt"
	}
	io.WriteString(w, msg)
})

func newTestGateway(t *testing.T, db Pinger) (*Gateway, *token.Signer) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	web := WebApp(fstest.MapFS{
		"index.html":       {Data: []byte("<html><head><!--daybase-config--></head></html>")},
		"assets/app-1a.js": {Data: []byte("console.log(1)")},
		"favicon.svg":      {Data: []byte("<svg/>")},
	}, WebConfig{PublicURL: "http://example.test", AnonKey: "ANON"})
	g := New(Config{Signer: signer, MaxBodyBytes: 16}, db, []Service{
		{Prefix: "/rest/v1", Handler: echoIdentity},
		{Prefix: "/auth/v1", Handler: echoIdentity, OpenPaths: []string{"/verify", "/callback"}},
		{Prefix: "/storage/v1", Handler: echoIdentity, APIKey: APIKeyOptional, UnlimitedIn: true},
	}, web, slog.New(slog.NewTextHandler(io.Discard, nil)))
	return g, signer
}

func TestGatewayRoutesAndAuthentication(t *testing.T) {
	g, signer := newTestGateway(t, fakePinger{})
	anon, _ := signer.APIKey("anon")
	service, _ := signer.APIKey("service_role")
	user, _ := signer.Sign(token.Claims{"sub": "u1", "role": "authenticated", "exp": time.Now().Add(time.Hour).Unix()})
	expired, _ := signer.Sign(token.Claims{"sub": "u1", "role": "authenticated", "exp": time.Now().Add(-time.Hour).Unix()})
	foreign, _ := token.NewSigner(strings.Repeat("x", 40)).APIKey("anon")

	tests := []struct {
		name     string
		method   string
		path     string
		header   map[string]string
		wantCode int
		wantBody string
	}{
		{"anon key alone", "GET", "/rest/v1/todos", map[string]string{"apikey": anon}, 200, "anon /todos"},
		{"anon key as query param", "GET", "/rest/v1/todos?apikey=" + anon, nil, 200, "anon /todos"},
		{"anon key as bearer too", "GET", "/rest/v1/todos", map[string]string{"apikey": anon, "Authorization": "Bearer " + anon}, 200, "anon /todos"},
		{"user token", "GET", "/rest/v1/todos", map[string]string{"apikey": anon, "Authorization": "Bearer " + user}, 200, "authenticated /todos"},
		{"service key", "GET", "/rest/v1/todos", map[string]string{"apikey": service}, 200, "service_role /todos"},
		{"expired user token is flagged for the service", "GET", "/rest/v1/todos", map[string]string{"apikey": anon, "Authorization": "Bearer " + expired}, 200, "anon /todos bad-jwt"},
		{"no apikey", "GET", "/rest/v1/todos", nil, 401, `"message":"No API key found in request"`},
		{"foreign apikey", "GET", "/rest/v1/todos", map[string]string{"apikey": foreign}, 401, `"message":"Invalid API key"`},
		{"user token is not an apikey", "GET", "/rest/v1/todos", map[string]string{"apikey": user}, 401, `"message":"Invalid API key"`},
		{"auth open path without key", "GET", "/auth/v1/verify?token=x", nil, 200, "anon /verify"},
		{"auth closed path without key", "GET", "/auth/v1/user", nil, 401, "No API key"},
		{"storage without key", "GET", "/storage/v1/object/public/b/x.png", nil, 200, "anon /object/public/b/x.png"},
		{"body over the limit", "POST", "/rest/v1/todos", map[string]string{"apikey": anon, "Content-Length": "100"}, 413, "larger than the limit"},
		{"health", "GET", "/health", nil, 200, `"status":"ok"`},
		{"app route gets index with config", "GET", "/app/tasks", nil, 200, `window.__DAYBASE_CONFIG__={"url":"http://example.test","anonKey":"ANON"}`},
		{"missing hashed asset is 404", "GET", "/assets/old-9z.js", nil, 404, "404"},
		{"asset", "GET", "/assets/app-1a.js", nil, 200, "console.log(1)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var body io.Reader
			if tt.method == "POST" {
				body = strings.NewReader(strings.Repeat("x", 100))
			}
			req := httptest.NewRequest(tt.method, tt.path, body)
			for k, v := range tt.header {
				req.Header.Set(k, v)
			}
			if cl := tt.header["Content-Length"]; cl != "" {
				req.ContentLength = 100
			}
			rec := httptest.NewRecorder()
			g.ServeHTTP(rec, req)
			if rec.Code != tt.wantCode || !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("got %d %q, want %d containing %q", rec.Code, rec.Body.String(), tt.wantCode, tt.wantBody)
			}
			if rec.Header().Get("Access-Control-Allow-Origin") != "*" {
				t.Error("missing CORS header")
			}
			if rec.Header().Get("X-Request-Id") == "" {
				t.Error("missing request id")
			}
		})
	}
}

func TestCachingOfAssets(t *testing.T) {
	g, _ := newTestGateway(t, fakePinger{})
	for path, want := range map[string]string{
		"/assets/app-1a.js": "public, max-age=31536000, immutable",
		"/favicon.svg":      "no-cache",
		"/app":              "no-cache",
	} {
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if got := rec.Header().Get("Cache-Control"); got != want {
			t.Errorf("%s: Cache-Control %q, want %q", path, got, want)
		}
	}
}

func TestPreflight(t *testing.T) {
	g, _ := newTestGateway(t, fakePinger{})
	req := httptest.NewRequest("OPTIONS", "/rest/v1/todos", nil)
	req.Header.Set("Origin", "http://localhost:5173")
	req.Header.Set("Access-Control-Request-Method", "PATCH")
	req.Header.Set("Access-Control-Request-Headers", "apikey, prefer, x-custom")
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != 204 {
		t.Fatalf("status %d", rec.Code)
	}
	for h, want := range map[string]string{
		"Access-Control-Allow-Origin":  "*",
		"Access-Control-Allow-Headers": "apikey, prefer, x-custom",
		"Access-Control-Allow-Methods": allowMethods,
	} {
		if got := rec.Header().Get(h); got != want {
			t.Errorf("%s = %q, want %q", h, got, want)
		}
	}
}

func TestHealthFailsWithoutDatabase(t *testing.T) {
	g, _ := newTestGateway(t, fakePinger{err: errors.New("connection refused")})
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, httptest.NewRequest("GET", "/health", nil))
	if rec.Code != 503 {
		t.Fatalf("status %d, want 503", rec.Code)
	}
}

func TestPanicBecomes500JSON(t *testing.T) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	anon, _ := signer.APIKey("anon")
	g := New(Config{Signer: signer, MaxBodyBytes: 1 << 20}, fakePinger{}, []Service{
		{Prefix: "/rest/v1", Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) { panic("boom") })},
	}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	req := httptest.NewRequest("GET", "/rest/v1/x", nil)
	req.Header.Set("apikey", anon)
	rec := httptest.NewRecorder()
	g.ServeHTTP(rec, req)
	if rec.Code != 500 || !strings.Contains(rec.Body.String(), `"message":"Internal server error"`) {
		t.Fatalf("got %d %s", rec.Code, rec.Body)
	}
}

// Verified apikeys are remembered, but never past their exp, never for
// other roles, and a remembered key gives each request its own copy of the
// identity.
func TestAPIKeyCache(t *testing.T) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	var c apiKeyCache
	anon, _ := signer.APIKey("anon")
	for range 2 {
		id, ok := c.identity(signer, anon)
		if !ok || id.Role != identity.Anon || id.Token != "" || string(id.ClaimsJSON) == "{}" || id.Claims["iss"] != "daybase" {
			t.Fatalf("anon key: %+v, %v", id, ok)
		}
		id.Token = "changed" // a copy: must not leak into the next request
	}
	user, _ := signer.Sign(token.Claims{"role": "authenticated", "exp": time.Now().Add(time.Hour).Unix()})
	foreign, _ := token.NewSigner(strings.Repeat("x", 40)).APIKey("anon")
	for _, key := range []string{user, foreign, anon[:len(anon)-2], ""} {
		if _, ok := c.identity(signer, key); ok {
			t.Fatalf("key %q accepted", key)
		}
	}
	if len(c.keys) != 1 {
		t.Fatalf("%d keys remembered, want only the valid one", len(c.keys))
	}
	// A key remembered until a moment that has passed is verified again
	// and refused (it expired an hour ago).
	old, _ := signer.Sign(token.Claims{"role": "anon", "exp": time.Now().Add(-time.Hour).Unix()})
	c.keys[old] = cachedAPIKey{id: identity.Identity{Role: identity.Anon}, exp: time.Now().Add(-time.Hour)}
	if _, ok := c.identity(signer, old); ok {
		t.Fatal("an expired key was accepted from the cache")
	}
	for i := range 2 * maxCachedAPIKeys {
		k, _ := signer.Sign(token.Claims{"role": "service_role", "n": i})
		if _, ok := c.identity(signer, k); !ok {
			t.Fatal("service_role key refused")
		}
	}
	if len(c.keys) > maxCachedAPIKeys {
		t.Fatalf("%d keys remembered, at most %d allowed", len(c.keys), maxCachedAPIKeys)
	}
}

// Verified user tokens are remembered until their exp; invalid ones are
// refused every time and never remembered.
func TestBearerCache(t *testing.T) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	var c bearerCache
	user, _ := signer.Sign(token.Claims{"role": "authenticated", "sub": "u1", "exp": time.Now().Add(time.Hour).Unix()})
	for range 2 {
		id, err := c.identity(signer, user)
		if err != nil || id.Role != identity.Authenticated || id.Token != user || id.Subject() != "u1" {
			t.Fatalf("user token: %+v, %v", id, err)
		}
	}
	expired, _ := signer.Sign(token.Claims{"role": "authenticated", "exp": time.Now().Add(-time.Hour).Unix()})
	foreign, _ := token.NewSigner(strings.Repeat("x", 40)).Sign(token.Claims{"role": "service_role"})
	for _, tok := range []string{expired, foreign, user[:len(user)-2]} {
		if _, err := c.identity(signer, tok); err == nil {
			t.Fatalf("token %q accepted", tok)
		}
	}
	if len(c.keys) != 1 {
		t.Fatalf("%d tokens remembered, want only the valid one", len(c.keys))
	}
	// Remembered until a moment that has passed: verified again, refused.
	c.keys[expired] = cachedAPIKey{id: identity.Identity{Role: identity.Authenticated}, exp: time.Now().Add(-time.Second)}
	if _, err := c.identity(signer, expired); err == nil {
		t.Fatal("expired token served from the cache")
	}
}

// With metrics on, the gateway counts each request by service and route
// class (bytes the handler read and wrote included) and serves /metrics to
// the token's bearer only.
func TestMetricsEndpoint(t *testing.T) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	m := metrics.New(metrics.Sources{})
	readAll := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := io.Copy(io.Discard, r.Body)
		fmt.Fprintf(w, "%d", n)
	})
	g := New(Config{Signer: signer, MaxBodyBytes: 1 << 20, Metrics: m, MetricsToken: "sixteen-chars-token"}, fakePinger{}, []Service{
		{Prefix: "/rest/v1", Handler: readAll},
		{Prefix: "/storage/v1", Handler: readAll, APIKey: APIKeyOptional, UnlimitedIn: true},
	}, nil, slog.New(slog.NewTextHandler(io.Discard, nil)))
	anon, _ := signer.APIKey("anon")
	do := func(method, path, body string, h ...string) *httptest.ResponseRecorder {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		for i := 0; i+1 < len(h); i += 2 {
			req.Header.Set(h[i], h[i+1])
		}
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		return rec
	}
	do("GET", "/rest/v1/tasks?select=id", "", "apikey", anon)
	do("POST", "/storage/v1/object/files/a.txt", "hello", "apikey", anon)
	if rec := do("GET", "/metrics", ""); rec.Code != http.StatusUnauthorized {
		t.Fatalf("/metrics without the token: %d", rec.Code)
	}
	rec := do("GET", "/metrics", "", "Authorization", "Bearer sixteen-chars-token")
	body := rec.Body.String()
	for _, want := range []string{
		`daybase_http_requests_total{route="table",service="rest",status="200"} 1`,
		`daybase_http_requests_total{route="object",service="storage",status="200"} 1`,
		`daybase_http_request_bytes_total{service="storage"} 5`,
		`daybase_http_response_bytes_total{service="storage"} 1`,
		`daybase_http_requests_total{route="metrics",service="gateway",status="401"} 1`,
	} {
		if !strings.Contains(body, want) {
			t.Errorf("/metrics lacks %s:\n%s", want, body)
		}
	}
}
