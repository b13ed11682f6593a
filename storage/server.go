package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/token"
	"daybase/storage/transform"
	"daybase/storage/validate"
)

// Backend stores the bytes of objects. storage/disk (the default) and
// storage/s3 implement it; storage/backendtest is the behaviour both pass.
// Keys come from objectKey and are never reused.
type Backend interface {
	// Put stores r under key. size is the length when known, else -1. On
	// error nothing may be left under key.
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error)
	// Open returns the bytes under key, or an error wrapping
	// backend.ErrNotFound.
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	// Copy stores a copy of src under dst.
	Copy(ctx context.Context, src, dst string) error
	// Delete removes keys; missing ones are not an error.
	Delete(ctx context.Context, keys ...string) error
}

// Config is everything the service needs. cmd/daybase builds it.
type Config struct {
	// Backend holds the bytes.
	Backend Backend
	// Admin is a superuser pool: bucket lookups, public and signed
	// downloads, plans and rate-limit counters.
	Admin *pgxpool.Pool
	// API logs in as authenticator; every object operation of a caller runs
	// on it as the caller's role, so row-level security decides.
	API *pgxpool.Pool
	// Signer signs and verifies the tokens of signed URLs.
	Signer *token.Signer
	// Log receives one line per failed request (4xx Info, 5xx Error).
	Log *slog.Logger
	// FileSizeLimit caps every upload in bytes, below any bucket's own
	// file_size_limit. Default 1 GiB (env DAYBASE_STORAGE_FILE_SIZE_LIMIT).
	FileSizeLimit int64
	// Rules are the app's file rules per bucket id (002 §5). Default
	// DefaultRules(); an empty non-nil map turns them off.
	Rules map[string]Rules
	// Limits are the per-user upload rate limits applied in buckets with
	// rules. Default DefaultLimits().
	Limits Limits
	// Transform bounds image transformations (/render/image): source size
	// and pixels, renders at a time, result cache. Zero fields take
	// transform's defaults (25 MB, 50 MP, GOMAXPROCS, 64 MiB).
	Transform transform.Config
	// SignedUploadTTL is how long a signed upload URL stays valid.
	// Default 2 hours, as on the hosted API.
	SignedUploadTTL time.Duration
	// Now is the clock (tests replace it). Default time.Now.
	Now func() time.Time
	// FilesURL is the separate origin for user files
	// (https://files.example.com), or "" to serve them from the app's.
	// Set, public and signed downloads on any other host redirect there,
	// and on that host nothing but those downloads is served. Env
	// DAYBASE_STORAGE_FILES_URL.
	FilesURL string
	// AppURL is the app's origin, which may frame inline objects (a PDF
	// preview) served from FilesURL.
	AppURL string
	// UploadIdleTimeout is the longest pause between bytes of an upload;
	// an upload may take as long as it keeps moving. Default 30s (env
	// DAYBASE_BODY_READ_TIMEOUT, the gateway's deadline for other bodies).
	UploadIdleTimeout time.Duration
}

// Server is the /storage/v1 API.
type Server struct {
	cfg     Config
	backend Backend
	admin   *pgxpool.Pool
	api     *pgxpool.Pool
	signer  *token.Signer
	log     *slog.Logger
	limiter *limiter
	render  *transform.Renderer
	mux     *http.ServeMux
	// filesHost is FilesURL's host[:port] ("" without one).
	filesHost string
	// inlineCSP is the policy of objects served for display.
	inlineCSP string
}

// New returns the service; mount it at /storage/v1 with the prefix removed.
func New(cfg Config) (*Server, error) {
	if cfg.Backend == nil || cfg.Admin == nil || cfg.API == nil || cfg.Signer == nil {
		return nil, errors.New("storage: Backend, Admin, API and Signer are required")
	}
	if cfg.Log == nil {
		cfg.Log = slog.New(slog.DiscardHandler)
	}
	if cfg.FileSizeLimit <= 0 {
		cfg.FileSizeLimit = 1 << 30
	}
	if cfg.Rules == nil {
		cfg.Rules = DefaultRules()
	}
	if cfg.Limits == (Limits{}) {
		cfg.Limits = DefaultLimits()
	}
	if cfg.SignedUploadTTL <= 0 {
		cfg.SignedUploadTTL = 2 * time.Hour
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.UploadIdleTimeout <= 0 {
		cfg.UploadIdleTimeout = 30 * time.Second
	}
	s := &Server{
		cfg: cfg, backend: cfg.Backend, admin: cfg.Admin, api: cfg.API, signer: cfg.Signer, log: cfg.Log,
		limiter: newLimiter(cfg.Admin, cfg.Limits), inlineCSP: "frame-ancestors 'self'",
		render: transform.New(cfg.Transform),
	}
	if cfg.FilesURL != "" {
		u, err := url.Parse(cfg.FilesURL)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("storage: FilesURL %q is not an origin", cfg.FilesURL)
		}
		s.filesHost = u.Host
		if app, err := url.Parse(cfg.AppURL); err == nil && app.Host != "" {
			s.inlineCSP += " " + app.Scheme + "://" + app.Host
		}
	}
	s.mux = s.routes()
	return s, nil
}

// ServeHTTP serves the API; on the files host (Config.FilesURL) only the
// public and signed downloads.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if s.onFilesHost(r) && !isFileDownload(r) {
		s.handle(func(http.ResponseWriter, *http.Request) error {
			return &Error{Status: 404, Code: "NotFound", Name: "Not Found", Message: "This host serves files only"}
		}).ServeHTTP(w, r)
		return
	}
	s.mux.ServeHTTP(w, r)
}

// onFilesHost reports whether r came to the files host.
func (s *Server) onFilesHost(r *http.Request) bool {
	return s.filesHost != "" && strings.EqualFold(r.Host, s.filesHost)
}

// isFileDownload reports whether r is a download a browser may open: a
// public or signed object URL.
func isFileDownload(r *http.Request) bool {
	return (r.Method == http.MethodGet || r.Method == http.MethodHead) &&
		(strings.HasPrefix(r.URL.Path, "/object/public/") || strings.HasPrefix(r.URL.Path, "/object/sign/"))
}

// toFilesHost sends a download that came to the app's origin to the files
// host (same path and query) and reports whether it did. supabase-js
// builds public and signed URLs on the API's URL; the redirect is what
// moves them to the other origin.
func (s *Server) toFilesHost(w http.ResponseWriter, r *http.Request) bool {
	if s.filesHost == "" || s.onFilesHost(r) {
		return false
	}
	u, err := url.ParseRequestURI(r.RequestURI)
	if err != nil {
		return false
	}
	w.Header().Set("Cache-Control", "no-store")
	http.Redirect(w, r, s.cfg.FilesURL+u.RequestURI(), http.StatusTemporaryRedirect)
	return true
}

// routes is the API, one line per endpoint of the hosted storage API that
// storage-js 2.x calls. Fixed segments (sign, public, info, ...) win over
// the {bucket} wildcard, so those words are not valid bucket names.
func (s *Server) routes() *http.ServeMux {
	m := http.NewServeMux()
	h := func(pattern string, f func(http.ResponseWriter, *http.Request) error) {
		m.Handle(pattern, s.handle(f))
	}
	h("GET /bucket", s.listBuckets)
	h("GET /bucket/{$}", s.listBuckets)
	h("POST /bucket", s.createBucket)
	h("POST /bucket/{$}", s.createBucket)
	h("GET /bucket/{id}", s.getBucket)
	h("PUT /bucket/{id}", s.updateBucket)
	h("POST /bucket/{id}/empty", s.emptyBucket)
	h("DELETE /bucket/{id}", s.deleteBucket)

	h("POST /object/{bucket}/{path...}", s.uploadPost)
	h("PUT /object/{bucket}/{path...}", s.uploadPut)
	h("GET /object/{bucket}/{path...}", s.getAuthenticated)
	h("GET /object/authenticated/{bucket}/{path...}", s.getAuthenticated)
	h("GET /object/public/{bucket}/{path...}", s.getPublic)
	h("GET /object/info/{bucket}/{path...}", s.infoAuthenticated)
	h("GET /object/info/authenticated/{bucket}/{path...}", s.infoAuthenticated)
	h("GET /object/info/public/{bucket}/{path...}", s.infoPublic)
	h("DELETE /object/{bucket}/{path...}", s.deleteObject)
	h("DELETE /object/{bucket}", s.removeObjects)
	h("POST /object/list/{bucket}", s.listObjects)
	h("POST /object/list-v2/{bucket}", s.listObjectsV2)
	h("POST /object/move", s.moveObject)
	h("POST /object/copy", s.copyObject)

	h("POST /object/sign/{bucket}/{path...}", s.createSignedURL)
	h("POST /object/sign/{bucket}", s.createSignedURLs)
	h("GET /object/sign/{bucket}/{path...}", s.getSigned)
	h("POST /object/upload/sign/{bucket}/{path...}", s.createSignedUploadURL)
	h("PUT /object/upload/sign/{bucket}/{path...}", s.uploadSigned)

	h("GET /render/image/authenticated/{bucket}/{path...}", s.renderAuthenticated)
	h("GET /render/image/public/{bucket}/{path...}", s.renderPublic)
	h("GET /render/image/sign/{bucket}/{path...}", s.renderSigned)

	m.Handle("/", s.handle(func(w http.ResponseWriter, r *http.Request) error {
		return &Error{Status: 404, Code: "NotFound", Name: "Not Found", Message: fmt.Sprintf("Route %s:%s not found", r.Method, r.URL.Path)}
	}))
	return m
}

// handle adapts a handler that returns an error: the error is rendered in
// the storage error shape and logged once, 4xx at Info and 5xx at Error;
// a client that went away is logged as 499 and gets no answer.
func (s *Server) handle(f func(http.ResponseWriter, *http.Request) error) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		err := f(w, r)
		if err == nil {
			return
		}
		e := classify(err)
		level := slog.LevelInfo
		if e.Status >= 500 && e.Status != statusClientClosed {
			level = slog.LevelError
		}
		s.log.Log(r.Context(), level, "storage request failed",
			"request_id", r.Header.Get("X-Request-Id"), "method", r.Method, "path", r.URL.Path,
			"status", e.Status, "code", e.Code, "err", err)
		if e.Status == statusClientClosed {
			return
		}
		if e.RetryAfter > 0 {
			w.Header().Set("Retry-After", strconv.Itoa(e.RetryAfter))
		}
		// Headers meant for a download must not decorate its error.
		for _, h := range []string{"Content-Disposition", "Content-Security-Policy", "ETag", "Last-Modified", "Cache-Control"} {
			w.Header().Del(h)
		}
		writeJSON(w, e.httpStatus(), e.body())
	})
}

// writeJSON sends v as the answer. It returns nil even when the write
// fails: the status is out, and a client that left is not the handler's
// failure to report, so handlers can end with `return writeJSON(...)`.
func writeJSON(w http.ResponseWriter, status int, v any) error {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
	return nil
}

// maxJSONBody bounds the JSON bodies of non-upload routes.
const maxJSONBody = 1 << 20

// readJSON decodes the request's JSON body into v; an empty body leaves v
// as it is.
func readJSON(w http.ResponseWriter, r *http.Request, v any) error {
	body := http.MaxBytesReader(w, r.Body, maxJSONBody)
	dec := json.NewDecoder(body)
	if err := dec.Decode(v); err != nil && !errors.Is(err, io.EOF) {
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return errTooLarge("The request body exceeded 1 MB")
		}
		return errInvalidRequest("Body is not valid JSON: %v", err)
	}
	return nil
}

// lookupBucket reads a bucket as the server (uploads and downloads find
// their bucket whatever the caller may see, as the hosted API does).
func (s *Server) lookupBucket(ctx context.Context, id string) (bucket, error) {
	b, err := scanBucket(s.admin.QueryRow(ctx, stmt.BucketGet, id))
	if errors.Is(err, errNoRows) {
		return b, errNoSuchBucket()
	}
	if err != nil {
		return b, fmt.Errorf("look up bucket %q: %w", id, err)
	}
	return b, nil
}

// rulesFor returns the app's file rules of a bucket, if it has any.
func (s *Server) rulesFor(bucketID string) (Rules, bool) {
	r, ok := s.cfg.Rules[bucketID]
	return r, ok
}

// plan is the user's plan for the per-file limit ("free" when unknown).
func (s *Server) plan(ctx context.Context, userID string) (string, error) {
	if userID == "" {
		return validate.PlanFree, nil
	}
	var plan string
	if err := s.admin.QueryRow(ctx, stmt.UserPlan, userID).Scan(&plan); err != nil {
		return "", fmt.Errorf("plan of %s: %w", userID, err)
	}
	return plan, nil
}
