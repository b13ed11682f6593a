package rest

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/schemacache"
	"daybase/internal/identity"
	"daybase/internal/token"
)

// The PostgREST error codes (src/PostgREST/Error.hs, v13). The values are
// wire contract: supabase-js users branch on them. PGRST0xx are database
// connection errors, PGRST1xx request errors, PGRST2xx schema cache
// lookups, PGRST3xx JWT errors.
const (
	CodeConnection            = "PGRST000" // 503 the database cannot be reached
	CodeClient                = "PGRST001" // 503 the connection broke mid-request
	CodeSchemaCacheNotLoaded  = "PGRST002" // 503 no schema cache yet
	CodePoolTimeout           = "PGRST003" // 504 no pooled connection in time
	CodeQueryParam            = "PGRST100" // 400 (parse)
	CodeRPCMethod             = "PGRST101" // 405 (parse)
	CodeInvalidBody           = "PGRST102" // 400
	CodeRange                 = "PGRST103" // 416 (parse)
	CodeInvalidFilters        = "PGRST105" // 405 PUT filters are not exactly the primary key
	CodeUnacceptableSchema    = "PGRST106" // 406
	CodeMediaType             = "PGRST107" // 406 (parse)
	CodeNotEmbedded           = "PGRST108" // 400
	CodeGUCHeaders            = "PGRST111" // 500 bad response.headers
	CodeGUCStatus             = "PGRST112" // 500 bad response.status
	CodePutLimit              = "PGRST114" // 400 (parse)
	CodePutMatchingPK         = "PGRST115" // 400
	CodeSingularity           = "PGRST116" // 406
	CodeUnsupportedMethod     = "PGRST117" // 405 (parse)
	CodeRelatedOrder          = "PGRST118" // 400
	CodeUnacceptableFilter    = "PGRST120" // 400
	CodeRaiseParse            = "PGRST121" // 500 bad RAISE SQLSTATE 'PGRST' JSON
	CodeStrictPreferences     = "PGRST122" // 400 (parse)
	CodeAggregatesNotAllowed  = "PGRST123" // 400
	CodeMaxAffected           = "PGRST124" // 400
	CodeInvalidPath           = "PGRST125" // 404 (parse)
	CodeOpenAPIDisabled       = "PGRST126" // 404
	CodeNotImplemented        = "PGRST127" // 400
	CodeMaxAffectedRPC        = "PGRST128" // 400
	CodeNoRelationship        = "PGRST200" // 400
	CodeAmbiguousRelationship = "PGRST201" // 300
	CodeNoFunction            = "PGRST202" // 404
	CodeAmbiguousFunction     = "PGRST203" // 300
	CodeColumnNotFound        = "PGRST204" // 400
	CodeTableNotFound         = "PGRST205" // 404
	CodeJWTSecretMissing      = "PGRST300" // 500
	CodeJWTInvalid            = "PGRST301" // 401
	CodeAnonDisabled          = "PGRST302" // 401
	CodeJWTClaims             = "PGRST303" // 401
	CodeInternal              = "PGRSTX00" // 500 anything unclassified
)

// StatusClientClosedRequest is the status logged (and, pointlessly, sent)
// when the client went away before the response: nginx's 499.
const StatusClientClosedRequest = 499

// Error is one PostgREST error response. Status, Headers and the four body
// fields are what the client sees; Err, the cause, is only logged.
type Error struct {
	Status int
	Code   string
	// Message is always sent.
	Message string
	// Details is a string, PGRST201's list of candidates, or nil (JSON
	// null).
	Details any
	// Hint is sent as null when "".
	Hint string
	// Headers are set on the response besides Content-Type and
	// Proxy-Status: WWW-Authenticate on 401, Retry-After on PGRST002, the
	// headers of a RAISE SQLSTATE 'PGRST'.
	Headers http.Header
	// StatusText is the reason phrase a RAISE SQLSTATE 'PGRST' asked for.
	// net/http always writes the standard phrase, so it is not sent.
	StatusText string
	// Err is the underlying error, for the log.
	Err error
}

func (e *Error) Error() string {
	msg := e.Code + ": " + e.Message
	if d, ok := e.Details.(string); ok && d != "" {
		msg += ": " + d
	}
	if e.Err != nil {
		msg += " (" + e.Err.Error() + ")"
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

// Is matches another *Error with the same code, so the sentinels below
// stand for their kind: errors.Is(err, rest.ErrSingularity).
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

// MarshalJSON renders the body. The four keys, in aeson's sorted order,
// with null for absent details and hint, are wire contract; do not rename.
func (e *Error) MarshalJSON() ([]byte, error) {
	var hint *string
	if e.Hint != "" {
		hint = &e.Hint
	}
	details := e.Details
	if s, ok := details.(string); ok && s == "" {
		details = nil
	}
	return marshalJSON(struct {
		Code    string  `json:"code"`
		Details any     `json:"details"`
		Hint    *string `json:"hint"`
		Message string  `json:"message"`
	}{e.Code, details, hint, e.Message})
}

// marshalJSON encodes v without escaping <, > and & (as aeson, and so
// PostgREST, writes them).
func marshalJSON(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

// Coder is implemented by errors of the stages package rest imports
// (rest/plan, rest/sql), which cannot return *Error without an import
// cycle: ErrorFor renders them with the status, code, message, details and
// hint they report. details may be nil, a string or a JSON-encodable
// value; hint "" is null.
type Coder interface {
	error
	PostgRESTError() (status int, code, message string, details any, hint string)
}

// Sentinels for matching with errors.Is; the constructors below return
// errors that match them.
var (
	ErrSchemaCacheNotLoaded = &Error{Code: CodeSchemaCacheNotLoaded}
	ErrSingularity          = &Error{Code: CodeSingularity}
	ErrMaxAffected          = &Error{Code: CodeMaxAffected}
	ErrPutMatchingPK        = &Error{Code: CodePutMatchingPK}
)

// SchemaCacheNotLoadedError is the 503 sent until the first schema cache
// load; supabase-js retries GETs after retryAfter seconds.
func SchemaCacheNotLoadedError(retryAfter int) *Error {
	return &Error{
		Status: http.StatusServiceUnavailable, Code: CodeSchemaCacheNotLoaded,
		Message: "Could not query the database for the schema cache. Retrying.",
		Headers: http.Header{"Retry-After": {strconv.Itoa(retryAfter)}},
	}
}

// AcquireError classifies a failure to get a pooled connection: a timeout
// is PGRST003 (504), anything else PGRST000 (503).
func AcquireError(err error) *Error {
	if errors.Is(err, context.DeadlineExceeded) || pgconn.Timeout(err) {
		return &Error{Status: http.StatusGatewayTimeout, Code: CodePoolTimeout,
			Message: "Timed out acquiring connection from connection pool.", Err: err}
	}
	return connectionError(err)
}

func connectionError(err error) *Error {
	return &Error{Status: http.StatusServiceUnavailable, Code: CodeConnection,
		Message: "Database connection error. Retrying the connection.", Err: err}
}

// InvalidBodyError is PGRST102: "Empty or invalid json", "All object keys
// must match", "Content-Type not acceptable: x".
func InvalidBodyError(message string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidBody, Message: message}
}

// BodyReadError classifies a failure to read the request body, which is
// always the client's: too large is 413, too slow (the gateway's read
// deadline) 408, and a body that ends before its Content-Length or its
// last chunk 400, as Warp (PostgREST's server) answers a connection
// closed mid-body.
func BodyReadError(err error) *Error {
	var tooBig *http.MaxBytesError
	var netErr net.Error
	switch {
	case errors.As(err, &tooBig):
		return &Error{Status: http.StatusRequestEntityTooLarge, Code: CodeInvalidBody, Message: "Payload too large", Err: err}
	case errors.As(err, &netErr) && netErr.Timeout():
		return &Error{Status: http.StatusRequestTimeout, Code: CodeInvalidBody, Message: "Timed out reading the request body", Err: err}
	}
	return &Error{Status: http.StatusBadRequest, Code: CodeInvalidBody, Message: "The request body was cut short", Err: err}
}

// InvalidFiltersError is PGRST105: PUT filters must be exactly the primary
// key columns with eq.
func InvalidFiltersError() *Error {
	return &Error{Status: http.StatusMethodNotAllowed, Code: CodeInvalidFilters,
		Message: "Filters must include all and only primary key columns with 'eq' operators"}
}

// UnacceptableSchemaError is PGRST106: a profile header names a schema
// that is not exposed.
func UnacceptableSchemaError(schema string, exposed []string) *Error {
	return &Error{Status: http.StatusNotAcceptable, Code: CodeUnacceptableSchema,
		Message: "Invalid schema: " + schema,
		Hint:    "Only the following schemas are exposed: " + strings.Join(exposed, ", ")}
}

// NotEmbeddedError is PGRST108: a filter, order or limit names an embed
// the select does not have.
func NotEmbeddedError(resource string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeNotEmbedded,
		Message: "'" + resource + "' is not an embedded resource in this request",
		Hint:    "Verify that '" + resource + "' is included in the 'select' query parameter."}
}

// GUCHeadersError is PGRST111: response.headers was set to something other
// than a JSON array of single-key objects with string values.
func GUCHeadersError() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeGUCHeaders,
		Message: "response.headers guc must be a JSON array composed of objects with a single key and a string value"}
}

// GUCStatusError is PGRST112: response.status is not a status code.
func GUCStatusError() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeGUCStatus,
		Message: "response.status guc must be a valid status code"}
}

// PutMatchingPKError is PGRST115: a PUT body's key differs from the URL's.
func PutMatchingPKError() *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodePutMatchingPK,
		Message: "Payload values do not match URL in primary key column(s)"}
}

// SingularityError is PGRST116: application/vnd.pgrst.object+json was
// asked for and the result has rows rows, not one.
func SingularityError(rows int64) *Error {
	return &Error{Status: http.StatusNotAcceptable, Code: CodeSingularity,
		Message: "Cannot coerce the result to a single JSON object",
		Details: "The result contains " + strconv.FormatInt(rows, 10) + " rows"}
}

// RelatedOrderError is PGRST118: order=target(col) where target is not a
// to-one embed of origin.
func RelatedOrderError(origin, target string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeRelatedOrder,
		Message: "A related order on '" + target + "' is not possible",
		Details: "'" + origin + "' and '" + target + "' do not form a many-to-one or one-to-one relationship"}
}

// UnacceptableFilterError is PGRST120: an embed filter other than is.null
// or not.is.null.
func UnacceptableFilterError(target string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeUnacceptableFilter,
		Message: "Bad operator on the '" + target + "' embedded resource",
		Details: "Only is null or not is null filters are allowed on embedded resources"}
}

// AggregatesNotAllowedError is PGRST123.
func AggregatesNotAllowedError() *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeAggregatesNotAllowed,
		Message: "Use of aggregate functions is not allowed"}
}

// MaxAffectedError is PGRST124: Prefer: max-affected with handling=strict
// and more rows affected.
func MaxAffectedError(rows int64) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeMaxAffected,
		Message: "Query result exceeds max-affected preference constraint",
		Details: "The query affects " + strconv.FormatInt(rows, 10) + " rows"}
}

// OpenAPIDisabledError is PGRST126.
func OpenAPIDisabledError() *Error {
	return &Error{Status: http.StatusNotFound, Code: CodeOpenAPIDisabled,
		Message: "Root endpoint metadata is disabled"}
}

// NotImplementedError is PGRST127; details says what is not.
func NotImplementedError(details string) *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeNotImplemented,
		Message: "Feature not implemented", Details: details}
}

// MaxAffectedRPCError is PGRST128.
func MaxAffectedRPCError() *Error {
	return &Error{Status: http.StatusBadRequest, Code: CodeMaxAffectedRPC,
		Message: "Function must return SETOF or TABLE when max-affected preference is used with handling=strict"}
}

// JWTSecretMissingError is PGRST300.
func JWTSecretMissingError() *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeJWTSecretMissing,
		Message: "Server lacks JWT secret"}
}

// AnonDisabledError is PGRST302: no token and no anonymous role.
func AnonDisabledError() *Error {
	return &Error{Status: http.StatusUnauthorized, Code: CodeAnonDisabled,
		Message: "Anonymous access is disabled",
		Headers: http.Header{"Www-Authenticate": {"Bearer"}}}
}

// ErrorFor maps any error of the request path to its PostgREST response:
// *Error as is; the parser's errors, Coder errors and the schema cache's
// lookup errors as they describe themselves; *pgconn.PgError by SQLSTATE
// (role decides between 401 and 403 for 42501); JWT failures recorded
// in the identity; database connection failures; a client that went away
// (499) or ran out of time (504). Anything else is a 500 whose body says nothing about the cause.
func ErrorFor(role string, err error) *Error {
	var (
		e      *Error
		pe     *parse.Error
		coder  Coder
		pgErr  *pgconn.PgError
		tnf    *schemacache.TableNotFoundError
		cnf    *schemacache.ColumnNotFoundError
		norel  *schemacache.NoRelationshipError
		amb    *schemacache.AmbiguousRelationshipError
		nofn   *schemacache.FunctionNotFoundError
		ambfn  *schemacache.AmbiguousFunctionError
		conErr *pgconn.ConnectError
	)
	switch {
	case errors.As(err, &e):
		return e
	case errors.As(err, &pe):
		return &Error{Status: pe.Status, Code: pe.Code, Message: pe.Message, Details: pe.Details, Hint: pe.Hint, Err: err}
	case errors.As(err, &coder):
		status, code, message, details, hint := coder.PostgRESTError()
		return &Error{Status: status, Code: code, Message: message, Details: details, Hint: hint, Err: err}
	case errors.As(err, &pgErr):
		return pgError(role, pgErr)
	case errors.As(err, &tnf):
		e := &Error{Status: http.StatusNotFound, Code: CodeTableNotFound, Err: err,
			Message: "Could not find the table '" + tnf.Schema + "." + tnf.Name + "' in the schema cache"}
		if tnf.Suggestion != "" {
			e.Hint = "Perhaps you meant the table '" + tnf.Schema + "." + tnf.Suggestion + "'"
		}
		return e
	case errors.As(err, &cnf):
		return &Error{Status: http.StatusBadRequest, Code: CodeColumnNotFound, Err: err,
			Message: "Could not find the '" + cnf.Column + "' column of '" + cnf.Table + "' in the schema cache"}
	case errors.As(err, &norel):
		return noRelationshipError(norel)
	case errors.As(err, &amb):
		return ambiguousRelationshipError(amb)
	case errors.As(err, &nofn):
		return noFunctionError(nofn)
	case errors.As(err, &ambfn):
		var sigs []string
		for _, f := range ambfn.Candidates {
			sigs = append(sigs, f.Signature())
		}
		return &Error{Status: http.StatusMultipleChoices, Code: CodeAmbiguousFunction, Err: err,
			Message: "Could not choose the best candidate function between: " + strings.Join(sigs, ", "),
			Hint:    "Try renaming the parameters or the function itself in the database so function overloading can be resolved"}
	case errors.Is(err, identity.ErrBadJWT):
		return jwtError(err)
	case errors.Is(err, context.Canceled):
		return &Error{Status: StatusClientClosedRequest, Code: CodeInternal, Message: "Client closed request", Err: err}
	case errors.Is(err, context.DeadlineExceeded):
		// The request's own deadline; statement_timeout is 57014 above.
		return &Error{Status: http.StatusGatewayTimeout, Code: CodeInternal, Message: "Request timed out", Err: err}
	case errors.As(err, &conErr):
		return connectionError(err)
	case isBrokenConnection(err):
		return &Error{Status: http.StatusServiceUnavailable, Code: CodeClient,
			Message: "Database client error. Retrying the connection.", Err: err}
	}
	return &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "Internal server error", Err: err}
}

func isBrokenConnection(err error) bool {
	var netErr net.Error
	return errors.As(err, &netErr) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) ||
		errors.Is(err, net.ErrClosed)
}

// viewWrite matches PostgreSQL's refusal to write to a view that is not
// automatically updatable (rewriteHandler.c).
var viewWrite = regexp.MustCompile(`^cannot (insert into|update|delete from) view "`)

// pgError maps a server error by SQLSTATE as PostgREST's mapSQLtoHTTP
// does; the body passes the server's code, message, detail and hint
// through.
func pgError(role string, pg *pgconn.PgError) *Error {
	if pg.Code == "PGRST" {
		return raiseError(pg)
	}
	e := &Error{Status: pgStatus(role, pg), Code: pg.Code, Message: pg.Message, Details: pg.Detail, Hint: pg.Hint, Err: pg}
	if e.Status == http.StatusUnauthorized {
		e.Headers = http.Header{"Www-Authenticate": {"Bearer"}}
	}
	return e
}

// pgStatus is PostgREST's SQLSTATE → HTTP status table. Classes are
// matched by the first two characters; exact codes first.
func pgStatus(role string, pg *pgconn.PgError) int {
	code := pg.Code
	switch code {
	case "23503", "23505": // foreign_key_violation, unique_violation
		return http.StatusConflict
	case "25006": // read_only_sql_transaction: a write in a GET
		return http.StatusMethodNotAllowed
	case "21000": // cardinality_violation; pg-safeupdate's refusal is the client's fault
		if strings.HasSuffix(pg.Message, "requires a WHERE clause") {
			return http.StatusBadRequest
		}
		return http.StatusInternalServerError
	case "22023": // invalid_parameter_value; a JWT role that does not exist
		if strings.HasPrefix(pg.Message, "role") && strings.HasSuffix(pg.Message, "does not exist") {
			return http.StatusUnauthorized
		}
		return http.StatusBadRequest
	case "53400": // configuration_limit_exceeded
		return http.StatusInternalServerError
	case "55000": // object_not_in_prerequisite_state
		// A write to a view PostgreSQL cannot update ("cannot insert into
		// view", "cannot update view", "cannot delete from view"): the
		// resource does not take that method, as a write in a GET (25006)
		// does not. PostgREST answers 500; see docs/decisions.md.
		if viewWrite.MatchString(pg.Message) {
			return http.StatusMethodNotAllowed
		}
		return http.StatusInternalServerError
	case "57P01": // admin_shutdown
		return http.StatusServiceUnavailable
	case "P0001": // plain RAISE EXCEPTION
		return http.StatusBadRequest
	case "42883": // undefined_function
		if strings.HasPrefix(pg.Message, "function xmlagg(") {
			return http.StatusNotAcceptable
		}
		return http.StatusNotFound
	case "42P01": // undefined_table
		return http.StatusNotFound
	case "42P17": // invalid_object_definition: infinite recursion in a policy
		return http.StatusInternalServerError
	case "42501": // insufficient_privilege: log in (401) or you may not (403)
		if role == identity.Anon {
			return http.StatusUnauthorized
		}
		return http.StatusForbidden
	}
	if len(code) < 2 {
		return http.StatusBadRequest
	}
	switch code[:2] {
	case "08": // connection exception
		return http.StatusServiceUnavailable
	case "09", "25", "2D", "38", "39", "3B", "40", "55", "57", "58", "F0", "HV", "P0", "XX":
		// triggered action, transaction state, routine, savepoint,
		// rollback, object state, operator intervention, system, config
		// file, FDW, PL/pgSQL and internal errors
		return http.StatusInternalServerError
	case "54":
		// program_limit_exceeded: the request's own values pass a limit
		// of PostgreSQL (an array nested deeper than 6 levels, 54000; a
		// call with more than 100 arguments, 54023; a filter nested past
		// the stack, 54001). The client's mistake, so 400 where PostgREST
		// answers 500; see docs/decisions.md.
		return http.StatusBadRequest
	case "0L", "0P", "28": // invalid grantor, role specification, authorization
		return http.StatusForbidden
	case "53": // insufficient resources
		return http.StatusServiceUnavailable
	case "PT": // RAISE ... USING ERRCODE = 'PT402' picks the status
		if n, err := strconv.Atoi(code[2:]); err == nil && n >= 100 && n <= 999 {
			return n
		}
		return http.StatusInternalServerError
	}
	return http.StatusBadRequest // data exceptions, integrity, syntax, ...
}

// raiseError reads RAISE SQLSTATE 'PGRST' USING MESSAGE = '{"code",
// "message","details","hint"}', DETAIL = '{"status","status_text",
// "headers"}', which sets the whole response.
func raiseError(pg *pgconn.PgError) *Error {
	var msg struct {
		Code    *string `json:"code"`
		Message *string `json:"message"`
		Details *string `json:"details"`
		Hint    *string `json:"hint"`
	}
	if json.Unmarshal([]byte(pg.Message), &msg) != nil || msg.Code == nil || msg.Message == nil {
		return raiseParseError(pg, "Invalid JSON value for MESSAGE: '"+pg.Message+"'",
			"MESSAGE must be a JSON object with obligatory keys: 'code', 'message' and optional keys: 'details', 'hint'.")
	}
	detailHint := "DETAIL must be a JSON object with obligatory keys: 'status', 'headers' and optional key: 'status_text'."
	if pg.Detail == "" {
		return raiseParseError(pg, "DETAIL is missing in the RAISE statement", detailHint)
	}
	var det struct {
		Status     *int              `json:"status"`
		StatusText *string           `json:"status_text"`
		Headers    map[string]string `json:"headers"`
	}
	if json.Unmarshal([]byte(pg.Detail), &det) != nil || det.Status == nil || det.Headers == nil {
		return raiseParseError(pg, "Invalid JSON value for DETAIL: '"+pg.Detail+"'", detailHint)
	}
	e := &Error{Status: *det.Status, Code: *msg.Code, Message: *msg.Message, Err: pg}
	if e.Status < 100 || e.Status > 999 {
		e.Status = http.StatusInternalServerError
	}
	if msg.Details != nil {
		e.Details = *msg.Details
	}
	if msg.Hint != nil {
		e.Hint = *msg.Hint
	}
	if det.StatusText != nil {
		e.StatusText = *det.StatusText
	}
	if len(det.Headers) > 0 {
		e.Headers = http.Header{}
		for k, v := range det.Headers {
			e.Headers.Set(k, v)
		}
	}
	return e
}

func raiseParseError(pg *pgconn.PgError, details, hint string) *Error {
	return &Error{Status: http.StatusInternalServerError, Code: CodeRaiseParse,
		Message: `Could not parse JSON in the "RAISE SQLSTATE 'PGRST'" error`,
		Details: details, Hint: hint, Err: pg}
}

func noRelationshipError(e *schemacache.NoRelationshipError) *Error {
	details := "Searched for a foreign key relationship between '" + e.Source + "' and '" + e.Target
	if e.Hint != "" {
		details += "' using the hint '" + e.Hint
	}
	details += "' in the schema '" + e.Schema + "', but no matches were found."
	out := &Error{Status: http.StatusBadRequest, Code: CodeNoRelationship, Err: e,
		Message: "Could not find a relationship between '" + e.Source + "' and '" + e.Target + "' in the schema cache",
		Details: details}
	switch {
	case e.SuggestedSource != "":
		out.Hint = "Perhaps you meant '" + e.SuggestedSource + "' instead of '" + e.Source + "'."
	case e.SuggestedTarget != "":
		out.Hint = "Perhaps you meant '" + e.SuggestedTarget + "' instead of '" + e.Target + "'."
	}
	return out
}

// RelationshipDetail is one candidate in PGRST201's details. The field
// names are wire contract.
type RelationshipDetail struct {
	Cardinality  string `json:"cardinality"`
	Embedding    string `json:"embedding"`
	Relationship string `json:"relationship"`
}

func ambiguousRelationshipError(e *schemacache.AmbiguousRelationshipError) *Error {
	cols := func(pairs []schemacache.ColumnPair, foreign bool) string {
		var names []string
		for _, p := range pairs {
			if foreign {
				names = append(names, p.ForeignColumn)
			} else {
				names = append(names, p.Column)
			}
		}
		return "(" + strings.Join(names, ", ") + ")"
	}
	var details []any
	var hints []string
	for _, r := range e.Candidates {
		if r.Function != nil {
			// PostgREST renders computed candidates as {} and no hint.
			details = append(details, struct{}{})
			hints = append(hints, "")
			continue
		}
		d := RelationshipDetail{Cardinality: r.Cardinality.String(), Embedding: r.Table.Name + " with " + r.ForeignTable.Name}
		name := r.Constraint
		if j := r.Junction; j != nil {
			d.Relationship = j.Table.Name + " using " + j.SourceConstraint + cols(j.SourceColumns, true) +
				" and " + j.TargetConstraint + cols(j.TargetColumns, true)
			name = j.Table.Name
		} else {
			d.Relationship = r.Constraint + " using " + r.Table.Name + cols(r.Columns, false) +
				" and " + r.ForeignTable.Name + cols(r.Columns, true)
		}
		details = append(details, d)
		hints = append(hints, "'"+r.ForeignTable.Name+"!"+name+"'")
	}
	return &Error{Status: http.StatusMultipleChoices, Code: CodeAmbiguousRelationship, Err: e,
		Message: "Could not embed because more than one relationship was found for '" + e.Source + "' and '" + e.Target + "'",
		Details: details,
		Hint: "Try changing '" + e.Target + "' to one of the following: " + strings.Join(hints, ", ") +
			". Find the desired relationship in the 'details' key."}
}

func noFunctionError(e *schemacache.FunctionNotFoundError) *Error {
	fn := e.Schema + "." + e.Name
	args := strings.Join(e.Args, ", ")
	withParams := func(s string) string {
		if len(e.Args) == 0 {
			return " without parameters"
		}
		return s
	}
	message := "Could not find the function " + fn
	if !e.RawBody() {
		message += withParams("(" + args + ")")
	}
	message += " in the schema cache"

	paramsDetail := " with parameter "
	if len(e.Args) > 1 {
		paramsDetail = " with parameters "
	}
	paramsDetail += args
	details := "Searched for the function " + fn
	switch e.Payload {
	case schemacache.PayloadText:
		details += " with a single unnamed text parameter"
	case schemacache.PayloadXML:
		details += " with a single unnamed xml parameter"
	case schemacache.PayloadOctetStream:
		details += " with a single unnamed bytea parameter"
	case schemacache.PayloadJSON:
		details += withParams(paramsDetail) + " or with a single unnamed json/jsonb parameter"
	default:
		details += withParams(paramsDetail)
	}
	details += ", but no matches were found in the schema cache."

	out := &Error{Status: http.StatusNotFound, Code: CodeNoFunction, Message: message, Details: details, Err: e}
	if e.Suggestion != "" {
		out.Hint = "Perhaps you meant to call the function " + e.Schema + "." + e.Suggestion
	}
	return out
}

// jwtError renders a bearer token the gateway could not verify, by the
// kind of failure internal/token reports.
func jwtError(err error) *Error {
	code, msg := CodeJWTInvalid, "JWT cryptographic operation failed"
	switch {
	case errors.Is(err, token.ErrExpired):
		code, msg = CodeJWTClaims, "JWT expired"
	case errors.Is(err, token.ErrNotValidYet):
		code, msg = CodeJWTClaims, "JWT not yet valid"
	case errors.Is(err, token.ErrIssuedInFuture):
		code, msg = CodeJWTClaims, "JWT issued at future"
	case errors.Is(err, token.ErrAudience):
		code, msg = CodeJWTClaims, "JWT not in audience"
	case errors.Is(err, token.ErrClaims):
		code, msg = CodeJWTClaims, "Parsing claims failed"
	}
	return &Error{Status: http.StatusUnauthorized, Code: code, Message: msg, Err: err,
		Headers: http.Header{"Www-Authenticate": {`Bearer error="invalid_token", error_description="` + msg + `"`}}}
}

// WriteError renders err (see ErrorFor) for a request running as role and
// logs it once: 5xx at Error with the cause, the rest at Info. log should
// carry the request's attributes (request id, path).
func WriteError(w http.ResponseWriter, log *slog.Logger, role string, err error) {
	e := ErrorFor(role, err)
	attrs := []any{"status", e.Status, "code", e.Code, "role", role}
	if e.Status >= 500 {
		log.Error("rest request failed", append(attrs, "err", err)...)
	} else {
		log.Info("rest request refused", append(attrs, "err", err)...)
	}
	body, mErr := e.MarshalJSON()
	if mErr != nil {
		// Details from a Coder that does not encode.
		e = &Error{Status: http.StatusInternalServerError, Code: CodeInternal, Message: "Internal server error"}
		body, _ = e.MarshalJSON()
	}
	h := w.Header()
	for k, vs := range e.Headers {
		h[http.CanonicalHeaderKey(k)] = vs
	}
	h.Set("Content-Type", "application/json; charset=utf-8")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	h.Set("Proxy-Status", "PostgREST; error="+e.Code)
	w.WriteHeader(e.Status)
	w.Write(body) //nolint:errcheck // the client is gone
}
