package gateway

import (
	"bytes"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// configMarker in index.html is replaced by the runtime config, so one build
// of the app runs against any daybase URL and key.
const configMarker = "<!--daybase-config-->"

// WebApp serves the built single-page app from files: existing files as
// they are (hashed assets under /assets/ cached for a year), every other
// non-API path as index.html with the runtime config filled in.
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
	index = bytes.Replace(index, []byte(configMarker),
		[]byte("<script>window.__DAYBASE_CONFIG__="+string(cfg)+"</script>"), 1)
	fileServer := http.FileServerFS(files)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		name := strings.TrimPrefix(path.Clean(r.URL.Path), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(files, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				} else {
					w.Header().Set("Cache-Control", "no-cache")
				}
				fileServer.ServeHTTP(w, r)
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
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		w.Write(index)
	})
}
