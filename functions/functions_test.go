package functions_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/functions"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

const userID = "8d0fd2b3-9ca7-4d9e-a95f-9e13dded323e"

func server(t *testing.T) *functions.Server {
	db := pgtest.New(t)
	return functions.New(db.AuthenticatorPool(t), slog.New(slog.NewTextHandler(io.Discard, nil)),
		functions.Function{Name: "whoami", Handler: func(ctx context.Context, r *functions.Request) (any, error) {
			var uid, role string
			err := r.AsUser(ctx, func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, "SELECT coalesce(auth.uid()::text, ''), current_user").Scan(&uid, &role)
			})
			return map[string]string{"uid": uid, "role": role, "path": r.Path}, err
		}},
		functions.Function{Name: "echo", Handler: func(ctx context.Context, r *functions.Request) (any, error) {
			var in map[string]any
			if err := r.DecodeJSON(&in); err != nil {
				return nil, err
			}
			return in, nil
		}, MaxBody: 64},
		functions.Function{Name: "refuse", Handler: func(context.Context, *functions.Request) (any, error) {
			return nil, &functions.Error{Status: 422, Body: map[string]string{"error": "No repository specified"}}
		}},
		functions.Function{Name: "boom", Handler: func(context.Context, *functions.Request) (any, error) { panic("kaboom") }},
		functions.Function{Name: "slow", Timeout: 50 * time.Millisecond, Handler: func(ctx context.Context, _ *functions.Request) (any, error) {
			<-ctx.Done()
			time.Sleep(10 * time.Millisecond)
			return nil, ctx.Err()
		}},
		functions.Function{Name: "webhook", Public: true, Handler: func(context.Context, *functions.Request) (any, error) {
			return map[string]bool{"received": true}, nil
		}},
	)
}

func user() identity.Identity {
	return identity.New(map[string]any{"sub": userID, "role": "authenticated"}, "user-token")
}

func TestInvocations(t *testing.T) {
	s := server(t)
	anonKey := identity.New(map[string]any{"role": "anon"}, "")
	tests := []struct {
		name      string
		path      string
		body      string
		id        *identity.Identity
		authz     bool
		wantCode  int
		wantBody  string
		wantRelay bool
	}{
		{"user runs as themselves", "/whoami/sub/path", "", ptr(user()), true, 200, `{"path":"/sub/path","role":"authenticated","uid":"` + userID + `"}`, false},
		{"service role", "/whoami", "", ptr(identity.New(map[string]any{"role": "service_role"}, "")), true, 200, `"role":"service_role"`, false},
		{"anon key alone is refused", "/whoami", "", &anonKey, true, 401, `"code":401`, false},
		{"no authorization is refused", "/whoami", "", nil, false, 401, "Missing authorization header", false},
		{"bad jwt is refused", "/whoami", "", ptr(identity.Identity{Role: "anon", Err: identity.ErrBadJWT}), true, 401, "Invalid JWT", false},
		{"public webhook without user", "/webhook", "", nil, false, 200, `{"received":true}`, false},
		{"unknown function", "/nope", "", ptr(user()), true, 404, `"code":"NOT_FOUND"`, true},
		{"json echo", "/echo", `{"a":1}`, ptr(user()), true, 200, `{"a":1}`, false},
		{"malformed json", "/echo", `{"a":`, ptr(user()), true, 400, "Invalid JSON body", false},
		{"body over limit", "/echo", `{"a":"` + strings.Repeat("x", 100) + `"}`, ptr(user()), true, 413, "larger than 64 bytes", false},
		{"function error", "/refuse", "", ptr(user()), true, 422, `{"error":"No repository specified"}`, false},
		{"panic", "/boom", "", ptr(user()), true, 500, `"code":"WORKER_ERROR"`, true},
		{"timeout", "/slow", "", ptr(user()), true, 504, `"code":"WORKER_TIMEOUT"`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("POST", tt.path, strings.NewReader(tt.body))
			if tt.authz {
				req.Header.Set("Authorization", "Bearer x")
			}
			if tt.id != nil {
				req = req.WithContext(identity.NewContext(req.Context(), *tt.id))
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != tt.wantCode || !strings.Contains(rec.Body.String(), tt.wantBody) {
				t.Errorf("got %d %s, want %d containing %s", rec.Code, rec.Body, tt.wantCode, tt.wantBody)
			}
			if got := rec.Header().Get("x-relay-error") == "true"; got != tt.wantRelay {
				t.Errorf("x-relay-error = %v, want %v", got, tt.wantRelay)
			}
		})
	}
}

func TestStreamedResponse(t *testing.T) {
	db := pgtest.New(t)
	s := functions.New(db.AuthenticatorPool(t), slog.New(slog.NewTextHandler(io.Discard, nil)), functions.Function{Name: "csv",
		Handler: func(context.Context, *functions.Request) (any, error) {
			return &functions.Response{Header: http.Header{"Content-Type": {"text/csv"}}, Write: func(w io.Writer) error {
				_, err := io.WriteString(w, "a,b\n1,2\n")
				return err
			}}, nil
		}})
	req := httptest.NewRequest("GET", "/csv", nil)
	req.Header.Set("Authorization", "Bearer x")
	req = req.WithContext(identity.NewContext(req.Context(), user()))
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, req)
	if rec.Code != 200 || rec.Body.String() != "a,b\n1,2\n" || rec.Header().Get("Content-Type") != "text/csv" {
		t.Fatalf("got %d %q %q", rec.Code, rec.Header().Get("Content-Type"), rec.Body)
	}
}

func ptr[T any](v T) *T { return &v }
