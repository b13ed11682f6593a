// Package asrole runs database work as an API caller: inside a transaction
// whose role and settings are those of the caller's JWT and request, so
// row-level security, auth.uid(), auth.jwt() and
// current_setting('request.headers') see the caller the same way under
// REST, storage, realtime and functions.
//
// A caller's transaction carries, as SET LOCAL settings (Names):
//
//	role                the JWT's role (anon when it has none)
//	request.jwt.claims  the JWT's claims as a JSON object
//	request.method      the HTTP method, e.g. GET
//	request.path        the request's path, without the query string
//	request.headers     the headers as a JSON object with lower-cased names
//	                    (repeated headers joined with ", "), Cookie apart
//	request.cookies     the cookies as a JSON object, one key per cookie
//	daybase.sub         the claims sub, session_id and aal as text ("" when
//	daybase.session_id  absent), so auth.uid() and the data-access check
//	daybase.aal         that every policy runs read them without parsing
//	                    the claims' JSON (migration 0696)
//	daybase.claims_split  "on" when the three above are set (an unset
//	                    setting reads "" too, and then the JSON is read)
//	daybase.data_access "on" when the gateway vouches for the session
//	                    (identity.Identity.DataAccess; migration 0697)
//
// as PostgREST sets the request.* ones. Work that has no request (scheduled jobs, the
// changes feed) leaves method and path empty and the headers and cookies
// {}.
package asrole

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/identity"
	"daybase/internal/jsonstr"
)

// Names are the settings of a caller's transaction, in the order SQL sets
// them and Settings.Args gives their values.
var Names = [...]string{"role", "request.jwt.claims", "request.method", "request.path", "request.headers", "request.cookies",
	"daybase.sub", "daybase.session_id", "daybase.aal", "daybase.claims_split", "daybase.data_access"}

// Request is the HTTP request database work runs for.
type Request struct {
	Method string
	// Path is the request's path as the service sees it, without the query
	// string: REST strips /rest/v1 as PostgREST does.
	Path   string
	Header http.Header
}

// FromHTTP is r's method, path and headers.
func FromHTTP(r *http.Request) Request {
	return Request{Method: r.Method, Path: r.URL.Path, Header: r.Header}
}

// Settings are the values of Names for one caller and request, rendered
// once: a realtime socket reuses them for every check it runs.
type Settings struct {
	Role, Claims, Method, Path, Headers, Cookies string
	// Sub, SessionID and AAL are the claims of the same names, and Split
	// is "on" when they were read (splitClaims).
	Sub, SessionID, AAL, Split string
	// DataAccess is "on" when the gateway vouched for the session.
	DataAccess string
}

// New renders the settings of id acting through req.
func New(id identity.Identity, req Request) (Settings, error) {
	s := Settings{Role: id.Role, Claims: string(id.ClaimsJSON), Method: req.Method, Path: req.Path}
	s.splitClaims(id)
	if id.DataAccess && s.Split == "on" {
		s.DataAccess = "on"
	}
	if s.Role == "" {
		s.Role = identity.Anon
	}
	if s.Claims == "" {
		s.Claims = "{}"
	}
	var err error
	s.Headers, s.Cookies, err = headerJSON(req.Header)
	return s, err
}

// splitClaims sets Sub, SessionID and AAL to what request.jwt.claims ->>
// gives for them in SQL, and Split to "on", when it can tell: from the
// claims map, or else from the JSON (a realtime check carries only that).
// A claim that is there but not a string leaves Split off, and SQL reads
// the JSON as before.
func (s *Settings) splitClaims(id identity.Identity) {
	claims := id.Claims
	if claims == nil && len(id.ClaimsJSON) > 0 {
		var c struct {
			Sub       any `json:"sub"`
			SessionID any `json:"session_id"`
			AAL       any `json:"aal"`
		}
		if json.Unmarshal(id.ClaimsJSON, &c) != nil {
			return
		}
		claims = map[string]any{"sub": c.Sub, "session_id": c.SessionID, "aal": c.AAL}
	}
	var values [3]string
	for i, name := range [...]string{"sub", "session_id", "aal"} {
		switch v := claims[name].(type) {
		case nil:
		case string:
			values[i] = v
		default:
			return
		}
	}
	s.Sub, s.SessionID, s.AAL, s.Split = values[0], values[1], values[2], "on"
}

// Values are the values of Names, in order.
func (s Settings) Values() [len(Names)]string {
	return [...]string{s.Role, s.Claims, s.Method, s.Path, s.Headers, s.Cookies, s.Sub, s.SessionID, s.AAL, s.Split, s.DataAccess}
}

// Args are the values of Names, in order, followed by extra.
func (s Settings) Args(extra ...any) []any {
	args := make([]any, 0, len(Names)+len(extra))
	for _, v := range s.Values() {
		args = append(args, v)
	}
	return append(args, extra...)
}

// SQL is the statement that sets Names from $1 to $11 and then each of
// extra (constant setting names, e.g. realtime.topic) from $12 on, all
// transaction-local. Its text depends only on extra, so it stays prepared.
func SQL(extra ...string) string {
	var b strings.Builder
	b.WriteString("SELECT ")
	n := 0
	for _, name := range append(Names[:], extra...) {
		if n > 0 {
			b.WriteString(", ")
		}
		n++
		b.WriteString("set_config('" + name + "', $" + strconv.Itoa(n) + ", true)")
	}
	return b.String()
}

// setSQL is SQL() without extras, built once.
var setSQL = SQL()

// Set switches an open transaction to id's role and settings for req.
func Set(ctx context.Context, tx pgx.Tx, id identity.Identity, req Request) error {
	s, err := New(id, req)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, setSQL, s.Args()...); err != nil {
		return fmt.Errorf("switch to role %s: %w", s.Role, err)
	}
	return nil
}

// Tx runs fn in a transaction as id acting through req, on pool (which
// logs in as a role that may SET ROLE to it, e.g. authenticator). fn's
// error rolls back; nil commits.
func Tx(ctx context.Context, pool *pgxpool.Pool, id identity.Identity, req Request, fn func(pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := Set(ctx, tx, id, req); err != nil {
			return err
		}
		return fn(tx)
	})
}

// Service is the identity of server-side work that bypasses row-level
// security (scheduled jobs, webhooks).
func Service() identity.Identity {
	return identity.New(map[string]any{"role": identity.ServiceRole}, "")
}

// headerJSON renders the request.headers and request.cookies JSON:
// objects with sorted keys, as json.Marshal renders a map[string]string,
// built without the map (this runs on every request).
func headerJSON(h http.Header) (headers, cookies string, err error) {
	// Each name lower-cased once (sorting by strings.ToLower allocated in
	// every comparison), and the buffer sized from the values up front.
	type header struct{ lower, name string }
	names := make([]header, 0, len(h))
	size := 2
	for name, values := range h {
		if strings.EqualFold(name, "Cookie") {
			continue
		}
		names = append(names, header{strings.ToLower(name), name})
		size += len(name) + 4
		for _, v := range values {
			size += len(v) + 2
		}
	}
	slices.SortFunc(names, func(a, b header) int {
		if c := strings.Compare(a.lower, b.lower); c != 0 {
			return c
		}
		return strings.Compare(a.name, b.name)
	})
	buf := make([]byte, 0, size+size/8)
	buf = append(buf, '{')
	for i, n := range names {
		if i+1 < len(names) && names[i+1].lower == n.lower {
			continue // the same name in two spellings: the last one wins
		}
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = jsonstr.Append(buf, n.lower)
		buf = append(buf, ':')
		if values := h[n.name]; len(values) == 1 {
			buf = jsonstr.Append(buf, values[0])
		} else {
			buf = jsonstr.Append(buf, strings.Join(values, ", "))
		}
	}
	buf = append(buf, '}')
	headers = string(buf)

	cookies = "{}"
	if len(h["Cookie"]) > 0 { // all (*http.Request).Cookies reads
		cm := map[string]string{}
		for _, c := range (&http.Request{Header: h}).Cookies() {
			cm[c.Name] = c.Value
		}
		cb, err := json.Marshal(cm)
		if err != nil {
			return "", "", fmt.Errorf("encode cookies: %w", err)
		}
		cookies = string(cb)
	}
	return headers, cookies, nil
}
