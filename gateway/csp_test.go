package gateway

import (
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/google/go-cmp/cmp"

	"daybase/internal/token"
)

// A build's pages in miniature: index.html's boot script and config
// marker, the module script, and a prerendered page with a script of its
// own after #root.
var cspFiles = fstest.MapFS{
	"index.html": {Data: []byte("<html><head><script>\n  ;(function () { document.documentElement.classList.add('light') })()\n</script>" +
		"<!--daybase-config--><script type=\"module\" crossorigin src=\"/assets/index-1a.js\"></script></head>" +
		"<body><div id=\"root\"></div></body></html>")},
	"pages/app.html": {Data: []byte("<html><head><script>\n  ;(function () { document.documentElement.classList.add('light') })()\n</script>" +
		"<!--daybase-config--><script type=\"module\" crossorigin src=\"/assets/index-1a.js\"></script></head>" +
		"<body><div id=\"root\" data-prerendered=\"/app\"><p style=\"margin:0\">Today</p></div>" +
		"<script>document.getElementById('root').setAttribute('data-boot-done', '')</script></body></html>")},
	"pages/manifest.json": {Data: []byte(`{"/app": {"file": "pages/app.html", "query": []}}`)},
	"assets/index-1a.js":  {Data: []byte("console.log(1)")},
}

// inlineScripts finds the inline scripts of a page as sent, the way a
// reader would: by their tags, independently of the tokenizer the server
// uses.
var inlineScripts = regexp.MustCompile(`(?s)<script>(.*?)</script>`)

func TestPagesCarryTheirPolicy(t *testing.T) {
	for _, tt := range []struct {
		name     string
		cfg      WebConfig
		path     string
		nScripts int
		wantSrc  map[string]string // directive -> sources after the fixed ones
	}{
		{"index.html", WebConfig{PublicURL: "http://127.0.0.1:54321", AnonKey: "ANON"}, "/app/settings", 2, map[string]string{
			"connect-src": "'self' http://127.0.0.1:54321 ws://127.0.0.1:54321",
			"img-src":     "'self' data: blob:",
			"frame-src":   "'self'",
		}},
		{"prerendered /app", WebConfig{PublicURL: "http://127.0.0.1:54321", AnonKey: "ANON"}, "/app", 3, map[string]string{
			"connect-src": "'self' http://127.0.0.1:54321 ws://127.0.0.1:54321",
		}},
		{"with a files origin", WebConfig{PublicURL: "https://day.example.test", AnonKey: "ANON", FilesURL: "https://files.example.test"}, "/", 2, map[string]string{
			"connect-src": "'self' https://day.example.test wss://day.example.test https://files.example.test",
			"img-src":     "'self' data: blob: https://files.example.test",
			"media-src":   "'self' blob: https://files.example.test",
			"frame-src":   "'self' https://files.example.test",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(t, WebApp(cspFiles, tt.cfg), "GET", tt.path, nil)
			page := rec.Body.String()
			scripts := inlineScripts.FindAllStringSubmatch(page, -1)
			if len(scripts) != tt.nScripts {
				t.Fatalf("%d inline scripts in the page, want %d:\n%s", len(scripts), tt.nScripts, page)
			}
			var wantScript []string
			for _, s := range scripts {
				sum := sha256.Sum256([]byte(s[1]))
				wantScript = append(wantScript, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
			}
			got := directives(rec.Header().Get("Content-Security-Policy"))
			want := map[string]string{
				"default-src":     "'self'",
				"script-src":      "'self' " + strings.Join(wantScript, " "),
				"style-src":       "'self' 'unsafe-inline'",
				"img-src":         "'self' data: blob:",
				"media-src":       "'self' blob:",
				"font-src":        "'self' data:",
				"frame-src":       "'self'",
				"worker-src":      "'self'",
				"manifest-src":    "'self'",
				"object-src":      "'none'",
				"base-uri":        "'none'",
				"form-action":     "'self'",
				"frame-ancestors": "'none'",
			}
			for k, v := range tt.wantSrc {
				want[k] = v
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("policy mismatch (-want +got):\n%s", diff)
			}
		})
	}
	// Other files carry no page policy of their own.
	if csp := get(t, WebApp(cspFiles, WebConfig{}), "GET", "/assets/index-1a.js", nil).Header().Get("Content-Security-Policy"); csp != "" {
		t.Errorf("script file has a page policy: %q", csp)
	}
}

func directives(policy string) map[string]string {
	out := map[string]string{}
	for _, d := range strings.Split(policy, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(d), " ")
		if name != "" {
			out[name] = value
		}
	}
	return out
}

// Every answer, page or API, says it may not be framed, sniffed or leak
// its path; HSTS only where the client came over HTTPS.
func TestSecurityHeaders(t *testing.T) {
	g, signer := newTestGateway(t, fakePinger{})
	anon, _ := signer.APIKey("anon")
	for _, tt := range []struct {
		name, path string
		header     map[string]string
		wantHSTS   string
	}{
		{"app page over http", "/app", nil, ""},
		{"api over http", "/rest/v1/todos", map[string]string{"apikey": anon}, ""},
		{"app page behind a TLS proxy", "/app", map[string]string{"X-Forwarded-Proto": "https"}, "max-age=31536000"},
		{"api behind a TLS proxy chain", "/rest/v1/todos", map[string]string{"apikey": anon, "X-Forwarded-Proto": "https, http"}, "max-age=31536000"},
		{"error answer", "/rest/v1/todos", nil, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := get(t, g, "GET", tt.path, tt.header)
			got := map[string]string{}
			for _, h := range []string{"X-Frame-Options", "X-Content-Type-Options", "Referrer-Policy", "Strict-Transport-Security"} {
				got[h] = rec.Header().Get(h)
			}
			want := map[string]string{"X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff",
				"Referrer-Policy": "strict-origin-when-cross-origin", "Strict-Transport-Security": tt.wantHSTS}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("headers mismatch (-want +got):\n%s", diff)
			}
			if csp := rec.Header().Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors 'none'") {
				t.Errorf("CSP %q does not forbid framing", csp)
			}
		})
	}
}

// On the files host only the files service (and /health) answers: the
// app, its session and the other APIs are on another origin.
func TestFilesHostServesFilesOnly(t *testing.T) {
	signer := token.NewSigner(strings.Repeat("s", 40))
	anon, _ := signer.APIKey("anon")
	web := WebApp(cspFiles, WebConfig{PublicURL: "http://app.test", AnonKey: "ANON"})
	g := New(Config{Signer: signer, MaxBodyBytes: 1 << 20, FilesURL: "http://files.test:8080"}, fakePinger{}, []Service{
		{Prefix: "/rest/v1", Handler: echoIdentity},
		{Prefix: "/storage/v1", Handler: echoIdentity, APIKey: APIKeyOptional, UnlimitedIn: true, Files: true},
	}, web, slog.New(slog.NewTextHandler(io.Discard, nil)))
	for _, tt := range []struct {
		host, path string
		wantCode   int
		wantBody   string
	}{
		{"files.test:8080", "/storage/v1/object/public/b/x.png", 200, "anon /object/public/b/x.png"},
		{"FILES.test:8080", "/storage/v1/object/sign/b/x.png", 200, "anon /object/sign/b/x.png"},
		{"files.test:8080", "/health", 200, `"status":"ok"`},
		{"files.test:8080", "/app", 404, "serves user files only"},
		{"files.test:8080", "/", 404, "serves user files only"},
		{"files.test:8080", "/rest/v1/todos", 404, "serves user files only"},
		{"files.test:8080", "/storage/v1", 404, "serves user files only"},
		{"app.test", "/app", 200, "__DAYBASE_CONFIG__"},
		{"app.test", "/rest/v1/todos", 200, "anon /todos"},
	} {
		req := httptest.NewRequest(http.MethodGet, tt.path, nil)
		req.Host = tt.host
		req.Header.Set("apikey", anon)
		rec := httptest.NewRecorder()
		g.ServeHTTP(rec, req)
		if rec.Code != tt.wantCode || !strings.Contains(rec.Body.String(), tt.wantBody) {
			t.Errorf("%s%s: %d %q, want %d containing %q", tt.host, tt.path, rec.Code, rec.Body.String(), tt.wantCode, tt.wantBody)
		}
	}
}
