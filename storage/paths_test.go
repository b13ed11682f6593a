package storage_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
)

// Every way a client can hand the server a path: URL-encoded in the route
// (decoded before the check, so %2e%2e%2f is "../"), and raw in JSON bodies
// (move, copy, remove, list, createSignedUrls), which no URL cleaning ever
// touches. All must be refused with InvalidKey before anything is stored.
var pathCases = []testCase{
	{"path traversal attempts are refused everywhere", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", true, nil)
		wantOK(t, b.put(svc, "docs/ok.txt", "text/plain", []byte("ok")))
		before := b.keys(t)
		attempts := []struct {
			name, method, path string
			body               any
			wantName           string // the name the InvalidKey message shows
		}{
			{"encoded dot-dot", http.MethodPost, "/object/docs/%2e%2e%2f%2e%2e%2fetc%2fpasswd", "x", "../../etc/passwd"},
			{"half-encoded dot-dot", http.MethodPost, "/object/docs/..%2f..%2fescape.txt", "x", "../../escape.txt"},
			{"dot-dot segments", http.MethodPost, "/object/docs/a/%2e%2e/%2e%2e/x.txt", "x", "a/../../x.txt"},
			{"absolute", http.MethodPost, "/object/docs/%2fetc%2fpasswd", "x", "/etc/passwd"},
			{"NUL byte", http.MethodPost, "/object/docs/a%00.txt", "x", `a\x00.txt`},
			{"control character", http.MethodPost, "/object/docs/a%0a.txt", "x", `a\n.txt`},
			{"backslashes", http.MethodPost, "/object/docs/..%5c..%5cwin.ini", "x", `..\\..\\win.ini`},
			{"empty segment", http.MethodPost, "/object/docs/a%2f%2fb.txt", "x", "a//b.txt"},
			{"update", http.MethodPut, "/object/docs/%2e%2e%2fx.txt", "x", "../x.txt"},
			{"download", http.MethodGet, "/object/docs/%2e%2e%2fok.txt", nil, "../ok.txt"},
			{"public download", http.MethodGet, "/object/public/docs/%2e%2e%2f%2e%2e%2fsecrets", nil, "../../secrets"},
			{"info", http.MethodGet, "/object/info/docs/%2e%2e%2fok.txt", nil, "../ok.txt"},
			{"signed download", http.MethodGet, "/object/sign/docs/%2e%2e%2fok.txt?token=x", nil, "../ok.txt"},
			{"sign", http.MethodPost, "/object/sign/docs/%2e%2e%2fok.txt", map[string]any{"expiresIn": 60}, "../ok.txt"},
			{"signed upload URL", http.MethodPost, "/object/upload/sign/docs/%2e%2e%2fx", map[string]any{}, "../x"},
			{"signed upload", http.MethodPut, "/object/upload/sign/docs/%2e%2e%2fx?token=x", "x", "../x"},
			{"delete one", http.MethodDelete, "/object/docs/%2e%2e%2fok.txt", nil, "../ok.txt"},
			{"move destination", http.MethodPost, "/object/move",
				map[string]any{"bucketId": "docs", "sourceKey": "ok.txt", "destinationKey": "../../outside.txt"}, "../../outside.txt"},
			{"move source", http.MethodPost, "/object/move",
				map[string]any{"bucketId": "docs", "sourceKey": "../ok.txt", "destinationKey": "x.txt"}, "../ok.txt"},
			{"copy destination", http.MethodPost, "/object/copy",
				map[string]any{"bucketId": "docs", "sourceKey": "ok.txt", "destinationKey": "/abs.txt"}, "/abs.txt"},
			{"copy NUL", http.MethodPost, "/object/copy",
				map[string]any{"bucketId": "docs", "sourceKey": "ok.txt", "destinationKey": "a\x00b"}, `a\x00b`},
			{"remove", http.MethodDelete, "/object/docs", map[string]any{"prefixes": []string{"ok.txt", "../ok.txt"}}, "../ok.txt"},
			{"list prefix", http.MethodPost, "/object/list/docs", map[string]any{"prefix": "../"}, "../"},
			{"list absolute prefix", http.MethodPost, "/object/list/docs", map[string]any{"prefix": "/etc"}, "/etc"},
			{"sign many", http.MethodPost, "/object/sign/docs", map[string]any{"expiresIn": 60, "paths": []string{"a/../../b"}}, "a/../../b"},
		}
		for _, a := range attempts {
			var body io.Reader
			var hdr []string
			switch v := a.body.(type) {
			case string:
				body, hdr = strings.NewReader(v), []string{"Content-Type", "text/plain"}
			case nil:
			default:
				data, _ := json.Marshal(v)
				body, hdr = bytes.NewReader(data), []string{"Content-Type", "application/json"}
			}
			r := b.call(a.method, a.path, body, svc, hdr...)
			t.Run(a.name, func(t *testing.T) {
				wantError(t, r, 400, "400", "InvalidKey", "InvalidKey", "Invalid key: "+a.wantName)
			})
		}
		// Literal dot-dot segments never reach the service: the router
		// answers with a redirect to the cleaned path, which stores nothing.
		r := b.call(http.MethodPost, "/object/docs/../../escape.txt", strings.NewReader("x"), svc, "Content-Type", "text/plain")
		if r.status == http.StatusOK {
			t.Errorf("literal ../ upload answered 200: %s", r.body)
		}
		if got := b.keys(t); strings.Join(got, ",") != strings.Join(before, ",") {
			t.Errorf("stored keys changed: %v -> %v", before, got)
		}
		if n := b.objectCount("docs"); n != 1 {
			t.Errorf("%d rows in docs, want 1", n)
		}
		if g := b.call(http.MethodGet, "/object/docs/ok.txt", nil, svc); string(g.body) != "ok" {
			t.Errorf("ok.txt = %q", g.body)
		}
	}},
}
