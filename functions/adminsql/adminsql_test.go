package adminsql_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
	"github.com/jackc/pgx/v5"

	"daybase/functions"
	"daybase/functions/adminsql"
	"daybase/functions/internal/fntest"
	"daybase/internal/admins"
	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

type bundle struct {
	*fntest.Bundle
	srv     *functions.Server
	admin   identity.Identity // an admin's token
	adminID string
	user    identity.Identity // a user's token
	userID  string
}

// account creates a user with a live session and returns the token claims
// the gateway would hand the function.
func account(b *fntest.Bundle, email string) (identity.Identity, string) {
	b.T.Helper()
	id := b.User(email)
	var session string
	b.Scalar(&session, `INSERT INTO auth.sessions (user_id) VALUES ($1) RETURNING id::text`, id)
	return identity.New(map[string]any{"sub": id, "role": "authenticated", "aud": "authenticated",
		"session_id": session, "aal": "aal1", "email": email}, "token"), id
}

func setup(t *testing.T, cfg adminsql.Config) *bundle {
	t.Helper()
	b := &bundle{Bundle: fntest.New(t)}
	b.admin, b.adminID = account(b.Bundle, "admin@example.test")
	b.user, b.userID = account(b.Bundle, "user@example.test")
	if _, err := admins.Grant(context.Background(), b.Admin, "admin@example.test"); err != nil {
		t.Fatal(err)
	}
	b.srv = b.Server(adminsql.New(cfg, b.Admin, b.Log).Function())
	return b
}

func (b *bundle) run(t *testing.T, id *identity.Identity, body any) (fntest.Response, adminsql.Answer) {
	t.Helper()
	res := fntest.Invoke(b.srv, "POST", "/admin-sql", id, body)
	var a adminsql.Answer
	if res.Code == 200 {
		res.JSON(t, &a)
	}
	return res, a
}

func str(s string) *string { return &s }

// auditRow is one row of public.admin_sql_audit, as compared in tests.
type auditRow struct {
	Index     int
	UserID    string
	Email     string
	Statement string
	ReadOnly  bool
	Status    string
	Committed bool
	Command   *string
	RowCount  *int64
	ErrorCode *string
}

func (b *bundle) audit(t *testing.T, runID string) []auditRow {
	t.Helper()
	rows, err := b.Admin.Query(context.Background(), `SELECT statement_index, user_id::text, email, statement, read_only, status,
		committed, command, row_count, error_code FROM public.admin_sql_audit WHERE run_id = $1 ORDER BY statement_index`, runID)
	if err != nil {
		t.Fatal(err)
	}
	list, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (auditRow, error) {
		var a auditRow
		err := r.Scan(&a.Index, &a.UserID, &a.Email, &a.Statement, &a.ReadOnly, &a.Status, &a.Committed, &a.Command, &a.RowCount, &a.ErrorCode)
		return a, err
	})
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func i64(n int64) *int64 { return &n }

func TestWhoMayRun(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	withFactor, withFactorID := account(b.Bundle, "mfa-admin@example.test")
	admins.Grant(context.Background(), b.Admin, "mfa-admin@example.test")
	b.Exec(`INSERT INTO auth.mfa_factors (user_id, factor_type, status, friendly_name) VALUES ($1, 'totp', 'verified', 'app')`, withFactorID)
	aal2 := identity.New(map[string]any{"sub": withFactorID, "role": "authenticated", "session_id": withFactor.Claims["session_id"], "aal": "aal2"}, "token")
	// A user's token that claims admin in app_metadata (a stale or forged
	// copy): the database says no.
	forged := identity.New(map[string]any{"sub": b.userID, "role": "authenticated", "session_id": b.user.Claims["session_id"],
		"app_metadata": map[string]any{admins.Claim: true}}, "token")
	service := fntest.Service()
	anon := identity.New(map[string]any{"role": "anon"}, "token")
	signedOut, _ := account(b.Bundle, "gone@example.test")
	admins.Grant(context.Background(), b.Admin, "gone@example.test")
	b.Exec(`DELETE FROM auth.sessions WHERE id = $1`, signedOut.Claims["session_id"])

	tests := []struct {
		name     string
		id       *identity.Identity
		wantCode int
		wantBody string
	}{
		{"admin", &b.admin, 200, ""},
		{"admin with a factor at aal2", &aal2, 200, ""},
		{"admin with a factor at aal1", &withFactor, 403, `{"code":"insufficient_aal","error":"Verify your second factor to use the SQL console."}`},
		{"user", &b.user, 403, `{"code":"not_admin","error":"Only admins may use the SQL console. The operator names them with: daybase admin grant EMAIL"}`},
		{"user with a forged claim", &forged, 403, `{"code":"not_admin","error":"Only admins may use the SQL console. The operator names them with: daybase admin grant EMAIL"}`},
		{"service role", &service, 403, `{"code":"not_admin","error":"Only admins may use the SQL console. The operator names them with: daybase admin grant EMAIL"}`},
		{"anon token", &anon, 401, `{"code":401,"message":"This function requires a signed-in user"}`},
		{"no token", nil, 401, `{"code":401,"message":"Missing authorization header"}`},
		{"signed-out session", &signedOut, 401, `{"code":"session_not_found","error":"Your session has ended. Sign in again to use the SQL console."}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, _ := b.run(t, tt.id, map[string]any{"sql": "select current_user"})
			if res.Code != tt.wantCode {
				t.Fatalf("status %d, want %d: %s", res.Code, tt.wantCode, res.Body)
			}
			if tt.wantBody != "" && strings.TrimSpace(res.Body) != tt.wantBody {
				t.Errorf("body %s\nwant %s", res.Body, tt.wantBody)
			}
		})
	}
	// Nothing ran for the refused calls: only the two admins' runs are audited.
	var n int
	b.Scalar(&n, `SELECT count(*) FROM public.admin_sql_audit`)
	if n != 2 {
		t.Errorf("audit rows = %d, want 2", n)
	}
}

func TestRunAsOwnerWithResultsAndAudit(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	res, a := b.run(t, &b.admin, map[string]any{"sql": "select current_user = (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) or (select rolsuper from pg_roles where rolname = current_user) as owner;\n" +
		"select n, n::text || 'é' as label, null::int as nothing from generate_series(1, 3) n"})
	if res.Code != 200 || a.Error != nil {
		t.Fatalf("%d %s", res.Code, res.Body)
	}
	if !a.ReadOnly || a.Committed || len(a.Statements) != 2 {
		t.Fatalf("answer %+v", a)
	}
	want := []adminsql.Statement{
		{Index: 1, Position: 1, Status: "ok", Command: "SELECT 1", Columns: []adminsql.Column{{Name: "owner", Type: "boolean"}}, Rows: [][]*string{{str("t")}}, RowCount: 1},
		{Index: 2, Position: 182, Status: "ok", Command: "SELECT 3", Columns: []adminsql.Column{{Name: "n", Type: "integer"}, {Name: "label", Type: "text"}, {Name: "nothing", Type: "integer"}},
			Rows: [][]*string{{str("1"), str("1é"), nil}, {str("2"), str("2é"), nil}, {str("3"), str("3é"), nil}}, RowCount: 3},
	}
	if diff := cmp.Diff(want, a.Statements, cmpopts.IgnoreFields(adminsql.Statement{}, "DurationMS"), cmpopts.IgnoreUnexported(adminsql.Column{})); diff != "" {
		t.Errorf("statements mismatch (-want +got):\n%s", diff)
	}
	wantAudit := []auditRow{
		{1, b.adminID, "admin@example.test", "", true, "ok", false, str("SELECT 1"), i64(1), nil},
		{2, b.adminID, "admin@example.test", "select n, n::text || 'é' as label, null::int as nothing from generate_series(1, 3) n", true, "ok", false, str("SELECT 3"), i64(3), nil},
	}
	wantAudit[0].Statement = "select current_user = (select pg_get_userbyid(datdba) from pg_database where datname = current_database()) or (select rolsuper from pg_roles where rolname = current_user) as owner"
	if diff := cmp.Diff(wantAudit, b.audit(t, a.RunID)); diff != "" {
		t.Errorf("audit mismatch (-want +got):\n%s", diff)
	}
}

func TestReadOnlyByDefault(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	b.Exec(`CREATE TABLE public.scratch (id int)`)
	tests := []struct {
		name string
		sql  string
		code string
	}{
		{"insert", "insert into public.scratch values (1)", "25006"},
		{"create table", "create table public.other (id int)", "25006"},
		{"switch the transaction to read-write", "set transaction read write", "25001"},
		{"transaction_read_only off", "set transaction_read_only = off", "25001"},
		{"commit to leave the transaction", "commit", "25000"},
		{"commit and chain", "commit and chain", "25000"},
		{"a new transaction", "/* hi */ begin; insert into public.scratch values (1)", "25000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, a := b.run(t, &b.admin, map[string]any{"sql": tt.sql})
			if res.Code != 200 || a.Error == nil || a.Error.Code != tt.code {
				t.Fatalf("want SQLSTATE %s: %d %s", tt.code, res.Code, res.Body)
			}
			if a.Committed {
				t.Error("committed")
			}
		})
	}
	var n int
	b.Scalar(&n, `SELECT count(*) FROM public.scratch`)
	var other bool
	b.Scalar(&other, `SELECT to_regclass('public.other') IS NOT NULL`)
	if n != 0 || other {
		t.Errorf("read-only runs wrote: %d rows, table other %v", n, other)
	}
	_, a := b.run(t, &b.admin, map[string]any{"sql": "insert into public.scratch values (1)"})
	if a.Error.Hint != "The console is in read-only mode. Switch it to read-write to change data." {
		t.Errorf("hint %q", a.Error.Hint)
	}

	// Read-write: committed when every statement succeeds, else nothing.
	_, a = b.run(t, &b.admin, map[string]any{"sql": "insert into public.scratch values (1), (2); update public.scratch set id = id * 10", "readOnly": false})
	if a.Error != nil || !a.Committed || a.Statements[0].Command != "INSERT 0 2" || a.Statements[1].RowCount != 2 {
		t.Fatalf("write: %+v", a)
	}
	_, a = b.run(t, &b.admin, map[string]any{"sql": "insert into public.scratch values (3); select 1/0; insert into public.scratch values (4)", "readOnly": false})
	if a.Error == nil || a.Error.Code != "22012" || a.Committed || len(a.Statements) != 2 {
		t.Fatalf("failing write: %+v", a)
	}
	b.Scalar(&n, `SELECT count(*) FROM public.scratch`)
	if n != 2 {
		t.Errorf("rows after the rolled-back run: %d, want 2", n)
	}
	wantAudit := []auditRow{
		{1, b.adminID, "admin@example.test", "insert into public.scratch values (3)", false, "ok", false, str("INSERT 0 1"), i64(1), nil},
		{2, b.adminID, "admin@example.test", "select 1/0", false, "error", false, nil, nil, str("22012")},
		{3, b.adminID, "admin@example.test", "insert into public.scratch values (4)", false, "not_run", false, nil, nil, nil},
	}
	if diff := cmp.Diff(wantAudit, b.audit(t, a.RunID)); diff != "" {
		t.Errorf("audit mismatch (-want +got):\n%s", diff)
	}
}

func TestErrorPosition(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	// The second statement's error points into the script, not the statement;
	// é is one character, as PostgreSQL counts.
	script := "select 'é';\n\n  select 1,\n    nope from pg_class"
	_, a := b.run(t, &b.admin, map[string]any{"sql": script})
	want := &adminsql.SQLError{Message: `column "nope" does not exist`, Code: "42703", Statement: 2, Position: 30, Line: 4, Column: 5}
	if diff := cmp.Diff(want, a.Error); diff != "" {
		t.Errorf("error mismatch (-want +got):\n%s", diff)
	}
	if []rune(script)[want.Position-1] != 'n' {
		t.Errorf("position %d is not at nope", want.Position)
	}
	if len(a.Statements) != 2 || a.Statements[1].Status != "error" || a.Statements[1].Position != 16 {
		t.Errorf("statements %+v", a.Statements)
	}
	_, a = b.run(t, &b.admin, map[string]any{"sql": "selec 1"})
	if a.Error == nil || a.Error.Code != "42601" || a.Error.Position != 1 || a.Error.Line != 1 || a.Error.Column != 1 {
		t.Errorf("syntax error: %+v", a.Error)
	}
}

func TestStatementTimeout(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	start := time.Now()
	_, a := b.run(t, &b.admin, map[string]any{"sql": "select pg_sleep(5)", "timeoutSeconds": 1})
	if a.Error == nil || a.Error.Code != "57014" || !strings.Contains(a.Error.Message, "statement timeout") {
		t.Fatalf("want a statement timeout: %+v", a.Error)
	}
	if took := time.Since(start); took > 4*time.Second {
		t.Errorf("took %s", took)
	}
	res, _ := b.run(t, &b.admin, map[string]any{"sql": "select 1", "timeoutSeconds": 600})
	if res.Code != 400 || !strings.Contains(res.Body, "timeoutSeconds must be between 1 and 120") {
		t.Errorf("too long a timeout: %d %s", res.Code, res.Body)
	}
	var rows []auditRow = b.audit(t, a.RunID)
	if len(rows) != 1 || rows[0].Status != "error" || *rows[0].ErrorCode != "57014" {
		t.Errorf("audit %+v", rows)
	}
}

func TestLimitsAndBadRequests(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{MaxRows: 5})
	_, a := b.run(t, &b.admin, map[string]any{"sql": "select generate_series(1, 8); select 'more'"})
	if a.Error != nil || len(a.Statements[0].Rows) != 5 || a.Statements[0].RowCount != 8 || !a.Statements[0].Truncated || !a.Statements[1].Truncated {
		t.Fatalf("caps: %+v", a.Statements)
	}
	for _, body := range []any{map[string]any{"sql": "  -- nothing\n"}, map[string]any{"sql": ""}, "not json"} {
		if res, _ := b.run(t, &b.admin, body); res.Code != 400 {
			t.Errorf("%v: %d %s", body, res.Code, res.Body)
		}
	}
}

// The run's connection is its own: what a run sets does not reach the next.
func TestRunsDoNotShareSessions(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	_, a := b.run(t, &b.admin, map[string]any{"sql": "set search_path = nowhere; create temp table t (x int)", "readOnly": false})
	if a.Error != nil {
		t.Fatal(a.Error)
	}
	_, a = b.run(t, &b.admin, map[string]any{"sql": "show search_path; select to_regclass('pg_temp.t') is null as gone"})
	if a.Error != nil || *a.Statements[0].Rows[0][0] == "nowhere" || *a.Statements[1].Rows[0][0] != "t" {
		t.Fatalf("session state leaked: %+v %+v", a.Error, a.Statements)
	}
}

// Only the service reads the audit table; nobody writes it through the API.
func TestAuditTableIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t, adminsql.Config{})
	b.run(t, &b.admin, map[string]any{"sql": "select 1"})
	ctx := context.Background()
	for _, who := range []struct {
		name    string
		id      identity.Identity
		canRead bool
	}{
		{"anon", identity.New(map[string]any{"role": "anon"}, ""), false},
		{"admin's own token", b.admin, false},
		{"user", b.user, false},
		{"service role", fntest.Service(), true},
	} {
		t.Run(who.name, func(t *testing.T) {
			var n int
			err := asrole.Tx(ctx, b.API, who.id, asrole.Request{}, func(tx pgx.Tx) error {
				return tx.QueryRow(ctx, `SELECT count(*) FROM public.admin_sql_audit`).Scan(&n)
			})
			if who.canRead && (err != nil || n != 1) {
				t.Errorf("read: %d %v", n, err)
			}
			if !who.canRead && (err == nil || !strings.Contains(err.Error(), "permission denied")) {
				t.Errorf("read allowed: %d %v", n, err)
			}
			for _, write := range []string{
				`INSERT INTO public.admin_sql_audit (run_id, statement_index, user_id, email, statement, read_only) VALUES (gen_random_uuid(), 1, gen_random_uuid(), 'x', 'x', true)`,
				`UPDATE public.admin_sql_audit SET statement = 'hidden'`,
				`DELETE FROM public.admin_sql_audit`,
			} {
				err := asrole.Tx(ctx, b.API, who.id, asrole.Request{}, func(tx pgx.Tx) error { _, err := tx.Exec(ctx, write); return err })
				if err == nil || !strings.Contains(err.Error(), "permission denied") {
					t.Errorf("%s: %v", write, err)
				}
			}
		})
	}
}
