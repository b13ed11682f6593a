// Package adminsql is the admin-sql function: the server side of the app's
// SQL console (/app/admin/sql), the in-app counterpart of `daybase sql`.
//
//	POST /functions/v1/admin-sql {"sql": "select 1; select 2", "readOnly": true, "timeoutSeconds": 15}
//	  -> 200 {"runId", "readOnly", "committed", "durationMs", "statements": [...], "error": null | {...}}
//	  -> 400 {"error": "...", "code": "bad_request"}       no SQL, a bad timeout
//	  -> 401 {"error": "...", "code": "session_not_found"} the token's session has ended
//	  -> 403 {"error": "...", "code": "not_admin"}         anyone but an admin (service_role too)
//	  -> 403 {"error": "...", "code": "insufficient_aal"}  an admin with a second factor, at aal1
//
// Every call asks the database whether the caller is an admin now
// (admins.Check): the token's app_metadata counts for nothing. The script
// is cut into statements (sqlconsole.Split); all of them are written to
// public.admin_sql_audit before the first runs, and their outcomes after.
// A run is one transaction on a connection of its own, as the database
// owner: READ ONLY unless the caller asks otherwise, with a statement
// timeout, committed only when every statement succeeded in read-write
// mode. Each statement goes over the extended protocol, which refuses two
// commands in one message. Transaction control (BEGIN, COMMIT, ROLLBACK,
// …) is refused: it would end the run's transaction and with it the
// read-only mode and the timeout.
//
// A failing statement is a result, not a failure of the call: the answer
// is 200 with the statements run so far and "error", whose position is a
// 1-based character index into the whole script (with its line and
// column), as PostgreSQL counts characters.
package adminsql

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/functions"
	"daybase/internal/admins"
	"daybase/internal/sqlconsole"
	"daybase/internal/sqlfile"
)

// Name is the function's name under /functions/v1.
const Name = "admin-sql"

// Defaults of Config.
const (
	DefaultTimeout    = 15 * time.Second
	DefaultMaxTimeout = 120 * time.Second
	DefaultMaxRows    = 50_000
	DefaultMaxBytes   = 32 << 20
	MaxScript         = 1 << 20 // bytes of SQL in one call
	MaxStatements     = 1000
)

// Config is the function's configuration; zero fields take the defaults.
type Config struct {
	// Timeout is the statement timeout when the call names none (15 s).
	Timeout time.Duration
	// MaxTimeout is the longest statement timeout a call may ask for (120 s).
	MaxTimeout time.Duration
	// MaxRows is how many rows of a run's results are sent back (50,000);
	// the statements still run to the end and report their full count.
	MaxRows int
	// MaxBytes caps the cell bytes sent back for one run (32 MiB), likewise.
	MaxBytes int
}

//go:embed sql/*.sql
var queries embed.FS

// statements are the package's SQL: field AuditStart is sql/audit_start.sql.
type statements struct{ AuditStart, AuditFinish, TypeNames string }

var stmt = sqlfile.Load[statements](queries)

// Service is the admin-sql function.
type Service struct {
	cfg   Config
	owner *pgxpool.Pool // the database owner: admin checks, audit, and each run's connection settings
	log   *slog.Logger
	now   func() time.Time
}

// New returns the function; owner is a pool logged in as the database
// owner (the role migrations run as).
func New(cfg Config, owner *pgxpool.Pool, log *slog.Logger) *Service {
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	if cfg.MaxTimeout <= 0 {
		cfg.MaxTimeout = DefaultMaxTimeout
	}
	if cfg.MaxRows <= 0 {
		cfg.MaxRows = DefaultMaxRows
	}
	if cfg.MaxBytes <= 0 {
		cfg.MaxBytes = DefaultMaxBytes
	}
	return &Service{cfg: cfg, owner: owner, log: log.With("function", Name), now: time.Now}
}

// Function is the registration under /functions/v1/admin-sql.
func (s *Service) Function() functions.Function {
	return functions.Function{Name: Name, Handler: s.handle, MaxBody: MaxScript + 4096, Timeout: s.cfg.MaxTimeout + 15*time.Second}
}

// Request is the body of a call.
type Request struct {
	SQL string `json:"sql"`
	// ReadOnly defaults to true: only an explicit false writes.
	ReadOnly *bool `json:"readOnly"`
	// TimeoutSeconds is the statement timeout; Config.Timeout when 0.
	TimeoutSeconds float64 `json:"timeoutSeconds"`
}

// Answer is the body of a 200. JSON names are the app's contract.
type Answer struct {
	RunID      string      `json:"runId"`
	ReadOnly   bool        `json:"readOnly"`
	Committed  bool        `json:"committed"`
	DurationMS float64     `json:"durationMs"`
	Statements []Statement `json:"statements"`
	Error      *SQLError   `json:"error"`
}

// Statement is the outcome of one statement that ran (the failing one
// included).
type Statement struct {
	Index int `json:"index"` // 1-based
	// Position is where the statement starts: a 1-based character index
	// into the script, as SQLError.Position.
	Position   int         `json:"position"`
	Status     string      `json:"status"` // ok, error
	Command    string      `json:"command"`
	Columns    []Column    `json:"columns"`
	Rows       [][]*string `json:"rows"`
	RowCount   int64       `json:"rowCount"`
	Truncated  bool        `json:"truncated"`
	DurationMS float64     `json:"durationMs"`
}

// Column is a result column: its name and type as psql shows it.
type Column struct {
	Name string `json:"name"`
	Type string `json:"type"`
	oid  uint32
}

// SQLError is a statement's failure as PostgreSQL reported it, placed in
// the script. Position, Line and Column are 0 when PostgreSQL gave no
// position.
type SQLError struct {
	Message   string `json:"message"`
	Code      string `json:"code"` // SQLSTATE
	Detail    string `json:"detail,omitempty"`
	Hint      string `json:"hint,omitempty"`
	Statement int    `json:"statement"` // 1-based index of the failing statement
	Position  int    `json:"position"`  // 1-based character index into the script
	Line      int    `json:"line"`
	Column    int    `json:"column"`
}

func denied(status int, code, msg string) *functions.Error {
	return &functions.Error{Status: status, Message: msg, Body: map[string]string{"error": msg, "code": code}}
}

func (s *Service) handle(ctx context.Context, r *functions.Request) (any, error) {
	admin, err := admins.Check(ctx, s.owner, r.Caller.Claims)
	switch {
	case errors.Is(err, admins.ErrNotAdmin):
		return nil, denied(http.StatusForbidden, "not_admin", "Only admins may use the SQL console. The operator names them with: daybase admin grant EMAIL")
	case errors.Is(err, admins.ErrSignedOut):
		return nil, denied(http.StatusUnauthorized, "session_not_found", "Your session has ended. Sign in again to use the SQL console.")
	case errors.Is(err, admins.ErrNeedsAAL2):
		return nil, denied(http.StatusForbidden, "insufficient_aal", "Verify your second factor to use the SQL console.")
	case err != nil:
		return nil, err
	}

	var in Request
	if err := r.DecodeJSON(&in); err != nil {
		return nil, err
	}
	readOnly := in.ReadOnly == nil || *in.ReadOnly
	timeout := s.cfg.Timeout
	if in.TimeoutSeconds != 0 {
		timeout = time.Duration(in.TimeoutSeconds * float64(time.Second))
		if timeout < time.Second || timeout > s.cfg.MaxTimeout {
			return nil, denied(http.StatusBadRequest, "bad_request", fmt.Sprintf("timeoutSeconds must be between 1 and %d", int(s.cfg.MaxTimeout/time.Second)))
		}
	}
	stmts := sqlconsole.Split(in.SQL)
	switch {
	case len(stmts) == 0:
		return nil, denied(http.StatusBadRequest, "bad_request", "Nothing to run: the SQL is empty or only comments.")
	case len(stmts) > MaxStatements:
		return nil, denied(http.StatusBadRequest, "bad_request", fmt.Sprintf("A run holds at most %d statements.", MaxStatements))
	case !utf8.ValidString(in.SQL):
		return nil, denied(http.StatusBadRequest, "bad_request", "The SQL is not valid UTF-8.")
	}

	run := &run{svc: s, script: in.SQL, stmts: stmts, readOnly: readOnly, timeout: timeout,
		answer: Answer{RunID: uuid.NewString(), ReadOnly: readOnly, Statements: []Statement{}}}
	texts := make([]string, len(stmts))
	for i, st := range stmts {
		texts[i] = st.Text
	}
	// No audit, no run.
	if _, err := s.owner.Exec(ctx, stmt.AuditStart, run.answer.RunID, admin.ID, admin.Email, readOnly, texts); err != nil {
		return nil, fmt.Errorf("admin-sql: write audit rows: %w", err)
	}
	started := s.now()
	runErr := run.execute(ctx)
	run.answer.DurationMS = ms(s.now().Sub(started))
	// The outcome is recorded even when the caller went away.
	if err := run.finishAudit(context.WithoutCancel(ctx)); err != nil {
		s.log.Error("admin-sql: audit outcome not recorded", "run_id", run.answer.RunID, "err", err)
	}
	attrs := []any{"run_id", run.answer.RunID, "user_id", admin.ID, "email", admin.Email, "read_only", readOnly,
		"statements", len(stmts), "committed", run.answer.Committed, "duration", time.Duration(run.answer.DurationMS * float64(time.Millisecond)),
		"sql", truncate(in.SQL, 2000)}
	if e := run.answer.Error; e != nil {
		attrs = append(attrs, "sqlstate", e.Code)
	}
	if runErr != nil {
		s.log.Error("admin-sql run failed", append(attrs, "err", runErr)...)
		return nil, runErr
	}
	s.log.Info("admin-sql run", attrs...)
	s.nameTypes(ctx, run.answer.Statements)
	return run.answer, nil
}

// run is one call's work.
type run struct {
	svc      *Service
	script   string
	stmts    []sqlconsole.Statement
	readOnly bool
	timeout  time.Duration
	answer   Answer
	kept     int // rows kept so far
	keptB    int // cell bytes kept so far
}

// errTxControl: a statement that would end the run's transaction.
var errTxControl = errors.New("transaction control")

// execute runs the statements on a connection of their own, closed after:
// nothing a statement sets (SET, temporary tables, roles) outlives the run.
// A statement's failure goes into the answer; the error returned is the
// server's own (connecting, setting up).
func (r *run) execute(ctx context.Context) error {
	cfg := r.svc.owner.Config().ConnConfig.Config.Copy()
	if cfg.RuntimeParams == nil {
		cfg.RuntimeParams = map[string]string{}
	}
	cfg.RuntimeParams["application_name"] = "daybase admin-sql"
	conn, err := pgconn.ConnectConfig(ctx, cfg)
	if err != nil {
		return fmt.Errorf("admin-sql: connect: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))

	begin := "BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE"
	if r.readOnly {
		begin = "BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY"
	}
	// The SELECT takes the transaction's first snapshot: from then on
	// SET TRANSACTION READ WRITE is refused ("must be set before any query").
	setup := fmt.Sprintf("%s; SET LOCAL statement_timeout = %d; SELECT 1", begin, r.timeout.Milliseconds())
	if _, err := conn.Exec(ctx, setup).ReadAll(); err != nil {
		return fmt.Errorf("admin-sql: begin: %w", err)
	}

	failed := false
	for i, st := range r.stmts {
		out := Statement{Index: i + 1, Position: charIndex(r.script, st.Offset) + 1, Status: "ok", Columns: []Column{}, Rows: [][]*string{}}
		start := time.Now()
		err := r.one(ctx, conn, st, &out)
		out.DurationMS = ms(time.Since(start))
		if err != nil {
			out.Status = "error"
			r.answer.Statements = append(r.answer.Statements, out)
			r.answer.Error = r.placeError(err, i)
			failed = true
			break
		}
		r.answer.Statements = append(r.answer.Statements, out)
	}
	if ctx.Err() != nil {
		return nil // the connection is closed by pgconn; nothing committed
	}
	if !failed && !r.readOnly {
		if _, err := conn.Exec(ctx, "COMMIT").ReadAll(); err != nil {
			r.answer.Error = r.placeError(err, len(r.stmts)-1)
			return nil
		}
		r.answer.Committed = true
		return nil
	}
	_, _ = conn.Exec(ctx, "ROLLBACK").ReadAll()
	return nil
}

// one runs a statement and reads its rows into out, within the run's caps.
func (r *run) one(ctx context.Context, conn *pgconn.PgConn, st sqlconsole.Statement, out *Statement) error {
	if txControl(st.Text) {
		return errTxControl
	}
	rr := conn.ExecParams(ctx, st.Text, nil, nil, nil, nil)
	for _, fd := range rr.FieldDescriptions() {
		out.Columns = append(out.Columns, Column{Name: fd.Name, oid: fd.DataTypeOID})
	}
	for rr.NextRow() {
		out.RowCount++
		vals := rr.Values()
		size := 0
		for _, v := range vals {
			size += len(v)
		}
		if r.kept >= r.svc.cfg.MaxRows || r.keptB+size > r.svc.cfg.MaxBytes {
			out.Truncated = true
			continue
		}
		row := make([]*string, len(vals))
		for j, v := range vals {
			if v != nil {
				s := string(v) // copies: the reader reuses its buffer
				row[j] = &s
			}
		}
		out.Rows = append(out.Rows, row)
		r.kept++
		r.keptB += size
	}
	tag, err := rr.Close()
	if err != nil {
		return err
	}
	out.Command = tag.String()
	if len(out.Columns) == 0 {
		out.RowCount = tag.RowsAffected()
	}
	// A backstop for what txControl cannot see: the run's transaction must
	// still be open.
	if conn.TxStatus() != 'T' {
		return errTxControl
	}
	return nil
}

// txControl reports whether a statement starts or ends a transaction
// (savepoints are fine: they stay inside the run's).
func txControl(stmt string) bool {
	words := strings.Fields(strings.ToUpper(stripComments(stmt)))
	if len(words) == 0 {
		return false
	}
	switch words[0] {
	case "BEGIN", "START", "COMMIT", "END", "ABORT":
		return true
	case "ROLLBACK":
		return len(words) == 1 || words[1] != "TO"
	case "PREPARE":
		return len(words) > 1 && words[1] == "TRANSACTION"
	}
	return false
}

// stripComments drops the comments before the first word.
func stripComments(s string) string {
	for {
		s = strings.TrimLeft(s, " \t\n\r\f\v")
		switch {
		case strings.HasPrefix(s, "--"):
			i := strings.IndexByte(s, '\n')
			if i < 0 {
				return ""
			}
			s = s[i:]
		case strings.HasPrefix(s, "/*"):
			i := strings.Index(s, "*/")
			if i < 0 {
				return ""
			}
			s = s[i+2:]
		default:
			return s
		}
	}
}

// placeError turns statement i's failure into a SQLError placed in the
// script.
func (r *run) placeError(err error, i int) *SQLError {
	st := r.stmts[i]
	e := &SQLError{Statement: i + 1}
	var pgErr *pgconn.PgError
	switch {
	case errors.Is(err, errTxControl):
		e.Message = "Transaction control (BEGIN, COMMIT, ROLLBACK) is not allowed here: each run is one transaction, " +
			"committed when every statement succeeds in read-write mode and rolled back otherwise."
		e.Code = "25000" // invalid_transaction_state
		e.Position = charIndex(r.script, st.Offset) + 1
	case errors.As(err, &pgErr):
		e.Message, e.Code, e.Detail, e.Hint = pgErr.Message, pgErr.Code, pgErr.Detail, pgErr.Hint
		if pgErr.Position > 0 {
			e.Position = charIndex(r.script, st.Offset) + int(pgErr.Position)
		}
		if e.Code == "25006" && r.readOnly {
			e.Hint = "The console is in read-only mode. Switch it to read-write to change data."
		}
	default:
		// Not PostgreSQL's own: a lost connection, a malformed message.
		r.svc.log.Warn("admin-sql statement failed outside PostgreSQL", "run_id", r.answer.RunID, "statement", i+1, "err", err)
		e.Message = "The statement could not be run: " + err.Error()
		e.Code = "08006"
	}
	if e.Position > 0 {
		e.Line, e.Column = lineColumn(r.script, e.Position)
	}
	return e
}

// finishAudit writes each statement's outcome: ok or error for those that
// ran, not_run for the rest.
func (r *run) finishAudit(ctx context.Context) error {
	n := len(r.stmts)
	idx := make([]int32, n)
	status := make([]string, n)
	command := make([]*string, n)
	rows := make([]*int64, n)
	code := make([]*string, n)
	msg := make([]*string, n)
	dur := make([]*float64, n)
	for i := range r.stmts {
		idx[i], status[i] = int32(i+1), "not_run"
		if i < len(r.answer.Statements) {
			st := r.answer.Statements[i]
			status[i], dur[i] = st.Status, &st.DurationMS
			if st.Status == "ok" {
				command[i], rows[i] = &st.Command, &st.RowCount
			}
		}
	}
	if e := r.answer.Error; e != nil {
		code[e.Statement-1], msg[e.Statement-1] = &e.Code, &e.Message
	}
	_, err := r.svc.owner.Exec(ctx, stmt.AuditFinish, r.answer.RunID, r.answer.Committed, idx, status, command, rows, code, msg, dur)
	return err
}

// nameTypes fills in the columns' type names; an unknown type (one the
// rolled-back run created) keeps its OID.
func (s *Service) nameTypes(ctx context.Context, stmts []Statement) {
	var oids []uint32
	for _, st := range stmts {
		for _, c := range st.Columns {
			oids = append(oids, c.oid)
		}
	}
	names := map[uint32]string{}
	if len(oids) > 0 {
		rows, err := s.owner.Query(ctx, stmt.TypeNames, oids)
		if err == nil {
			for rows.Next() {
				var oid int64
				var name string
				if rows.Scan(&oid, &name) == nil {
					names[uint32(oid)] = name
				}
			}
			rows.Close()
		}
	}
	for i := range stmts {
		for j := range stmts[i].Columns {
			c := &stmts[i].Columns[j]
			if c.Type = names[c.oid]; c.Type == "" {
				c.Type = fmt.Sprint(c.oid)
			}
		}
	}
}

// charIndex is the number of characters (code points) in s before byte
// offset off.
func charIndex(s string, off int) int { return utf8.RuneCountInString(s[:off]) }

// lineColumn returns the 1-based line and column (in characters) of the
// 1-based character position pos in s.
func lineColumn(s string, pos int) (line, col int) {
	line, col = 1, 1
	n := 1
	for _, ch := range s {
		if n == pos {
			return line, col
		}
		n++
		if ch == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
	}
	return line, col
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}
