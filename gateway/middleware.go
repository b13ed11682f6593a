package gateway

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"daybase/internal/identity"
	"daybase/internal/metrics"
)

// requestID echoes X-Request-Id or makes one up, on the request and response.
func requestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" || len(id) > 128 {
			b := make([]byte, 8)
			rand.Read(b)
			id = hex.EncodeToString(b)
			r.Header.Set("X-Request-Id", id)
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r)
	})
}

// statusRecorder remembers the status for the access log. It forwards
// Flush and Unwrap so streaming responses and websocket upgrades work.
// It deliberately has no ReadFrom: that would put file downloads on
// sendfile(2), which bench/storage/bench.sh measured slower over loopback
// (640 MB/s against 880 MB/s with io.Copy's user-space copy).
type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int64
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.status == 0 {
		s.status = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += int64(n)
	return n, err
}

func (s *statusRecorder) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// accessLog writes one line per request: 5xx at Error, the rest at Info
// (Debug for /health, which load balancers poll).
func (g *Gateway) accessLog(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		var in *countingReader
		if g.cfg.Metrics != nil && r.Body != nil && r.Body != http.NoBody {
			in = &countingReader{ReadCloser: r.Body}
			r.Body = in
		}
		next.ServeHTTP(rec, r)
		if rec.status == 0 {
			rec.status = http.StatusOK
		}
		if g.cfg.Metrics != nil {
			g.observe(r, rec, in, time.Since(start))
		}
		level := slog.LevelInfo
		switch {
		case rec.status >= 500:
			level = slog.LevelError
		case r.URL.Path == "/health":
			level = slog.LevelDebug
		}
		g.log.Log(r.Context(), level, "request",
			"request_id", r.Header.Get("X-Request-Id"),
			"method", r.Method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "duration", time.Since(start).Round(time.Microsecond),
			"role", identity.FromContext(r.Context()).Role)
	})
}

// observe counts a finished request for /metrics.
func (g *Gateway) observe(r *http.Request, rec *statusRecorder, in *countingReader, d time.Duration) {
	service, rest := g.serviceOf(r.URL.Path)
	route := "other"
	switch {
	case service != "":
		route = metrics.RouteClass(service, rest)
	case r.URL.Path == "/health" || r.URL.Path == "/metrics":
		service, route = "gateway", strings.TrimPrefix(r.URL.Path, "/")
	default:
		service, route = "web", "app"
	}
	var n int64
	if in != nil {
		n = in.n
	}
	g.cfg.Metrics.Observe(service, route, rec.status, d, n, rec.bytes)
}

// countingReader counts the request body bytes a handler read.
type countingReader struct {
	io.ReadCloser
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.ReadCloser.Read(p)
	c.n += int64(n)
	return n, err
}

// recoverPanics turns a panic into a 500 JSON answer and one logged stack.
func recoverPanics(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			v := recover()
			if v == nil {
				return
			}
			if v == http.ErrAbortHandler {
				panic(v)
			}
			log.Error("panic serving request", "request_id", r.Header.Get("X-Request-Id"),
				"path", r.URL.Path, "panic", fmt.Sprint(v), "stack", string(debug.Stack()))
			writeJSON(w, http.StatusInternalServerError, map[string]string{
				"code": "500", "message": "Internal server error", "request_id": r.Header.Get("X-Request-Id"),
			})
		}()
		next.ServeHTTP(w, r)
	})
}

// securityHeaders are sent with every answer; the web app's pages replace
// the CSP with their full policy (webapp.go) and storage sets its own for
// the files it serves (storage/mediatype.go).
//
//   - nosniff: a type is never guessed from the bytes;
//   - X-Frame-Options DENY and CSP frame-ancestors 'none': no page of
//     ours (the app, the API's own HTML pages) can be framed by another
//     site to have a user click on it (clickjacking);
//   - Referrer-Policy: other sites see our origin, never a path that may
//     hold a token;
//   - HSTS when the request came over TLS, directly or through a proxy
//     that says so in X-Forwarded-Proto (a browser ignores the header
//     over plain HTTP, so a spoofed one does no harm); one year, this host
//     only.
func securityHeaders(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Content-Security-Policy", "frame-ancestors 'none'")
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		if overTLS(r) {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		next.ServeHTTP(w, r)
	})
}

// overTLS reports whether the client reached us over HTTPS: TLS here, or
// a proxy's X-Forwarded-Proto (its first value, the client's side).
func overTLS(r *http.Request) bool {
	if r.TLS != nil {
		return true
	}
	proto, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",")
	return strings.EqualFold(strings.TrimSpace(proto), "https")
}

// Headers the SDKs send (CORS preflight must allow them) and read (they
// must be exposed), from the supabase-js reference §0.
const (
	allowHeaders = "authorization, apikey, x-client-info, content-type, accept, accept-profile, " +
		"content-profile, prefer, range, range-unit, x-retry-count, x-supabase-api-version, x-upsert, x-metadata, " +
		"cache-control, content-encoding, x-region, traceparent, tracestate, baggage, if-none-match, x-request-id"
	exposeHeaders = "Content-Range, Range-Unit, X-Supabase-Api-Version, x-relay-error, Retry-After, " +
		"X-Total-Count, Link, Content-Disposition, Content-Length, ETag, Last-Modified, Location, " +
		"Preference-Applied, X-Request-Id"
	allowMethods = "GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS"
)

// cors answers preflights and decorates every response like the hosted
// gateway: any origin, request headers echoed, no credentials.
func cors(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Access-Control-Allow-Origin", "*")
		h.Set("Access-Control-Expose-Headers", exposeHeaders)
		if r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != "" {
			allowed := allowHeaders
			if req := r.Header.Get("Access-Control-Request-Headers"); req != "" {
				allowed = req
			}
			h.Set("Access-Control-Allow-Methods", allowMethods)
			h.Set("Access-Control-Allow-Headers", allowed)
			h.Set("Access-Control-Max-Age", "86400")
			h.Add("Vary", "Access-Control-Request-Headers")
			w.WriteHeader(http.StatusNoContent)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// limitBody caps request bodies; handlers reading past it get an
// *http.MaxBytesError, which each service maps to 413.
func limitBody(max int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.ContentLength > max {
			writeJSON(w, http.StatusRequestEntityTooLarge, map[string]string{
				"message": fmt.Sprintf("Request body is larger than the limit of %d bytes", max),
			})
			return
		}
		r.Body = http.MaxBytesReader(w, r.Body, max)
		next.ServeHTTP(w, r)
	})
}

// bodyDeadline gives a request body d to arrive, so a client that sends
// its body a byte at a time (slowloris on bodies) cannot hold a
// connection and a handler forever: reading past the deadline fails with
// a timeout, which each service answers with 408. The deadline is the
// connection's; net/http lifts it once the body has been read to its end
// (it then reads the connection only to notice a client that leaves), so
// a long answer is not cut off — TestBodyDeadlineEndsWithTheBody holds it
// to that. Requests without a body (downloads, websocket upgrades) get no
// deadline. Storage uploads replace it with one that moves as bytes
// arrive (storage.Config.UploadIdleTimeout).
func bodyDeadline(d time.Duration, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if d > 0 && r.Body != nil && r.Body != http.NoBody {
			http.NewResponseController(w).SetReadDeadline(time.Now().Add(d))
		}
		next.ServeHTTP(w, r)
	})
}

// authenticate checks the apikey (header or ?apikey=) and turns the Bearer
// token, or else the apikey, into the request's identity. An invalid Bearer
// token is not refused here: it is recorded in Identity.Err and each service
// answers in its own error shape.
func (g *Gateway) authenticate(s Service, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("apikey")
		if key == "" {
			key = r.URL.Query().Get("apikey")
		}
		id := identity.Identity{Role: identity.Anon, Claims: map[string]any{}, ClaimsJSON: []byte("{}")}
		keyRole := ""
		if key != "" {
			kid, ok := g.apiKeys.identity(g.cfg.Signer, key)
			if !ok {
				writeAPIKeyError(w, "Invalid API key")
				return
			}
			id, keyRole = kid, kid.Role
		} else if s.APIKey == APIKeyRequired && !isOpenPath(s, r.URL.Path) {
			writeAPIKeyError(w, "No API key found in request")
			return
		}
		if authz := r.Header.Get("Authorization"); authz != "" {
			scheme, tok, _ := strings.Cut(authz, " ")
			tok = strings.TrimSpace(tok)
			if !strings.EqualFold(scheme, "Bearer") || tok == "" {
				id.Err = fmt.Errorf("%w: %w", identity.ErrBadJWT, identity.ErrNotBearer)
			} else if tok != key {
				if uid, err := g.bearers.identity(g.cfg.Signer, tok); err != nil {
					id.Err = errors.Join(identity.ErrBadJWT, err)
				} else {
					id = uid
				}
			} else {
				id.Token = tok
			}
		}
		id.APIKeyRole = keyRole
		if da := g.cfg.DataAccess; da != nil {
			if s.ChangesSessions && !safeMethod(r.Method) {
				if s.KeepsSessions != nil && s.KeepsSessions(r) {
					id.SessionsEnded = da.Forget
				} else {
					defer da.Hold()()
				}
			} else if id.Err == nil && id.Role == identity.Authenticated {
				sub, _ := id.Claims["sub"].(string)
				sid, _ := id.Claims["session_id"].(string)
				aal, _ := id.Claims["aal"].(string)
				id.DataAccess = da.Vouch(sub, sid, aal)
			}
		}
		next.ServeHTTP(w, r.WithContext(identity.NewContext(r.Context(), id)))
	})
}

// writeAPIKeyError answers like the hosted gateway does.
func writeAPIKeyError(w http.ResponseWriter, msg string) {
	writeJSON(w, http.StatusUnauthorized, map[string]string{
		"message": msg,
		"hint":    "Double check your anon or service_role API key (daybase keys --json prints them).",
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// safeMethod reports whether a request of this method only reads.
func safeMethod(method string) bool {
	return method == http.MethodGet || method == http.MethodHead || method == http.MethodOptions
}
