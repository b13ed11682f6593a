// Package fntest is the test bundle of the server functions: a fresh
// database, the pools a function needs, users and a way to invoke a
// function as one of them.
package fntest

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/functions"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

// Bundle is one test's database and pools.
type Bundle struct {
	T     testing.TB
	DB    *pgtest.DB
	Admin *pgxpool.Pool // superuser: the jobs schema, setup
	API   *pgxpool.Pool // authenticator: requests as the caller
	Log   *slog.Logger
}

// New returns a bundle on a fresh database with every migration applied.
func New(t testing.TB) *Bundle {
	t.Helper()
	db := pgtest.New(t)
	b := &Bundle{T: t, DB: db, Admin: db.Pool, API: db.AuthenticatorPool(t), Log: slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelDebug}))}
	return b
}

type testWriter struct{ t testing.TB }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// Exec runs SQL as the superuser or fails the test.
func (b *Bundle) Exec(sql string, args ...any) {
	b.T.Helper()
	if _, err := b.Admin.Exec(context.Background(), sql, args...); err != nil {
		b.T.Fatalf("%s: %v", sql, err)
	}
}

// Scalar runs a one-value query as the superuser into dst.
func (b *Bundle) Scalar(dst any, sql string, args ...any) {
	b.T.Helper()
	if err := b.Admin.QueryRow(context.Background(), sql, args...).Scan(dst); err != nil {
		b.T.Fatalf("%s: %v", sql, err)
	}
}

// User creates an account and returns its id.
func (b *Bundle) User(email string) string {
	b.T.Helper()
	var id string
	b.Scalar(&id, `INSERT INTO auth.users (email, email_confirmed_at) VALUES ($1, now()) RETURNING id::text`, email)
	return id
}

// As is the identity of a signed-in user.
func As(userID string) identity.Identity {
	return identity.New(map[string]any{"sub": userID, "role": "authenticated", "aud": "authenticated"}, "token")
}

// Service is the service_role identity.
func Service() identity.Identity {
	return identity.New(map[string]any{"role": "service_role"}, "")
}

// Server serves fns over the bundle's API pool.
func (b *Bundle) Server(fns ...functions.Function) *functions.Server {
	return functions.New(b.API, b.Log, fns...)
}

// Response is a recorded answer.
type Response struct {
	Code   int
	Header http.Header
	Body   string
}

// JSON decodes the body into v or fails the test.
func (r Response) JSON(t *testing.T, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(r.Body), v); err != nil {
		t.Fatalf("decode %q: %v", r.Body, err)
	}
}

// Invoke calls path on h as id (nil: no Authorization) with a JSON body.
func Invoke(h http.Handler, method, path string, id *identity.Identity, body any) Response {
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		r = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		r = strings.NewReader(string(j))
	}
	req := httptest.NewRequest(method, path, r)
	req.Header.Set("Content-Type", "application/json")
	if id != nil {
		req.Header.Set("Authorization", "Bearer x")
		req = req.WithContext(identity.NewContext(req.Context(), *id))
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return Response{Code: rec.Code, Header: rec.Header(), Body: rec.Body.String()}
}
