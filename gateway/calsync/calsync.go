// Package calsync is calendar sync (issue 26): a private iCalendar feed of
// each user's dated tasks at /calendar/v1/feed/<token>.ics.
//
// Calendar apps send neither an apikey nor a bearer token, so the service
// authenticates on its own: the secret token in the feed's path names its
// owner (public.calendar_feeds, migration 0730). The tasks are then read
// as the owner — inside a transaction with the owner's role and claims
// (internal/asrole) — so row-level security decides what the feed shows,
// exactly as it decides what the app shows. Calendar sync is a Pro and
// Team feature (000 §9): a Free owner's feed answers 403 with a message
// that says so.
package calsync

import (
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Config is what the service needs.
type Config struct {
	// Admin looks feed tokens up (it may call private functions).
	Admin *pgxpool.Pool
	// API runs the owner's reads, as the owner's role (authenticator).
	API *pgxpool.Pool
	Log *slog.Logger
	// Prefix is where the gateway mounts the service ("/calendar/v1"):
	// CalDAV's hrefs are absolute paths.
	Prefix string
}

// Service serves /calendar/v1.
type Service struct {
	cfg Config
	mux *http.ServeMux
}

// New builds the service.
func New(cfg Config) *Service {
	s := &Service{cfg: cfg, mux: http.NewServeMux()}
	s.mux.HandleFunc("GET /feed/{file}", s.feed)
	s.mux.HandleFunc("/dav/", s.dav)
	s.mux.HandleFunc("/dav", s.dav)
	return s
}

func (s *Service) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mux.ServeHTTP(w, r)
}

// fail answers a calendar app in plain text: that is what its error pane
// shows, and there is no JSON-speaking client on this side.
func fail(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_, _ = w.Write([]byte(msg + "\n"))
}

// WellKnown answers RFC 6764's /.well-known/caldav, where calendar apps
// look first when given only a host, with the CalDAV root.
func WellKnown(root string) http.Handler {
	return http.RedirectHandler(root, http.StatusMovedPermanently)
}
