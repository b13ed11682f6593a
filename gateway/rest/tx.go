package rest

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/gateway/rest/schemacache"
	"daybase/internal/asrole"
	"daybase/internal/identity"
	"daybase/internal/pgident"
)

// TxRequest is what a request's transaction is set up from.
type TxRequest struct {
	// Identity gives the role to run as (SET LOCAL ROLE) and the claims
	// for request.jwt.claims, which auth.uid(), auth.role() and auth.jwt()
	// read in policies.
	Identity identity.Identity
	// Method and Path (without the query string, e.g. /tasks) become
	// request.method and request.path.
	Method string
	Path   string
	// Headers become request.headers, a JSON object with lower-cased
	// names (repeated headers joined with ", "); the Cookie header goes to
	// request.cookies instead, one key per cookie.
	Headers http.Header
	// SearchPath is the search_path of the request: the requested schema
	// then the extra search path, e.g. ["public", "extensions"]. Empty
	// leaves the connection's.
	SearchPath []string
	// ReadOnly runs the transaction READ ONLY: GET and HEAD, and calls of
	// stable or immutable functions. A write then fails with 25006 (405).
	ReadOnly bool
	// Settings are set after the role's own (ALTER ROLE ... SET) settings
	// and so win over them: the hoisted SET clauses of a called function
	// (statement_timeout, default_transaction_isolation), for instance.
	Settings []schemacache.Setting
	// Timezone is Prefer: timezone=...; "" leaves the connection's.
	Timezone string
	// LegacyClaimGUCs also sets request.jwt.claim.<name> for every
	// top-level claim whose name is an identifier, as PostgREST before v10
	// did; policies written for it read current_setting('request.jwt.claim.sub').
	LegacyClaimGUCs bool
}

// setupShape is what the text of a request's setup statement depends on:
// the number of settings it makes before the role switch, whether it also
// sets the legacy request.jwt.claim.<name> settings, and whether it makes
// the transaction read only itself (readOnly: the request runs in the
// pipeline's implicit transaction, with no BEGIN; see beginBatch).
type setupShape struct {
	settings int
	legacy   bool
	readOnly bool
}

// sql is the setup statement of this shape: one statement whose values
// are all parameters, so each shape's text stays prepared on a connection
// (an app's requests come in a handful of shapes).
//
// The settings ($1 to $2n, name and value pairs) run first, while the
// authenticator is still the current user, as PostgREST applies them;
// set_config(..., true) is SET LOCAL, undone when the transaction ends.
// The select list is evaluated left to right. A flat list of set_config
// calls, rather than one over unnest() of two arrays: the aggregate and
// function scans cost more to start than the settings themselves
// (docs/benchmarks.md, "Issue 25, re-measured").
func (s setupShape) sql() string {
	if s.settings < len(setupTexts) && !s.legacy {
		return setupTexts[s.settings][boolIndex(s.readOnly)]
	}
	return s.build()
}

func boolIndex(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s setupShape) build() string {
	var b strings.Builder
	b.WriteString("SELECT ")
	if s.readOnly {
		// Making a transaction read only is allowed at any point of it
		// (only the way back needs to come before the first query).
		b.WriteString("set_config('transaction_read_only', 'on', true), ")
	}
	n := 0
	param := func() string { n++; return "$" + strconv.Itoa(n) }
	for range s.settings {
		b.WriteString("set_config(" + param() + ", " + param() + ", true), ")
	}
	claims := ""
	for i, name := range asrole.Names {
		if i > 0 {
			b.WriteString(", ")
		}
		p := param()
		if name == "request.jwt.claims" {
			claims = p
		}
		b.WriteString("set_config('" + name + "', " + p + ", true)")
	}
	if s.legacy {
		b.WriteString(", (SELECT count(set_config('request.jwt.claim.' || c.key, c.value, true)) FROM json_each_text(" +
			claims + "::json) AS c WHERE c.key ~ '^[A-Za-z_][A-Za-z0-9_]*$')")
	}
	return b.String()
}

// name is the name the statement is prepared under on a connection.
func (s setupShape) name() string {
	name := "daybase_rest_setup_" + strconv.Itoa(s.settings)
	if s.legacy {
		name += "_legacy"
	}
	if s.readOnly {
		name += "_ro"
	}
	return name
}

// setupTexts holds the texts of the common shapes, built once: by the
// number of settings, then without and with readOnly.
var setupTexts = func() [][2]string {
	t := make([][2]string, 8)
	for i := range t {
		t[i] = [2]string{setupShape{settings: i}.build(), setupShape{settings: i, readOnly: true}.build()}
	}
	return t
}()

// RequestBatch returns a batch that begins the request's transaction and
// sets it up: BEGIN and the setup statement are its first two queries.
// Queue the request's statements after them, send it with
// pool.SendBatch, call ReadRequestSetup on the results and read your own:
// the whole request reaches the database in one round trip.
//
//	b, err := rest.RequestBatch(snap, req)
//	b.Queue(mainSQL, args...)
//	br := pool.SendBatch(ctx, b)
//	defer br.Tx().Rollback(ctx) // no-op once committed
//	if err := rest.ReadRequestSetup(br); err != nil { br.Close(); return err }
//	rows, err := br.Query()
//	... read rows ...
//	if err := br.Close(); err != nil { return err }
//	return br.Tx().Commit(ctx)
//
// The role's settings come from snap; they are applied first, then
// req.Settings (default_transaction_isolation picks the isolation level
// instead, the last one winning).
//
// Statements queued after the setup must be parsed after it ran, as the
// request's role: send the batch on a pool whose DefaultQueryExecMode is
// pgx.QueryExecModeExec or QueryExecModeSimpleProtocol, which send each
// query's Parse right before its Execute. In the default
// QueryExecModeCacheStatement pgx prepares a batch's new statements before
// sending it, that is as the authenticator, which cannot resolve names in
// schemas only the API roles may use (42501 permission denied for schema).
// BeginTx has no such constraint.
func RequestBatch(snap *schemacache.Snapshot, req TxRequest) (*pgx.Batch, error) {
	v, err := setupValues(snap, req)
	if err != nil {
		return nil, err
	}
	args := make([]any, 0, 2*len(v.names))
	for i, name := range v.names {
		args = append(args, name, v.values[i])
	}
	args = append(args, v.caller.Args()...)
	b := &pgx.Batch{}
	b.BeginTx(v.opts)
	b.Queue(v.shape.sql(), args...)
	return b, nil
}

// txSetup is what a request's BEGIN and setup statement are made of.
type txSetup struct {
	opts          pgx.TxOptions
	shape         setupShape
	names, values []string
	caller        asrole.Settings
}

func setupValues(snap *schemacache.Snapshot, req TxRequest) (txSetup, error) {
	v := txSetup{opts: pgx.TxOptions{IsoLevel: pgx.ReadCommitted}}
	if req.ReadOnly {
		v.opts.AccessMode = pgx.ReadOnly
	}
	set := func(s schemacache.Setting) {
		if s.Name == "default_transaction_isolation" {
			if iso, ok := isolationLevels[strings.ToLower(s.Value)]; ok {
				v.opts.IsoLevel = iso
			}
			return
		}
		v.names = append(v.names, s.Name)
		v.values = append(v.values, s.Value)
	}
	if len(req.SearchPath) > 0 {
		quoted := make([]string, len(req.SearchPath))
		for i, s := range req.SearchPath {
			quoted[i] = pgident.Quote(s)
		}
		set(schemacache.Setting{Name: "search_path", Value: strings.Join(quoted, ", ")})
	}
	if snap != nil {
		for _, s := range snap.RoleSettings(req.Identity.Role) {
			set(s)
		}
	}
	for _, s := range req.Settings {
		set(s)
	}
	if req.Timezone != "" {
		set(schemacache.Setting{Name: "timezone", Value: req.Timezone})
	}
	v.shape = setupShape{settings: len(v.names), legacy: req.LegacyClaimGUCs}
	var err error
	v.caller, err = asrole.New(req.Identity, asrole.Request{Method: req.Method, Path: req.Path, Header: req.Headers})
	return v, err
}

// RequestSetup returns the BEGIN statement of a request's transaction and
// the setup statement with its parameters as text values (sent untyped,
// OID 0), for executors that talk to pgconn directly: the REST engine
// sends BEGIN, the setup and its statement in one pipelined round trip
// whatever the pool's query exec mode.
func RequestSetup(snap *schemacache.Snapshot, req TxRequest) (begin, setup string, args [][]byte, err error) {
	st, err := requestSetup(snap, req)
	return st.begin, st.shape.sql(), st.args, err
}

// txStart is how a request's transaction begins: the BEGIN statement, the
// setup statement's shape and its parameters as text values.
type txStart struct {
	begin string
	shape setupShape
	args  [][]byte
	// implicitOK says the request may run without BEGIN, in the implicit
	// transaction of its pipeline (beginBatch): read only, at read
	// committed.
	implicitOK bool
}

func requestSetup(snap *schemacache.Snapshot, req TxRequest) (txStart, error) {
	v, err := setupValues(snap, req)
	if err != nil {
		return txStart{}, err
	}
	readOnly := v.opts.AccessMode == pgx.ReadOnly
	st := txStart{shape: v.shape, begin: beginSQL(v.opts.IsoLevel, readOnly)}
	st.implicitOK = readOnly && v.opts.IsoLevel == pgx.ReadCommitted
	// The values are copied into one buffer (one allocation, not one per
	// value); each arg is a non-nil slice of it, so "" stays '' and never
	// becomes NULL.
	values := v.caller.Values()
	size := 0
	for i, name := range v.names {
		size += len(name) + len(v.values[i])
	}
	for _, value := range values {
		size += len(value)
	}
	buf := make([]byte, 0, size)
	st.args = make([][]byte, 0, 2*len(v.names)+len(values))
	add := func(s string) {
		start := len(buf)
		buf = append(buf, s...)
		st.args = append(st.args, buf[start:len(buf):len(buf)])
	}
	for i, name := range v.names {
		add(name)
		add(v.values[i])
	}
	for _, value := range values {
		add(value)
	}
	return st, nil
}

// beginSQL is the BEGIN statement of a transaction at iso, read only or
// read write (the common ones built once: this runs on every request).
func beginSQL(iso pgx.TxIsoLevel, readOnly bool) string {
	if t, ok := beginTexts[iso]; ok {
		return t[boolIndex(readOnly)]
	}
	return buildBegin(iso, readOnly)
}

func buildBegin(iso pgx.TxIsoLevel, readOnly bool) string {
	mode := " READ WRITE"
	if readOnly {
		mode = " READ ONLY"
	}
	return "BEGIN ISOLATION LEVEL " + strings.ToUpper(string(iso)) + mode
}

var beginTexts = func() map[pgx.TxIsoLevel][2]string {
	t := map[pgx.TxIsoLevel][2]string{}
	for _, iso := range []pgx.TxIsoLevel{pgx.Serializable, pgx.RepeatableRead, pgx.ReadCommitted} {
		t[iso] = [2]string{buildBegin(iso, false), buildBegin(iso, true)}
	}
	return t
}()

var isolationLevels = map[string]pgx.TxIsoLevel{
	"serializable":     pgx.Serializable,
	"repeatable read":  pgx.RepeatableRead,
	"read committed":   pgx.ReadCommitted,
	"read uncommitted": pgx.ReadCommitted, // PostgreSQL runs it as read committed
}

// ReadRequestSetup reads the results of the two queries RequestBatch
// queued. On error the transaction is already over (or will be when the
// batch is closed); close the batch and return the error, which ErrorFor
// maps (an unknown role in the JWT is 22023, 401).
func ReadRequestSetup(br pgx.BatchResults) error {
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	if _, err := br.Exec(); err != nil {
		return fmt.Errorf("set up request: %w", err)
	}
	return nil
}

// BeginTx begins a request's transaction on pool and sets it up (role,
// claims, request GUCs, the role's settings such as statement_timeout) in
// one round trip. Commit or roll back the returned transaction; either
// releases the connection to the pool. Use RequestBatch instead to send
// the request's statement in the same round trip.
func BeginTx(ctx context.Context, pool *pgxpool.Pool, snap *schemacache.Snapshot, req TxRequest) (pgx.Tx, error) {
	b, err := RequestBatch(snap, req)
	if err != nil {
		return nil, err
	}
	br := pool.SendBatch(ctx, b)
	setupErr := ReadRequestSetup(br)
	closeErr := br.Close()
	tx := br.Tx()
	if setupErr == nil {
		setupErr = closeErr
	}
	if setupErr != nil {
		tx.Rollback(ctx) //nolint:errcheck // reporting the setup error
		return nil, setupErr
	}
	return tx, nil
}
