// Package gateway is daybase's HTTP front door. It mounts the services —
// /rest/v1, /auth/v1, /storage/v1, /realtime/v1, /functions/v1 — behind one
// middleware chain (request id, access log, panic recovery, CORS, body
// limits, apikey check, JWT → role and claims) and serves the web app for
// every other path.
package gateway

import (
	"context"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"daybase/internal/metrics"
	"daybase/internal/token"
)

// Config is the gateway's part of the configuration.
type Config struct {
	// Signer verifies apikeys and bearer tokens.
	Signer *token.Signer
	// PublicURL is written into the web app's runtime config.
	PublicURL string
	// AnonKey is written into the web app's runtime config.
	AnonKey string
	// MaxBodyBytes caps request bodies of every service except storage,
	// which enforces its own per-plan limits while streaming.
	MaxBodyBytes int64
	// BodyReadTimeout is how long a request body may take to arrive; a
	// slower one is cut off and answered 408 by its service. Storage
	// uploads instead may pause this long between bytes (storage.Config).
	// Zero means 30s; negative turns it off. Env DAYBASE_BODY_READ_TIMEOUT.
	BodyReadTimeout time.Duration
	// FilesURL is the separate origin for user files, or "". Requests to
	// its host reach only the services marked Files (and /health): not
	// the app, not the other APIs. Env DAYBASE_STORAGE_FILES_URL.
	FilesURL string
	// Metrics, when set, counts every request (service, route class,
	// status, latency, bytes in and out).
	Metrics *metrics.Metrics
	// MetricsToken, when set with Metrics, serves GET /metrics here to
	// requests bearing it.
	MetricsToken string
	// DataAccess, when set, vouches for sessions whose data access it
	// knows (internal/dataaccess); nil leaves every check to the database.
	DataAccess DataAccessCache
}

// DataAccessCache is what the gateway needs of internal/dataaccess.Cache.
type DataAccessCache interface {
	// Vouch reports whether the session is known to be live and assured
	// enough to reach data.
	Vouch(sub, session, aal string) bool
	// Hold stops vouching until release, which forgets every session.
	Hold() (release func())
	// Forget drops what it knows of one user's sessions.
	Forget(sub string)
}

// DefaultBodyReadTimeout is Config.BodyReadTimeout's default.
const DefaultBodyReadTimeout = 30 * time.Second

// Pinger reports whether the database answers (for /health).
type Pinger interface {
	Ping(ctx context.Context) error
}

// Service is one mounted API. Handlers see paths with the mount prefix
// removed (/rest/v1/todos arrives as /todos).
type Service struct {
	Prefix  string       // e.g. "/rest/v1"
	Handler http.Handler // the service
	// APIKey says when a valid apikey is required: always, never (the
	// service authorises on its own, like storage's public objects), or
	// always except for the listed path prefixes (auth's browser redirects).
	APIKey      APIKeyRule
	OpenPaths   []string
	UnlimitedIn bool // skip the body limit (storage streams big uploads)
	// Files marks the service that answers on the files host
	// (Config.FilesURL): storage, which serves only downloads there.
	Files bool
	// ChangesSessions marks the service whose writes may end sessions or
	// change factors (auth): while one runs, Config.DataAccess vouches
	// for nobody, and it forgets every session when the write ends.
	ChangesSessions bool
	// KeepsSessions, when set, picks the writes of a ChangesSessions
	// service that end a session only in a way they report through
	// identity.Identity.SessionsEnded (auth's token refresh: only reuse
	// detection ends one). Those run without the hold, so the cache keeps
	// every other user's sessions; the service forgets the one it ended.
	KeepsSessions func(r *http.Request) bool
}

// APIKeyRule says whether a service requires the apikey.
type APIKeyRule int

const (
	// APIKeyRequired refuses requests without a valid apikey with 401.
	APIKeyRequired APIKeyRule = iota
	// APIKeyOptional checks a key only when one is sent.
	APIKeyOptional
)

// Gateway is the root handler.
type Gateway struct {
	cfg      Config
	log      *slog.Logger
	db       Pinger
	services []Service
	web      http.Handler
	handler  http.Handler
	apiKeys  apiKeyCache
	bearers  bearerCache
}

// New builds the gateway. web serves the app (nil: 404 for non-API paths).
func New(cfg Config, db Pinger, services []Service, web http.Handler, log *slog.Logger) *Gateway {
	g := &Gateway{cfg: cfg, log: log, db: db, services: services, web: web}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /health", g.health)
	if cfg.Metrics != nil && cfg.MetricsToken != "" {
		mux.Handle("GET /metrics", cfg.Metrics.Handler(cfg.MetricsToken))
	}
	for _, s := range services {
		h := s.Handler
		h = g.authenticate(s, h)
		if !s.UnlimitedIn {
			h = limitBody(cfg.MaxBodyBytes, h)
		}
		mux.Handle(s.Prefix+"/", http.StripPrefix(s.Prefix, h))
		mux.Handle(s.Prefix, http.StripPrefix(s.Prefix, h))
	}
	if web != nil {
		mux.Handle("/", web)
	}
	if cfg.BodyReadTimeout == 0 {
		cfg.BodyReadTimeout = DefaultBodyReadTimeout
	}
	var h http.Handler = mux
	if cfg.FilesURL != "" {
		h = filesHostOnly(cfg.FilesURL, services, mux)
	}
	g.handler = requestID(g.accessLog(recoverPanics(log, securityHeaders(cors(bodyDeadline(cfg.BodyReadTimeout, h))))))
	return g
}

func (g *Gateway) ServeHTTP(w http.ResponseWriter, r *http.Request) { g.handler.ServeHTTP(w, r) }

// health answers 200 only when the database does.
func (g *Gateway) health(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
	defer cancel()
	if err := g.db.Ping(ctx); err != nil {
		g.log.Warn("health check: database unreachable", "err", err)
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "unavailable", "database": "unreachable"})
		return
	}
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "database": "ok"})
}

// filesHostOnly answers requests to the files host with the services
// marked Files and /health only; the app and the other APIs are not there,
// so a user's file rendered on that origin finds no session to read.
func filesHostOnly(filesURL string, services []Service, next http.Handler) http.Handler {
	u, _ := url.Parse(filesURL)
	var prefixes []string
	for _, s := range services {
		if s.Files {
			prefixes = append(prefixes, s.Prefix+"/")
		}
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if u == nil || !strings.EqualFold(r.Host, u.Host) || r.URL.Path == "/health" {
			next.ServeHTTP(w, r)
			return
		}
		for _, p := range prefixes {
			if strings.HasPrefix(r.URL.Path, p) {
				next.ServeHTTP(w, r)
				return
			}
		}
		writeJSON(w, http.StatusNotFound, map[string]string{"message": "Not found: this host serves user files only"})
	})
}

// serviceOf names the service a request path belongs to ("rest" for
// /rest/v1/...) and the path within it; "" for the app's own paths.
func (g *Gateway) serviceOf(path string) (name, rest string) {
	for _, s := range g.services {
		if rest, ok := strings.CutPrefix(path, s.Prefix); ok && (rest == "" || rest[0] == '/') {
			name, _, _ = strings.Cut(strings.TrimPrefix(s.Prefix, "/"), "/")
			return name, rest
		}
	}
	return "", path
}

func isOpenPath(s Service, path string) bool {
	rest := strings.TrimPrefix(path, s.Prefix)
	for _, p := range s.OpenPaths {
		if rest == p || strings.HasPrefix(rest, p+"/") {
			return true
		}
	}
	return false
}
