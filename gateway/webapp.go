package gateway

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"mime"
	"net/http"
	"path"
	"strconv"
	"strings"
	"sync"
	"time"
)

// configMarker in index.html is replaced by the runtime config, so one build
// of the app runs against any daybase URL and key.
const configMarker = "<!--daybase-config-->"

// compressible are the extensions served gzip-encoded to clients that
// accept it. Images other than SVG, fonts (woff2 is already compressed) and
// archives are sent as they are.
var compressible = map[string]bool{
	".js": true, ".mjs": true, ".css": true, ".html": true, ".svg": true, ".json": true,
	".webmanifest": true, ".map": true, ".txt": true, ".xml": true,
}

// minCompress is the size under which gzip's header costs more than it saves.
const minCompress = 256

// WebApp serves the built single-page app from files: existing files as
// they are (hashed assets under /assets/ cached for a year), every other
// non-API path as index.html with the runtime config filled in, or, for a
// path the build prerendered (pages/manifest.json) with a query the page
// allows, that page with the config filled in.
//
// Text files (compressible) are sent gzip-encoded when the request's
// Accept-Encoding allows it, with Vary: Accept-Encoding. The files are
// immutable for the life of the process, so each is read, hashed and
// compressed once, on first request, and kept; index.html once, after the
// config is injected. Each representation has its own strong ETag; Range
// requests are honoured on the identity representation only (an encoded
// answer is always whole).
func WebApp(files fs.FS, publicURL, anonKey string) http.Handler {
	index, err := fs.ReadFile(files, "index.html")
	if err != nil {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "The web app is not built into this binary. Build it with `go tool task build`, "+
				"which runs the web build before the Go build.", http.StatusServiceUnavailable)
		})
	}
	cfg, _ := json.Marshal(map[string]string{"url": publicURL, "anonKey": anonKey})
	// </script> cannot appear in JSON-encoded strings: json.Marshal escapes <.
	configScript := []byte("<script>window.__DAYBASE_CONFIG__=" + string(cfg) + "</script>")
	withConfig := func(page []byte) []byte { return bytes.Replace(page, []byte(configMarker), configScript, 1) }
	indexFile := newStaticFile("index.html", withConfig(index))
	pages, err := loadPrerendered(files, withConfig)
	if err != nil {
		slog.Warn("web app: prerendered pages not served; every page starts from index.html", "err", err)
	}
	cache := &fileCache{files: files}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		// pages/ holds the prerendered pages: sent for their paths only, with the config.
		if name != "" && name != "index.html" && name != "pages" && !strings.HasPrefix(name, "pages/") {
			if st, err := fs.Stat(files, name); err == nil && !st.IsDir() {
				f, err := cache.get(name)
				if err != nil {
					http.Error(w, "cannot read "+name, http.StatusInternalServerError)
					return
				}
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				f.serve(w, r)
				return
			} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
				http.Error(w, "cannot read "+name, http.StatusInternalServerError)
				return
			}
			// A missing asset is a 404, not the app: a stale tab asking for
			// an old chunk must fail loudly rather than parse HTML as JS.
			if strings.HasPrefix(name, "assets/") {
				http.NotFound(w, r)
				return
			}
		}
		w.Header().Set("Cache-Control", "no-cache")
		if p, ok := pages["/"+name]; ok && p.fits(r.URL.Query()) {
			p.file.serve(w, r)
			return
		}
		indexFile.serve(w, r)
	})
}

// prerenderedManifest is the file web/scripts/prerender.mjs writes: for
// each path, the page holding its prerendered markup and the query
// parameters that leave that markup as it is.
const prerenderedManifest = "pages/manifest.json"

type prerenderedPage struct {
	file  *staticFile
	query map[string]bool
}

// fits reports whether the page shows what the app would render for a
// request with this query: a parameter the page was not made for (/auth?mode=signup)
// gets index.html, and the app renders it. "*" allows any (a public page
// whose markup no parameter changes: ?utm_source=… keeps it).
func (p prerenderedPage) fits(query map[string][]string) bool {
	if p.query["*"] {
		return true
	}
	for k := range query {
		if !p.query[k] {
			return false
		}
	}
	return true
}

// loadPrerendered reads the manifest and its pages, config filled in. A
// build without prerendered pages (vite dev, tests) has no manifest: none.
func loadPrerendered(files fs.FS, withConfig func([]byte) []byte) (map[string]prerenderedPage, error) {
	raw, err := fs.ReadFile(files, prerenderedManifest)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	var manifest map[string]struct {
		File  string   `json:"file"`
		Query []string `json:"query"`
	}
	if err := json.Unmarshal(raw, &manifest); err != nil {
		return nil, fmt.Errorf("%s: %w (rebuild the web app: go tool task build)", prerenderedManifest, err)
	}
	pages := make(map[string]prerenderedPage, len(manifest))
	for route, m := range manifest {
		if !strings.HasPrefix(m.File, "pages/") || !strings.HasSuffix(m.File, ".html") {
			return nil, fmt.Errorf("%s: %s: page %q is not an .html file under pages/", prerenderedManifest, route, m.File)
		}
		page, err := fs.ReadFile(files, m.File)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", prerenderedManifest, route, err)
		}
		query := make(map[string]bool, len(m.Query))
		for _, k := range m.Query {
			query[k] = true
		}
		pages[route] = prerenderedPage{file: newStaticFile(m.File, withConfig(page)), query: query}
	}
	return pages, nil
}

// fileCache holds the files already served, read and compressed once.
type fileCache struct {
	files fs.FS
	mu    sync.Mutex
	byKey map[string]*lazyFile
}

type lazyFile struct {
	once sync.Once
	f    *staticFile
	err  error
}

func (c *fileCache) get(name string) (*staticFile, error) {
	c.mu.Lock()
	if c.byKey == nil {
		c.byKey = map[string]*lazyFile{}
	}
	lf := c.byKey[name]
	if lf == nil {
		lf = &lazyFile{}
		c.byKey[name] = lf
	}
	c.mu.Unlock()
	lf.once.Do(func() {
		data, err := fs.ReadFile(c.files, name)
		if err != nil {
			lf.err = err
			return
		}
		lf.f = newStaticFile(name, data)
	})
	if lf.err != nil {
		// A read error is not cached: the next request tries again.
		c.mu.Lock()
		if c.byKey[name] == lf {
			delete(c.byKey, name)
		}
		c.mu.Unlock()
	}
	return lf.f, lf.err
}

// staticFile is one file's representations.
type staticFile struct {
	name        string
	contentType string
	data        []byte
	etag        string
	compressed  bool   // a text type: Vary: Accept-Encoding
	gz          []byte // nil when not compressible or not smaller
	gzETag      string
}

func newStaticFile(name string, data []byte) *staticFile {
	ext := strings.ToLower(path.Ext(name))
	ctype := mime.TypeByExtension(ext)
	switch {
	case ext == ".webmanifest":
		ctype = "application/manifest+json"
	case ctype == "":
		ctype = http.DetectContentType(data)
	}
	sum := sha256.Sum256(data)
	tag := base64.RawURLEncoding.EncodeToString(sum[:12])
	f := &staticFile{name: name, contentType: ctype, data: data, etag: `"` + tag + `"`, compressed: compressible[ext]}
	if f.compressed && len(data) >= minCompress {
		var buf bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
		zw.Write(data)
		zw.Close()
		if buf.Len() < len(data) {
			f.gz = buf.Bytes()
			f.gzETag = `"` + tag + `-gzip"`
		}
	}
	return f
}

func (f *staticFile) serve(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Type", f.contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	if f.compressed {
		h.Add("Vary", "Accept-Encoding")
	}
	if f.gz == nil || !acceptsGzip(r.Header.Get("Accept-Encoding")) {
		h.Set("ETag", f.etag)
		// Range, If-None-Match, If-Range and HEAD on the plain bytes.
		http.ServeContent(w, r, f.name, time.Time{}, bytes.NewReader(f.data))
		return
	}
	h.Set("ETag", f.gzETag)
	h.Set("Content-Encoding", "gzip")
	if etagMatches(r.Header.Get("If-None-Match"), f.gzETag) {
		h.Del("Content-Type")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	// An encoded answer is whole: a Range header is ignored (RFC 9110
	// lets a server ignore Range), and none is advertised.
	h.Set("Accept-Ranges", "none")
	h.Set("Content-Length", strconv.Itoa(len(f.gz)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(f.gz)
	}
}

// acceptsGzip reports whether an Accept-Encoding value allows gzip: listed
// with a non-zero quality, or covered by * when not listed.
func acceptsGzip(header string) bool {
	star := false
	for _, part := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		q := 1.0
		for _, p := range strings.Split(params, ";") {
			k, v, ok := strings.Cut(strings.TrimSpace(p), "=")
			if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
				if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil {
					q = f
				}
			}
		}
		switch coding {
		case "gzip", "x-gzip":
			return q > 0
		case "*":
			star = q > 0
		}
	}
	return star
}

// etagMatches is If-None-Match's weak comparison against one strong tag.
func etagMatches(header, etag string) bool {
	for _, t := range strings.Split(header, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == etag {
			return true
		}
	}
	return false
}
