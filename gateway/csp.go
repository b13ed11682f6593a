package gateway

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"net/url"
	"strings"

	"golang.org/x/net/html"
)

// WebConfig is what the web app's pages are served with.
type WebConfig struct {
	// PublicURL is the API's URL, written into the runtime config; the
	// page may connect to it (HTTP and websockets).
	PublicURL string
	// AnonKey is written into the runtime config.
	AnonKey string
	// FilesURL is the separate origin of user files (Config.FilesURL), or
	// "": the page may show, play, frame and fetch files from it.
	FilesURL string
	// AnonymousSignIns is written into the runtime config: /auth shows
	// "Try without an account".
	AnonymousSignIns bool
}

// runtime is window.__DAYBASE_CONFIG__: where the API is, its anon key,
// and the server's settings the app's screens depend on.
func (c WebConfig) runtime() any {
	return struct {
		URL              string `json:"url"`
		AnonKey          string `json:"anonKey"`
		AnonymousSignIns bool   `json:"anonymousSignIns,omitempty"`
	}{c.PublicURL, c.AnonKey, c.AnonymousSignIns}
}

// newPage is an HTML page of the app with its Content-Security-Policy.
func newPage(name string, data []byte, cfg WebConfig) *staticFile {
	f := newStaticFile(name, data)
	f.csp = pagePolicy(inlineScriptHashes(data), cfg)
	return f
}

// pagePolicy is the app's Content-Security-Policy. Script runs only from
// our origin and from the page's own inline scripts, allowed one by one by
// hash (never 'unsafe-inline' for script), so markup that slipped into a
// page cannot run. Styles may be inline: the prerendered markup carries
// style attributes and the toast library inserts a <style>; CSS cannot
// run script. The app talks to the API at PublicURL (and its websocket),
// shows data: and blob: images (the QR code of two-factor enrolment, file
// previews), and reaches user files on FilesURL. frame-ancestors 'none'
// keeps any other site from framing the app (clickjacking); base-uri and
// object-src close the two remaining ways to load script.
func pagePolicy(scriptHashes []string, cfg WebConfig) string {
	self := []string{"'self'"}
	api := originsOf(cfg.PublicURL, true)
	files := originsOf(cfg.FilesURL, false)
	directives := [][]string{
		{"default-src", "'self'"},
		append(append([]string{"script-src"}, self...), scriptHashes...),
		{"style-src", "'self'", "'unsafe-inline'"},
		append([]string{"img-src", "'self'", "data:", "blob:"}, files...),
		append([]string{"media-src", "'self'", "blob:"}, files...),
		{"font-src", "'self'", "data:"},
		append(append(append([]string{"connect-src"}, self...), api...), files...),
		append([]string{"frame-src", "'self'"}, files...),
		{"worker-src", "'self'"},
		{"manifest-src", "'self'"},
		{"object-src", "'none'"},
		{"base-uri", "'none'"},
		{"form-action", "'self'"},
		{"frame-ancestors", "'none'"},
	}
	parts := make([]string, len(directives))
	for i, d := range directives {
		parts[i] = strings.Join(dedupe(d), " ")
	}
	return strings.Join(parts, "; ")
}

// originsOf is the origin of raw (scheme://host[:port]), and with
// websockets also its ws:// or wss:// twin; none when raw is empty or not
// an absolute URL.
func originsOf(raw string, websockets bool) []string {
	u, err := url.Parse(raw)
	if raw == "" || err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil
	}
	out := []string{u.Scheme + "://" + u.Host}
	if websockets {
		ws := "ws"
		if u.Scheme == "https" {
			ws = "wss"
		}
		out = append(out, ws+"://"+u.Host)
	}
	return out
}

func dedupe(in []string) []string {
	seen := make(map[string]bool, len(in))
	out := in[:0:0]
	for _, s := range in {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

// inlineScriptHashes returns the CSP source of each inline script of an
// HTML page ('sha256-…' of its text, as a browser hashes it), in page
// order: in the app's pages, index.html's boot script, the runtime config
// and, in the prerendered /app, boot/signed-in-page.js.
func inlineScriptHashes(page []byte) []string {
	var hashes []string
	z := html.NewTokenizer(bytes.NewReader(page))
	inScript := false
	var text []byte
	for {
		switch z.Next() {
		case html.ErrorToken:
			return hashes
		case html.StartTagToken:
			name, hasAttr := z.TagName()
			inScript = string(name) == "script" && !hasSrc(z, hasAttr)
			text = text[:0]
		case html.TextToken:
			if inScript {
				text = append(text, z.Text()...)
			}
		case html.EndTagToken:
			if name, _ := z.TagName(); inScript && string(name) == "script" {
				sum := sha256.Sum256(text)
				hashes = append(hashes, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
				inScript = false
			}
		}
	}
}

// hasSrc reports whether the start tag z is on has a src attribute.
func hasSrc(z *html.Tokenizer, more bool) bool {
	for more {
		var key []byte
		key, _, more = z.TagAttr()
		if string(key) == "src" {
			return true
		}
	}
	return false
}
