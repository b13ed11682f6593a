package gateway

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"daybase/internal/identity"
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
	}, AppConfig{URL: "http://example.test", AnonKey: "ANON"})
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
