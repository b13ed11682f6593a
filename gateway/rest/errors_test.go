package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/google/go-cmp/cmp"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/schemacache"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
	"daybase/internal/token"
)

// planError stands for an error of a later stage implementing Coder.
type planError struct{}

func (planError) Error() string { return "plan: spread on to-many" }
func (planError) PostgRESTError() (int, string, string, any, string) {
	return 400, "PGRST127", "Feature not implemented", "Spread on to-many is not supported", ""
}

func pgErr(code, message string) *pgconn.PgError {
	return &pgconn.PgError{Code: code, Message: message, Severity: "ERROR"}
}

func TestWriteError(t *testing.T) {
	qn := func(name string) schemacache.QualifiedName {
		return schemacache.QualifiedName{Schema: "public", Name: name}
	}
	fn := func(name string, params ...schemacache.Param) *schemacache.Function {
		return &schemacache.Function{Schema: "public", Name: name, Params: params}
	}
	// What the gateway records for an expired bearer token.
	signer := token.NewSigner(strings.Repeat("s", 40))
	expired, _ := signer.Sign(token.Claims{"exp": time.Now().Add(-time.Hour).Unix()})
	_, verifyErr := signer.Verify(expired)
	jwtExpired := errors.Join(identity.ErrBadJWT, verifyErr)

	tests := []struct {
		name        string
		role        string
		err         error
		wantStatus  int
		wantHeaders map[string]string
		wantBody    string
	}{
		// PostgreSQL errors: SQLSTATE passes through, status by table.
		{
			name: "unique violation", err: &pgconn.PgError{Code: "23505", Message: `duplicate key value violates unique constraint "t_pkey"`, Detail: "Key (id)=(1) already exists."},
			wantStatus: 409,
			wantBody:   `{"code":"23505","details":"Key (id)=(1) already exists.","hint":null,"message":"duplicate key value violates unique constraint \"t_pkey\""}`,
		},
		{name: "foreign key violation", err: pgErr("23503", "fk"), wantStatus: 409, wantBody: `{"code":"23503","details":null,"hint":null,"message":"fk"}`},
		{
			name: "insufficient privilege as anon", role: "anon", err: pgErr("42501", "permission denied for table t"),
			wantStatus: 401, wantHeaders: map[string]string{"Www-Authenticate": "Bearer"},
			wantBody: `{"code":"42501","details":null,"hint":null,"message":"permission denied for table t"}`,
		},
		{name: "insufficient privilege as user", role: "authenticated", err: pgErr("42501", "permission denied for table t"), wantStatus: 403,
			wantBody: `{"code":"42501","details":null,"hint":null,"message":"permission denied for table t"}`},
		{
			name: "raise exception", err: &pgconn.PgError{Code: "P0001", Message: "nope", Hint: "try again"},
			wantStatus: 400, wantBody: `{"code":"P0001","details":null,"hint":"try again","message":"nope"}`,
		},
		{name: "assert failure", err: pgErr("P0004", "assertion failed"), wantStatus: 500, wantBody: `{"code":"P0004","details":null,"hint":null,"message":"assertion failed"}`},
		{name: "undefined function", err: pgErr("42883", "operator does not exist: integer = text"), wantStatus: 404, wantBody: `{"code":"42883","details":null,"hint":null,"message":"operator does not exist: integer = text"}`},
		{name: "xmlagg", err: pgErr("42883", "function xmlagg(json) does not exist"), wantStatus: 406, wantBody: `{"code":"42883","details":null,"hint":null,"message":"function xmlagg(json) does not exist"}`},
		{name: "undefined table", err: pgErr("42P01", `relation "x" does not exist`), wantStatus: 404, wantBody: `{"code":"42P01","details":null,"hint":null,"message":"relation \"x\" does not exist"}`},
		{name: "statement timeout", err: pgErr("57014", "canceling statement due to statement timeout"), wantStatus: 500, wantBody: `{"code":"57014","details":null,"hint":null,"message":"canceling statement due to statement timeout"}`},
		{name: "read only transaction", err: pgErr("25006", "cannot execute INSERT in a read-only transaction"), wantStatus: 405, wantBody: `{"code":"25006","details":null,"hint":null,"message":"cannot execute INSERT in a read-only transaction"}`},
		{name: "connection exception", err: pgErr("08006", "connection failure"), wantStatus: 503, wantBody: `{"code":"08006","details":null,"hint":null,"message":"connection failure"}`},
		{name: "invalid text", err: pgErr("22P02", `invalid input syntax for type integer: "abc"`), wantStatus: 400, wantBody: `{"code":"22P02","details":null,"hint":null,"message":"invalid input syntax for type integer: \"abc\""}`},
		{name: "not null", err: pgErr("23502", "null value"), wantStatus: 400, wantBody: `{"code":"23502","details":null,"hint":null,"message":"null value"}`},
		{name: "undefined column", err: pgErr("42703", "column t.x does not exist"), wantStatus: 400, wantBody: `{"code":"42703","details":null,"hint":null,"message":"column t.x does not exist"}`},
		{name: "safeupdate", err: pgErr("21000", "DELETE requires a WHERE clause"), wantStatus: 400, wantBody: `{"code":"21000","details":null,"hint":null,"message":"DELETE requires a WHERE clause"}`},
		{name: "more than one row", err: pgErr("21000", "more than one row returned by a subquery used as an expression"), wantStatus: 500,
			wantBody: `{"code":"21000","details":null,"hint":null,"message":"more than one row returned by a subquery used as an expression"}`},
		{name: "unknown role", role: "authenticated", err: pgErr("22023", `role "nobody" does not exist`), wantStatus: 401,
			wantHeaders: map[string]string{"Www-Authenticate": "Bearer"},
			wantBody:    `{"code":"22023","details":null,"hint":null,"message":"role \"nobody\" does not exist"}`},
		{name: "invalid parameter", err: pgErr("22023", "bad"), wantStatus: 400, wantBody: `{"code":"22023","details":null,"hint":null,"message":"bad"}`},
		{name: "too many connections", err: pgErr("53300", "too many"), wantStatus: 503, wantBody: `{"code":"53300","details":null,"hint":null,"message":"too many"}`},
		{name: "config limit", err: pgErr("53400", "limit"), wantStatus: 500, wantBody: `{"code":"53400","details":null,"hint":null,"message":"limit"}`},
		{name: "admin shutdown", err: pgErr("57P01", "terminating"), wantStatus: 503, wantBody: `{"code":"57P01","details":null,"hint":null,"message":"terminating"}`},
		{name: "serialization", err: pgErr("40001", "could not serialize"), wantStatus: 500, wantBody: `{"code":"40001","details":null,"hint":null,"message":"could not serialize"}`},
		{name: "infinite recursion", err: pgErr("42P17", "infinite recursion detected in policy"), wantStatus: 500, wantBody: `{"code":"42P17","details":null,"hint":null,"message":"infinite recursion detected in policy"}`},
		{name: "invalid authorization", err: pgErr("28000", "no"), wantStatus: 403, wantBody: `{"code":"28000","details":null,"hint":null,"message":"no"}`},
		{
			name: "PT status", err: &pgconn.PgError{Code: "PT402", Message: "Payment Required", Detail: "Quota exceeded", Hint: "Upgrade your plan"},
			wantStatus: 402, wantBody: `{"code":"PT402","details":"Quota exceeded","hint":"Upgrade your plan","message":"Payment Required"}`,
		},
		{name: "PT not a number", err: pgErr("PTabc", "x"), wantStatus: 500, wantBody: `{"code":"PTabc","details":null,"hint":null,"message":"x"}`},
		// RAISE SQLSTATE 'PGRST'.
		{
			name: "raise PGRST",
			err: &pgconn.PgError{Code: "PGRST",
				Message: `{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}`,
				Detail:  `{"status":332,"status_text":"My Custom Status","headers":{"X-Header":"str"}}`},
			wantStatus: 332, wantHeaders: map[string]string{"X-Header": "str", "Proxy-Status": "PostgREST; error=123"},
			wantBody: `{"code":"123","details":"DEF","hint":"XYZ","message":"ABC"}`,
		},
		{
			name:       "raise PGRST without details",
			err:        &pgconn.PgError{Code: "PGRST", Message: `{"code":"P1","message":"m"}`, Detail: `{"status":418,"headers":{}}`},
			wantStatus: 418, wantBody: `{"code":"P1","details":null,"hint":null,"message":"m"}`,
		},
		{
			name: "raise PGRST bad message", err: &pgconn.PgError{Code: "PGRST", Message: `{"message":"no code"}`, Detail: `{"status":400,"headers":{}}`},
			wantStatus: 500,
			wantBody: `{"code":"PGRST121","details":"Invalid JSON value for MESSAGE: '{\"message\":\"no code\"}'",` +
				`"hint":"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.",` +
				`"message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}`,
		},
		{
			name: "raise PGRST without detail", err: &pgconn.PgError{Code: "PGRST", Message: `{"code":"1","message":"m"}`},
			wantStatus: 500,
			wantBody: `{"code":"PGRST121","details":"DETAIL is missing in the RAISE statement",` +
				`"hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",` +
				`"message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}`,
		},
		{
			name: "raise PGRST bad detail", err: &pgconn.PgError{Code: "PGRST", Message: `{"code":"1","message":"m"}`, Detail: `{"status":400}`},
			wantStatus: 500,
			wantBody: `{"code":"PGRST121","details":"Invalid JSON value for DETAIL: '{\"status\":400}'",` +
				`"hint":"DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'.",` +
				`"message":"Could not parse JSON in the \"RAISE SQLSTATE 'PGRST'\" error"}`,
		},
		// Errors of the other stages.
		{
			name: "parser", err: fmt.Errorf("parse: %w", &parse.Error{Code: "PGRST100", Message: `"failed to parse filter (noop.0)" (line 1, column 1)`, Details: `unexpected "o" expecting "not" or operator (eq, gt, ...)`, Status: 400}),
			wantStatus: 400, wantHeaders: map[string]string{"Proxy-Status": "PostgREST; error=PGRST100"},
			wantBody: `{"code":"PGRST100","details":"unexpected \"o\" expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter (noop.0)\" (line 1, column 1)"}`,
		},
		{name: "coder", err: fmt.Errorf("plan: %w", planError{}), wantStatus: 400,
			wantBody: `{"code":"PGRST127","details":"Spread on to-many is not supported","hint":null,"message":"Feature not implemented"}`},
		{
			name: "table not found", err: &schemacache.TableNotFoundError{Schema: "public", Name: "taks", Suggestion: "tasks"},
			wantStatus: 404,
			wantBody:   `{"code":"PGRST205","details":null,"hint":"Perhaps you meant the table 'public.tasks'","message":"Could not find the table 'public.taks' in the schema cache"}`,
		},
		{name: "column not found", err: &schemacache.ColumnNotFoundError{Table: "tasks", Column: "nope"}, wantStatus: 400,
			wantBody: `{"code":"PGRST204","details":null,"hint":null,"message":"Could not find the 'nope' column of 'tasks' in the schema cache"}`},
		{
			name: "no relationship", err: &schemacache.NoRelationshipError{Schema: "public", Source: "tasks", Target: "user", SuggestedTarget: "users"},
			wantStatus: 400,
			wantBody: `{"code":"PGRST200","details":"Searched for a foreign key relationship between 'tasks' and 'user' in the schema 'public', but no matches were found.",` +
				`"hint":"Perhaps you meant 'users' instead of 'user'.","message":"Could not find a relationship between 'tasks' and 'user' in the schema cache"}`,
		},
		{
			name: "no relationship with hint", err: &schemacache.NoRelationshipError{Schema: "public", Source: "task", Target: "users", Hint: "fk", SuggestedSource: "tasks"},
			wantStatus: 400,
			wantBody: `{"code":"PGRST200","details":"Searched for a foreign key relationship between 'task' and 'users' using the hint 'fk' in the schema 'public', but no matches were found.",` +
				`"hint":"Perhaps you meant 'tasks' instead of 'task'.","message":"Could not find a relationship between 'task' and 'users' in the schema cache"}`,
		},
		{
			name: "ambiguous relationship",
			err: &schemacache.AmbiguousRelationshipError{Source: "tasks", Target: "users", Candidates: []schemacache.Relationship{
				{Table: qn("tasks"), ForeignTable: qn("users"), Cardinality: schemacache.ManyToOne, Constraint: "tasks_assignee_fkey",
					Columns: []schemacache.ColumnPair{{Column: "assigned_to", ForeignColumn: "id"}}},
				{Table: qn("tasks"), ForeignTable: qn("users"), Cardinality: schemacache.ManyToMany, Junction: &schemacache.Junction{
					Table: qn("task_watchers"), SourceConstraint: "task_watchers_task_fkey", TargetConstraint: "task_watchers_user_fkey",
					SourceColumns: []schemacache.ColumnPair{{Column: "id", ForeignColumn: "task_id"}},
					TargetColumns: []schemacache.ColumnPair{{Column: "id", ForeignColumn: "user_id"}},
				}},
			}},
			wantStatus: 300,
			wantBody: `{"code":"PGRST201","details":[` +
				`{"cardinality":"many-to-one","embedding":"tasks with users","relationship":"tasks_assignee_fkey using tasks(assigned_to) and users(id)"},` +
				`{"cardinality":"many-to-many","embedding":"tasks with users","relationship":"task_watchers using task_watchers_task_fkey(task_id) and task_watchers_user_fkey(user_id)"}],` +
				`"hint":"Try changing 'users' to one of the following: 'users!tasks_assignee_fkey', 'users!task_watchers'. Find the desired relationship in the 'details' key.",` +
				`"message":"Could not embed because more than one relationship was found for 'tasks' and 'users'"}`,
		},
		{
			name: "function not found", err: &schemacache.FunctionNotFoundError{Schema: "public", Name: "add", Args: []string{"a", "z"}, Payload: schemacache.PayloadJSON, Suggestion: "add(a, b)"},
			wantStatus: 404,
			wantBody: `{"code":"PGRST202","details":"Searched for the function public.add with parameters a, z or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",` +
				`"hint":"Perhaps you meant to call the function public.add(a, b)","message":"Could not find the function public.add(a, z) in the schema cache"}`,
		},
		{
			name: "function not found without parameters", err: &schemacache.FunctionNotFoundError{Schema: "public", Name: "nope"},
			wantStatus: 404,
			wantBody: `{"code":"PGRST202","details":"Searched for the function public.nope without parameters, but no matches were found in the schema cache.",` +
				`"hint":null,"message":"Could not find the function public.nope without parameters in the schema cache"}`,
		},
		{
			name: "function not found for a text body", err: &schemacache.FunctionNotFoundError{Schema: "public", Name: "f", Payload: schemacache.PayloadText},
			wantStatus: 404,
			wantBody: `{"code":"PGRST202","details":"Searched for the function public.f with a single unnamed text parameter, but no matches were found in the schema cache.",` +
				`"hint":null,"message":"Could not find the function public.f in the schema cache"}`,
		},
		{
			name: "one parameter", err: &schemacache.FunctionNotFoundError{Schema: "public", Name: "f", Args: []string{"a"}},
			wantStatus: 404,
			wantBody: `{"code":"PGRST202","details":"Searched for the function public.f with parameter a, but no matches were found in the schema cache.",` +
				`"hint":null,"message":"Could not find the function public.f(a) in the schema cache"}`,
		},
		{
			name: "ambiguous function",
			err: &schemacache.AmbiguousFunctionError{Candidates: []*schemacache.Function{
				fn("f", schemacache.Param{Name: "a", Type: "integer"}), fn("f", schemacache.Param{Name: "a", Type: "text"}),
			}},
			wantStatus: 300,
			wantBody: `{"code":"PGRST203","details":null,"hint":"Try renaming the parameters or the function itself in the database so function overloading can be resolved",` +
				`"message":"Could not choose the best candidate function between: public.f(a => integer), public.f(a => text)"}`,
		},
		// Constructors.
		{name: "singularity", err: SingularityError(0), wantStatus: 406,
			wantBody: `{"code":"PGRST116","details":"The result contains 0 rows","hint":null,"message":"Cannot coerce the result to a single JSON object"}`},
		{name: "schema cache not loaded", err: SchemaCacheNotLoadedError(3), wantStatus: 503, wantHeaders: map[string]string{"Retry-After": "3"},
			wantBody: `{"code":"PGRST002","details":null,"hint":null,"message":"Could not query the database for the schema cache. Retrying."}`},
		{name: "unacceptable schema", err: UnacceptableSchemaError("foo", []string{"public", "api"}), wantStatus: 406,
			wantBody: `{"code":"PGRST106","details":null,"hint":"Only the following schemas are exposed: public, api","message":"Invalid schema: foo"}`},
		{name: "not embedded", err: NotEmbeddedError("clients"), wantStatus: 400,
			wantBody: `{"code":"PGRST108","details":null,"hint":"Verify that 'clients' is included in the 'select' query parameter.","message":"'clients' is not an embedded resource in this request"}`},
		{name: "related order", err: RelatedOrderError("clients", "projects"), wantStatus: 400,
			wantBody: `{"code":"PGRST118","details":"'clients' and 'projects' do not form a many-to-one or one-to-one relationship","hint":null,"message":"A related order on 'projects' is not possible"}`},
		{name: "max affected", err: MaxAffectedError(5), wantStatus: 400,
			wantBody: `{"code":"PGRST124","details":"The query affects 5 rows","hint":null,"message":"Query result exceeds max-affected preference constraint"}`},
		{name: "anon disabled", err: AnonDisabledError(), wantStatus: 401, wantHeaders: map[string]string{"Www-Authenticate": "Bearer"},
			wantBody: `{"code":"PGRST302","details":null,"hint":null,"message":"Anonymous access is disabled"}`},
		{name: "pool timeout", err: AcquireError(fmt.Errorf("acquire: %w", context.DeadlineExceeded)), wantStatus: 504,
			wantBody: `{"code":"PGRST003","details":null,"hint":null,"message":"Timed out acquiring connection from connection pool."}`},
		// JWT failures the gateway recorded.
		{
			name: "expired JWT", err: jwtExpired, wantStatus: 401,
			wantHeaders: map[string]string{"Www-Authenticate": `Bearer error="invalid_token", error_description="JWT expired"`},
			wantBody:    `{"code":"PGRST303","details":null,"hint":null,"message":"JWT expired"}`,
		},
		{
			name: "bad JWT signature", err: errors.Join(identity.ErrBadJWT, jwt.ErrTokenSignatureInvalid), wantStatus: 401,
			wantHeaders: map[string]string{"Www-Authenticate": `Bearer error="invalid_token", error_description="JWT cryptographic operation failed"`},
			wantBody:    `{"code":"PGRST301","details":null,"hint":null,"message":"JWT cryptographic operation failed"}`,
		},
		// Everything else.
		{name: "client gone", err: fmt.Errorf("query: %w", context.Canceled), wantStatus: 499,
			wantBody: `{"code":"PGRSTX00","details":null,"hint":null,"message":"Client closed request"}`},
		{name: "broken connection", err: fmt.Errorf("read: %w", io.ErrUnexpectedEOF), wantStatus: 503,
			wantBody: `{"code":"PGRST001","details":null,"hint":null,"message":"Database client error. Retrying the connection."}`},
		{name: "unknown", err: errors.New("secret internals: password=hunter2"), wantStatus: 500,
			wantBody: `{"code":"PGRSTX00","details":null,"hint":null,"message":"Internal server error"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			role := tt.role
			if role == "" {
				role = identity.Authenticated
			}
			var logs bytes.Buffer
			rec := httptest.NewRecorder()
			WriteError(rec, slog.New(slog.NewTextHandler(&logs, nil)), role, tt.err)
			if rec.Code != tt.wantStatus {
				t.Errorf("status %d, want %d", rec.Code, tt.wantStatus)
			}
			if got := rec.Body.String(); got != tt.wantBody {
				t.Errorf("body mismatch (-want +got):\n%s", cmp.Diff(tt.wantBody, got))
			}
			if !json.Valid(rec.Body.Bytes()) {
				t.Errorf("body is not JSON")
			}
			h := rec.Header()
			if ct := h.Get("Content-Type"); ct != "application/json; charset=utf-8" {
				t.Errorf("Content-Type %q", ct)
			}
			if cl := h.Get("Content-Length"); cl != fmt.Sprint(rec.Body.Len()) {
				t.Errorf("Content-Length %q for %d bytes", cl, rec.Body.Len())
			}
			var body struct{ Code string }
			json.Unmarshal(rec.Body.Bytes(), &body)
			if ps := h.Get("Proxy-Status"); ps != "PostgREST; error="+body.Code {
				t.Errorf("Proxy-Status %q", ps)
			}
			for k, v := range tt.wantHeaders {
				if got := h.Get(k); got != v {
					t.Errorf("header %s = %q, want %q", k, got, v)
				}
			}
			if tt.wantHeaders["Www-Authenticate"] == "" && h.Get("Www-Authenticate") != "" {
				t.Errorf("unexpected WWW-Authenticate %q", h.Get("Www-Authenticate"))
			}
			// The cause is logged, at Error for 5xx.
			level := "level=INFO"
			if tt.wantStatus >= 500 {
				level = "level=ERROR"
			}
			if !bytes.Contains(logs.Bytes(), []byte(level)) {
				t.Errorf("log %q lacks %s", logs.String(), level)
			}
		})
	}
}

func TestErrorIs(t *testing.T) {
	err := fmt.Errorf("execute: %w", SingularityError(2))
	if !errors.Is(err, ErrSingularity) {
		t.Error("SingularityError does not match ErrSingularity")
	}
	if errors.Is(err, ErrMaxAffected) {
		t.Error("SingularityError matches ErrMaxAffected")
	}
	if !errors.Is(SchemaCacheNotLoadedError(1), ErrSchemaCacheNotLoaded) {
		t.Error("SchemaCacheNotLoadedError does not match its sentinel")
	}
}

// The errors PostgreSQL really raises have the shape the table expects.
func TestErrorForDatabase(t *testing.T) {
	db := pgtest.New(t)
	ctx := t.Context()
	conn, err := pgx.Connect(ctx, db.AuthenticatorURL())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	tests := []struct {
		name, role, sql string
		wantStatus      int
		wantCode        string
		wantHeader      string
	}{
		{
			name: "raise PGRST", role: "anon",
			sql: `DO $$ BEGIN RAISE SQLSTATE 'PGRST' USING
			        message = '{"code":"123","message":"ABC","details":"DEF","hint":"XYZ"}',
			        detail = '{"status":332,"status_text":"My Custom Status","headers":{"X-Header":"str"}}'; END $$`,
			wantStatus: 332, wantCode: "123", wantHeader: "str",
		},
		{
			name: "raise PT", role: "anon",
			sql:        `DO $$ BEGIN RAISE EXCEPTION USING errcode = 'PT402', message = 'Payment Required'; END $$`,
			wantStatus: 402, wantCode: "PT402",
		},
		{name: "denied to anon", role: "anon", sql: "SELECT * FROM auth.users", wantStatus: 401, wantCode: "42501"},
		{name: "denied to a user", role: "authenticated", sql: "SELECT * FROM auth.users", wantStatus: 403, wantCode: "42501"},
		{name: "bad literal", role: "anon", sql: "SELECT 'abc'::int", wantStatus: 400, wantCode: "22P02"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tx, err := conn.Begin(ctx)
			if err != nil {
				t.Fatal(err)
			}
			defer tx.Rollback(ctx)
			if _, err := tx.Exec(ctx, "SELECT set_config('role', $1, true)", tt.role); err != nil {
				t.Fatal(err)
			}
			_, err = tx.Exec(ctx, tt.sql)
			e := ErrorFor(tt.role, err)
			if e.Status != tt.wantStatus || e.Code != tt.wantCode {
				t.Errorf("ErrorFor(%v) = %d %s, want %d %s", err, e.Status, e.Code, tt.wantStatus, tt.wantCode)
			}
			if tt.wantHeader != "" && e.Headers.Get("X-Header") != tt.wantHeader {
				t.Errorf("headers %v", e.Headers)
			}
		})
	}

	// A database that cannot be reached.
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err = pgconn.Connect(cctx, "postgres://nobody@127.0.0.1:1/x?connect_timeout=2")
	if e := ErrorFor("anon", fmt.Errorf("acquire: %w", err)); e.Status != http.StatusServiceUnavailable || e.Code != CodeConnection {
		t.Errorf("connect error %v rendered as %d %s", err, e.Status, e.Code)
	}
}
