// Package functions serves /functions/v1/{name}: server functions written
// in Go and registered by name, answering functions-js the way the hosted
// edge runtime does.
//
// A function gets the caller's identity and reaches the database either as
// that user (row-level security applies) or, explicitly, as service_role:
//
//	functions.Function{Name: "hello", Handler: func(ctx context.Context, r *functions.Request) (any, error) {
//		var in struct{ Name string `json:"name"` }
//		if err := r.DecodeJSON(&in); err != nil {
//			return nil, err
//		}
//		return map[string]string{"message": "Hello " + in.Name}, nil
//	}}
//
// Errors: a *Error becomes a JSON body with its status (functions-js
// FunctionsHttpError). Gateway-level failures — unknown function, crash,
// timeout — carry `x-relay-error: true` (FunctionsRelayError).
package functions

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/asrole"
	"daybase/internal/identity"
)

// Defaults for functions that set no limits of their own.
const (
	DefaultTimeout = 30 * time.Second
	DefaultMaxBody = 6 << 20
)

// Handler is a function's body. The returned value is written as JSON with
// status 200, unless it is a *Response.
type Handler func(ctx context.Context, r *Request) (any, error)

// Function is one registered server function.
type Function struct {
	Name    string
	Handler Handler
	// Public functions skip the user-JWT check (webhooks verify their own
	// signatures).
	Public bool
	// Timeout bounds one invocation; DefaultTimeout when zero.
	Timeout time.Duration
	// MaxBody caps the request body in bytes; DefaultMaxBody when zero.
	MaxBody int64
}

// Response lets a function choose status, headers and a streamed body.
type Response struct {
	Status int
	Header http.Header
	// Body is copied to the client; Write streams instead when set.
	Body  io.Reader
	Write func(w io.Writer) error
}

// Error is an error the caller sees: Status and a JSON body.
type Error struct {
	Status int
	// Body is written as JSON; {"error": Message} when nil.
	Body    any
	Message string
}

func (e *Error) Error() string { return fmt.Sprintf("%d: %s", e.Status, e.Message) }

// Errorf returns an *Error with status and message.
func Errorf(status int, format string, args ...any) *Error {
	return &Error{Status: status, Message: fmt.Sprintf(format, args...)}
}

// Request is one invocation.
type Request struct {
	HTTP *http.Request
	// Path is what follows the function name ("" or "/sub/path").
	Path string
	// Caller is who invoked the function.
	Caller identity.Identity
	pool   *pgxpool.Pool
}

// UserID is the caller's user id ("" for service_role).
func (r *Request) UserID() string { return r.Caller.Subject() }

// DecodeJSON reads the body into v; malformed JSON is a 400.
func (r *Request) DecodeJSON(v any) error {
	dec := json.NewDecoder(r.HTTP.Body)
	if err := dec.Decode(v); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return Errorf(http.StatusRequestEntityTooLarge, "Request body is larger than %d bytes", tooBig.Limit)
		}
		return Errorf(http.StatusBadRequest, "Invalid JSON body: %v", err)
	}
	return nil
}

// AsUser runs fn in a transaction as the caller (RLS applies).
func (r *Request) AsUser(ctx context.Context, fn func(pgx.Tx) error) error {
	return asrole.Tx(ctx, r.pool, r.Caller, asrole.FromHTTP(r.HTTP), fn)
}

// AssertDataAccess refuses, with a 403 the caller can act on, a session
// that row-level security would not let read or write data: one that has
// ended, or an aal1 session of a user with a verified second factor
// (auth.assert_data_access, migration 0620). Work done as service_role or
// through another pool bypasses that restrictive policy, so a function
// that acts for the caller that way checks the caller with this first.
// The service role passes.
func (r *Request) AssertDataAccess(ctx context.Context) error {
	err := r.AsUser(ctx, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, stmt.AssertDataAccess)
		return err
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "42501" {
		return Errorf(http.StatusForbidden, "%s", pe.Message)
	}
	if err != nil {
		return fmt.Errorf("check data access: %w", err)
	}
	return nil
}

// AsService runs fn in a transaction as service_role (RLS bypassed). Use it
// only after checking what the caller may do (AssertDataAccess among it).
func (r *Request) AsService(ctx context.Context, fn func(pgx.Tx) error) error {
	return asrole.Tx(ctx, r.pool, asrole.Service(), asrole.FromHTTP(r.HTTP), fn)
}

// Server routes /functions/v1/{name}[/...] to registered functions.
type Server struct {
	pool  *pgxpool.Pool
	log   *slog.Logger
	funcs map[string]Function
}

// New returns a server for fns; pool logs in as authenticator.
func New(pool *pgxpool.Pool, log *slog.Logger, fns ...Function) *Server {
	s := &Server{pool: pool, log: log, funcs: map[string]Function{}}
	for _, f := range fns {
		s.funcs[f.Name] = f
	}
	return s
}

// ServeHTTP serves paths with the /functions/v1 prefix removed.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	name, rest, _ := strings.Cut(strings.TrimPrefix(r.URL.Path, "/"), "/")
	f, ok := s.funcs[name]
	if !ok {
		relayError(w, http.StatusNotFound, "NOT_FOUND", "Requested function was not found")
		return
	}
	caller := identity.FromContext(r.Context())
	if !f.Public {
		switch {
		case r.Header.Get("Authorization") == "":
			writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "Missing authorization header"})
			return
		case caller.Err != nil:
			writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "Invalid JWT"})
			return
		case caller.Role == identity.ServiceRole:
		case caller.Role != identity.Authenticated || caller.Subject() == "":
			writeJSON(w, http.StatusUnauthorized, map[string]any{"code": 401, "message": "This function requires a signed-in user"})
			return
		}
	}
	timeout, maxBody := f.Timeout, f.MaxBody
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	if maxBody == 0 {
		maxBody = DefaultMaxBody
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxBody)
	ctx, cancel := context.WithTimeout(r.Context(), timeout)
	defer cancel()
	req := &Request{HTTP: r.WithContext(ctx), Path: "/" + rest, Caller: caller, pool: s.pool}
	if rest == "" {
		req.Path = ""
	}

	type result struct {
		v   any
		err error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				s.log.Error("function panicked", "function", name, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
				done <- result{err: errCrashed}
			}
		}()
		v, err := f.Handler(ctx, req)
		done <- result{v, err}
	}()
	var res result
	select {
	case res = <-done:
	case <-ctx.Done():
		if r.Context().Err() != nil {
			return // the client went away
		}
		s.log.Warn("function timed out", "function", name, "timeout", timeout)
		relayError(w, http.StatusGatewayTimeout, "WORKER_TIMEOUT", fmt.Sprintf("Function %s did not finish within %s", name, timeout))
		return
	}
	s.respond(w, name, res.v, res.err)
}

var errCrashed = errors.New("function crashed")

func (s *Server) respond(w http.ResponseWriter, name string, v any, err error) {
	var fe *Error
	switch {
	case errors.Is(err, errCrashed):
		relayError(w, http.StatusInternalServerError, "WORKER_ERROR", "Function "+name+" crashed")
		return
	case errors.As(err, &fe):
		body := fe.Body
		if body == nil {
			body = map[string]string{"error": fe.Message}
		}
		writeJSON(w, fe.Status, body)
		return
	case err != nil:
		s.log.Error("function failed", "function", name, "err", err)
		writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "Internal error"})
		return
	}
	resp, ok := v.(*Response)
	if !ok {
		writeJSON(w, http.StatusOK, v)
		return
	}
	for k, vs := range resp.Header {
		w.Header()[k] = vs
	}
	status := resp.Status
	if status == 0 {
		status = http.StatusOK
	}
	w.WriteHeader(status)
	switch {
	case resp.Write != nil:
		if err := resp.Write(w); err != nil {
			s.log.Error("function stream failed", "function", name, "err", err)
		}
	case resp.Body != nil:
		io.Copy(w, resp.Body)
	}
}

func relayError(w http.ResponseWriter, status int, code, msg string) {
	w.Header().Set("x-relay-error", "true")
	writeJSON(w, status, map[string]string{"code": code, "message": msg})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}
