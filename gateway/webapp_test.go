package gateway

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

// A bundle-like script: long enough and repetitive enough to shrink.
var bigJS = []byte(strings.Repeat("export function f(){return document.querySelector('#root')}\n", 200))

func testWebApp() (http.Handler, fstest.MapFS) {
	files := fstest.MapFS{
		"index.html":             {Data: []byte("<html><head><!--daybase-config--></head><body>" + strings.Repeat("<div></div>", 100) + "</body></html>")},
		"assets/index-1a.js":     {Data: bigJS},
		"assets/index-1a.css":    {Data: []byte(strings.Repeat(".a{color:red}\n", 100))},
		"assets/tiny-1a.js":      {Data: []byte("console.log(1)")},
		"assets/logo-1a.png":     {Data: append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 4000)...)},
		"assets/font-1a.woff2":   {Data: append([]byte("wOF2"), bytes.Repeat([]byte{0}, 4000)...)},
		"manifest.webmanifest":   {Data: []byte(`{"name":"Daybase","icons":[` + strings.Repeat(`{"src":"/i.png"},`, 30) + `{}]}`)},
		"favicon.svg":            {Data: []byte("<svg xmlns='http://www.w3.org/2000/svg'>" + strings.Repeat("<path d='M0 0h1v1z'/>", 40) + "</svg>")},
		"assets/dir/placeholder": {Data: []byte("x")},
	}
	return WebApp(files, "http://example.test", "ANON"), files
}

func get(t *testing.T, h http.Handler, method, path string, header map[string]string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest(method, path, nil)
	for k, v := range header {
		req.Header.Set(k, v)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestWebAppServesGzip(t *testing.T) {
	h, files := testWebApp()
	for _, path := range []string{"/assets/index-1a.js", "/assets/index-1a.css", "/favicon.svg", "/manifest.webmanifest"} {
		rec := get(t, h, "GET", path, map[string]string{"Accept-Encoding": "gzip, deflate, br, zstd"})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
			t.Fatalf("%s: %d encoding %q", path, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		body := rec.Body.Bytes()
		if got := rec.Header().Get("Content-Length"); got != strconv.Itoa(len(body)) {
			t.Errorf("%s: Content-Length %s, body %d bytes", path, got, len(body))
		}
		want := files[strings.TrimPrefix(path, "/")].Data
		if !bytes.Equal(gunzip(t, body), want) {
			t.Errorf("%s: gunzipped body differs from the file", path)
		}
		if len(body) >= len(want) {
			t.Errorf("%s: %d gzip bytes for %d", path, len(body), len(want))
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("%s: Vary %q", path, rec.Header().Get("Vary"))
		}
	}
	rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip"})
	if ct := rec.Header().Get("Content-Type"); !strings.HasPrefix(ct, "text/javascript") {
		t.Errorf("Content-Type %q", ct)
	}
	if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
		t.Errorf("Cache-Control of a gzip asset %q", cc)
	}
	if rec := get(t, h, "GET", "/manifest.webmanifest", map[string]string{"Accept-Encoding": "gzip"}); rec.Header().Get("Content-Type") != "application/manifest+json" {
		t.Errorf("manifest Content-Type %q", rec.Header().Get("Content-Type"))
	}
}

func TestWebAppIdentityWhenGzipNotAccepted(t *testing.T) {
	h, _ := testWebApp()
	for _, ae := range []string{"", "identity", "br", "gzip;q=0, identity", "*;q=0", "deflate, gzip;q=0"} {
		rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": ae})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), bigJS) {
			t.Errorf("Accept-Encoding %q: %d encoding %q, %d bytes", ae, rec.Code, rec.Header().Get("Content-Encoding"), rec.Body.Len())
		}
		if rec.Header().Get("Vary") != "Accept-Encoding" {
			t.Errorf("Accept-Encoding %q: Vary %q", ae, rec.Header().Get("Vary"))
		}
		if rec.Header().Get("Content-Length") != strconv.Itoa(len(bigJS)) {
			t.Errorf("Accept-Encoding %q: Content-Length %q", ae, rec.Header().Get("Content-Length"))
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("Cache-Control %q", cc)
		}
	}
	if rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "*"}); rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("*: encoding %q", rec.Header().Get("Content-Encoding"))
	}
	// Too small to gain from gzip: plain, still Vary (another file of the type may differ).
	if rec := get(t, h, "GET", "/assets/tiny-1a.js", map[string]string{"Accept-Encoding": "gzip"}); rec.Header().Get("Content-Encoding") != "" || rec.Body.String() != "console.log(1)" {
		t.Errorf("tiny: encoding %q body %q", rec.Header().Get("Content-Encoding"), rec.Body.String())
	}
}

func TestWebAppDoesNotCompressCompressedTypes(t *testing.T) {
	h, files := testWebApp()
	for _, path := range []string{"/assets/logo-1a.png", "/assets/font-1a.woff2"} {
		rec := get(t, h, "GET", path, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "" || !bytes.Equal(rec.Body.Bytes(), files[path[1:]].Data) {
			t.Errorf("%s: %d encoding %q", path, rec.Code, rec.Header().Get("Content-Encoding"))
		}
		if rec.Header().Get("Vary") != "" {
			t.Errorf("%s: Vary %q", path, rec.Header().Get("Vary"))
		}
		if cc := rec.Header().Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("%s: Cache-Control %q", path, cc)
		}
	}
}

func TestWebAppETagsPerEncoding(t *testing.T) {
	h, _ := testWebApp()
	plain := get(t, h, "GET", "/assets/index-1a.js", nil)
	gz := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip"})
	pt, zt := plain.Header().Get("ETag"), gz.Header().Get("ETag")
	if pt == "" || zt == "" || pt == zt || !strings.HasPrefix(pt, `"`) || !strings.HasPrefix(zt, `"`) {
		t.Fatalf("ETags %q and %q", pt, zt)
	}
	// Each tag revalidates its own representation only.
	if rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": zt}); rec.Code != 304 || rec.Body.Len() != 0 {
		t.Errorf("gzip revalidation: %d", rec.Code)
	}
	if rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip", "If-None-Match": pt}); rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("plain tag on gzip request: %d", rec.Code)
	}
	if rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"If-None-Match": pt}); rec.Code != 304 {
		t.Errorf("plain revalidation: %d", rec.Code)
	}
	if rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"If-None-Match": zt}); rec.Code != 200 {
		t.Errorf("gzip tag on plain request: %d", rec.Code)
	}
}

func TestWebAppRanges(t *testing.T) {
	h, _ := testWebApp()
	// Plain: a range is honoured.
	rec := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Range": "bytes=0-9"})
	if rec.Code != 206 || !bytes.Equal(rec.Body.Bytes(), bigJS[:10]) {
		t.Errorf("plain range: %d %q", rec.Code, rec.Body.String())
	}
	// Encoded: the whole representation, no ranges advertised.
	rec = get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Range": "bytes=0-9", "Accept-Encoding": "gzip"})
	if rec.Code != 200 || rec.Header().Get("Accept-Ranges") != "none" || !bytes.Equal(gunzip(t, rec.Body.Bytes()), bigJS) {
		t.Errorf("gzip range: %d Accept-Ranges %q", rec.Code, rec.Header().Get("Accept-Ranges"))
	}
}

func TestWebAppHead(t *testing.T) {
	h, _ := testWebApp()
	full := get(t, h, "GET", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip"})
	head := get(t, h, "HEAD", "/assets/index-1a.js", map[string]string{"Accept-Encoding": "gzip"})
	if head.Code != 200 || head.Body.Len() != 0 || head.Header().Get("Content-Length") != full.Header().Get("Content-Length") ||
		head.Header().Get("Content-Encoding") != "gzip" {
		t.Errorf("HEAD: %d %v", head.Code, head.Header())
	}
}

func TestWebAppIndexCompressedWithConfig(t *testing.T) {
	h, _ := testWebApp()
	for _, path := range []string{"/", "/app", "/app/settings/security", "/index.html"} {
		rec := get(t, h, "GET", path, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != 200 || rec.Header().Get("Content-Encoding") != "gzip" || rec.Header().Get("Cache-Control") != "no-cache" ||
			rec.Header().Get("Vary") != "Accept-Encoding" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %v", path, rec.Code, rec.Header())
		}
		html := string(gunzip(t, rec.Body.Bytes()))
		if !strings.Contains(html, `window.__DAYBASE_CONFIG__={"anonKey":"ANON","url":"http://example.test"}`) || strings.Contains(html, configMarker) {
			t.Errorf("%s: config not injected: %s", path, html[:120])
		}
		plain := get(t, h, "GET", path, nil)
		if plain.Body.String() != html || plain.Header().Get("Content-Encoding") != "" {
			t.Errorf("%s: plain and gzip bodies differ", path)
		}
	}
	// A missing asset is still a 404, with or without gzip.
	if rec := get(t, h, "GET", "/assets/gone-1a.js", map[string]string{"Accept-Encoding": "gzip"}); rec.Code != 404 {
		t.Errorf("missing asset: %d", rec.Code)
	}
}

func TestAcceptsGzip(t *testing.T) {
	for ae, want := range map[string]bool{
		"gzip": true, "GZIP": true, "gzip;q=0.5": true, "br;q=1.0, gzip;q=0.8, *;q=0.1": true, "x-gzip": true,
		"": false, "br": false, "gzip;q=0": false, "gzip; q=0.000": false, "*": true, "*;q=0": false, "gzip;q=0, *": false,
	} {
		if got := acceptsGzip(ae); got != want {
			t.Errorf("acceptsGzip(%q) = %v", ae, got)
		}
	}
}

func TestWebAppPrerenderedPages(t *testing.T) {
	files := fstest.MapFS{
		"index.html":          {Data: []byte(`<html><head><!--daybase-config--></head><body><div id="root"></div></body></html>`)},
		"pages/auth.html":     {Data: []byte(`<html><head><!--daybase-config--></head><body><div id="root" data-prerendered="/auth">form</div></body></html>`)},
		"pages/index.html":    {Data: []byte(`<html><head><!--daybase-config--></head><body><div id="root" data-prerendered="/">landing</div></body></html>`)},
		"pages/manifest.json": {Data: []byte(`{"/auth": {"file": "pages/auth.html", "query": ["redirect"]}, "/": {"file": "pages/index.html", "query": ["*"]}}`)},
	}
	h := WebApp(files, "http://example.test", "ANON")
	prerendered := func(path string) bool {
		t.Helper()
		rec := get(t, h, "GET", path, map[string]string{"Accept-Encoding": "gzip"})
		if rec.Code != 200 || rec.Header().Get("Cache-Control") != "no-cache" || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/html") {
			t.Fatalf("%s: %d %v", path, rec.Code, rec.Header())
		}
		body := rec.Body.Bytes()
		if rec.Header().Get("Content-Encoding") == "gzip" {
			body = gunzip(t, body)
		}
		html := string(body)
		if !strings.Contains(html, `window.__DAYBASE_CONFIG__={"anonKey":"ANON","url":"http://example.test"}`) {
			t.Errorf("%s: config not injected: %s", path, html)
		}
		return strings.Contains(html, "data-prerendered")
	}
	for path, want := range map[string]bool{
		"/auth": true, "/auth/": true, "/auth?redirect=%2Fapp%2Fnotes": true,
		"/auth?mode=signup": false, "/auth?redirect=/app&mode=forgot": false, "/app": false, "/auth/update-password": false,
		// A public page allows any query ("*").
		"/": true, "/?utm_source=mail&ref=x": true, "/index.html": false,
		// The files themselves are not pages of their own.
		"/pages/auth.html": false, "/pages/manifest.json": false, "/pages": false,
	} {
		if got := prerendered(path); got != want {
			t.Errorf("%s: prerendered page %v, want %v", path, got, want)
		}
	}
}

func TestWebAppBadPrerenderManifest(t *testing.T) {
	for name, manifest := range map[string]string{
		"not json":     `{`,
		"outside":      `{"/auth": {"file": "index.html"}}`,
		"missing page": `{"/auth": {"file": "pages/gone.html"}}`,
	} {
		_, err := loadPrerendered(fstest.MapFS{"pages/manifest.json": {Data: []byte(manifest)}}, func(b []byte) []byte { return b })
		if err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	// Without the manifest every page is index.html, as before.
	if pages, err := loadPrerendered(fstest.MapFS{}, nil); err != nil || pages != nil {
		t.Errorf("no manifest: %v %v", pages, err)
	}
}
