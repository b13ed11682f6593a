package parse

import (
	"net/http"
	"strings"
	"unicode/utf8"
)

// Config carries the settings that change how a request is read. Parsing
// needs no database; values that come from the schema cache are passed in.
type Config struct {
	// TxAllowOverride is true when db-tx-end is commit-allow-override or
	// rollback-allow-override: only then does Prefer: tx=commit|rollback
	// take effect (and appear in Preference-Applied). Default false.
	TxAllowOverride bool
	// Timezones reports whether a name is in pg_timezone_names. Prefer:
	// timezone=X is applied only for known names; an unknown one is an
	// invalid preference. Nil knows no time zone.
	Timezones func(name string) bool
}

// ResourceKind is what a request path names.
type ResourceKind uint8

const (
	ResourceRoot     ResourceKind = iota // "/": the OpenAPI document (or db-root-spec)
	ResourceRelation                     // "/{name}": a table or view
	ResourceRoutine                      // "/rpc/{name}": a function
)

// Resource is the object a request addresses. Name is percent-decoded and
// may be any string, the empty one included ("/rpc/"); the planner looks
// it up in the schema given by the profile.
type Resource struct {
	Kind ResourceKind
	Name string
}

// Action is what a request asks for, from its method and resource.
type Action uint8

const (
	ActionRead       Action = iota // GET or HEAD on a relation
	ActionCreate                   // POST on a relation: insert, or upsert with Prefer: resolution
	ActionUpdate                   // PATCH on a relation
	ActionUpsert                   // PUT on a relation: single-row upsert
	ActionDelete                   // DELETE on a relation
	ActionCall                     // GET, HEAD or POST on /rpc/{name}
	ActionSchemaRead               // GET or HEAD on the root
	ActionInfo                     // OPTIONS on anything
)

// IsMutation reports whether the action writes a relation. PostgREST
// ignores embedded limits and offsets for these.
func (a Action) IsMutation() bool {
	switch a {
	case ActionCreate, ActionUpdate, ActionUpsert, ActionDelete:
		return true
	}
	return false
}

// Request is an HTTP request read as PostgREST reads it, before anything
// is looked up in the schema cache.
//
// Every name in it (relations, columns, embeds, aliases, hints, casts,
// function arguments) is unresolved: the planner checks them against the
// schema cache and reports PGRST2xx or PostgreSQL errors. Embed paths on
// filters, logic trees, orders and ranges name embeds of the select by
// alias or relation name (PGRST108 when none matches).
type Request struct {
	Method   string // as sent, e.g. "GET"
	Resource Resource
	Action   Action

	// Profile is the schema the client asked for: the Accept-Profile
	// header for GET, HEAD and OPTIONS, Content-Profile for POST, PATCH,
	// PUT and DELETE. HasProfile tells an absent header (use the first
	// exposed schema) from an empty one (an unknown schema, 406 PGRST106).
	Profile    string
	HasProfile bool

	// Select is the root select list. Without a select parameter it is
	// [*]; "select=" gives an empty list, which PostgREST treats as all
	// columns at the root (and as no columns in an embed).
	Select []SelectItem
	// Filters holds the operator filters of the query string in order, on
	// the root (empty Path) and on embeds.
	Filters []Filter
	// Logic holds the and= / or= parameters in order.
	Logic []Logic
	// Order holds the order parameters in order.
	Order []Order
	// Range is the root's window: limit and offset intersected with the
	// Range header (GET only). Mutations ignore it.
	Range Range
	// EmbedRanges holds the limit/offset of embeds, for reads and calls.
	EmbedRanges []EmbedRange
	// Columns is the columns parameter (POST, PATCH, POST /rpc), nil when
	// absent. PostgREST treats it as a set.
	Columns []string
	// OnConflict is the on_conflict parameter, nil when absent.
	OnConflict []string
	// Args are the function arguments of a GET or HEAD /rpc call: the
	// parameters whose value is not an operator expression ("?a=1&id=eq.2"
	// passes a and filters the result on id).
	Args []Arg

	// Params are all query parameters in order, for anything the fields
	// above do not answer.
	Params []Param

	Prefer Preferences
	// Accept lists the acceptable response media types, most preferred
	// first; see Negotiate.
	Accept []MediaType
	// ContentType is the request body's media type, application/json when
	// the header is absent.
	ContentType MediaType
}

// Parse reads an HTTP request the way PostgREST v13 does. method is the
// request method as sent; path is the escaped request path below the REST
// root (r.URL.EscapedPath() without "/rest/v1"), e.g. "/todos", "/rpc/add"
// or "/"; rawQuery is r.URL.RawQuery. header must have canonical keys, as
// net/http provides it.
//
// Errors are *Error, reported in PostgREST's order: path (404 PGRST125),
// method (405 PGRST117 or PGRST101), query parameters (400 PGRST100: order,
// logic trees, columns, select, filters, on_conflict), the root range
// (416 PGRST103, 400 PGRST114 for PUT), embedded range keys. PostgREST
// checks the profile between the path and the method; callers that want
// that order validate Profile (see ProfileOf) before calling Parse.
//
// The request body is not read here.
func Parse(method, path, rawQuery string, header http.Header, cfg Config) (*Request, error) {
	res, err := parseResource(path)
	if err != nil {
		return nil, err
	}
	act, err := resolveAction(res, method)
	if err != nil {
		return nil, err
	}
	params, err := splitQuery(rawQuery)
	if err != nil {
		return nil, err
	}
	rpcRead := act == ActionCall && (method == http.MethodGet || method == http.MethodHead)
	q, err := parseQuery(params, rpcRead)
	if err != nil {
		return nil, err
	}
	top, err := topLevelRange(method, q, header)
	if err != nil {
		return nil, err
	}
	var embeds []EmbedRange
	if !act.IsMutation() {
		if embeds, err = embedRanges(q); err != nil {
			return nil, err
		}
	}
	r := &Request{
		Method:      method,
		Resource:    res,
		Action:      act,
		Select:      q.selects,
		Filters:     q.filters,
		Logic:       q.logic,
		Order:       q.order,
		Range:       top.export(),
		EmbedRanges: embeds,
		Columns:     q.columns,
		OnConflict:  q.onConflict,
		Args:        q.args,
		Params:      params,
		Prefer:      ParsePrefer(header, cfg),
		Accept:      ParseAccept(header),
		ContentType: MediaType{Kind: MediaJSON},
	}
	r.Profile, r.HasProfile = ProfileOf(method, header)
	if vs := header.Values("Content-Type"); len(vs) > 0 {
		r.ContentType = ParseMediaType(vs[0])
	}
	return r, nil
}

// Canonical is the query string sorted by key, for Content-Location
// (PostgREST's qsCanonical). It is computed on demand: most responses
// never need it.
func (r *Request) Canonical() string { return canonical(r.Params) }

// ProfileOf returns the schema a request asks for: Content-Profile for
// POST, PATCH, PUT and DELETE, Accept-Profile for every other method. ok
// is false when the header is absent.
func ProfileOf(method string, header http.Header) (schema string, ok bool) {
	name := "Accept-Profile"
	switch method {
	case http.MethodPost, http.MethodPatch, http.MethodPut, http.MethodDelete:
		name = "Content-Profile"
	}
	vs := header.Values(name)
	if len(vs) == 0 {
		return "", false
	}
	return vs[0], true
}

// FilterKeys returns the keys of the filter parameters, function arguments
// included: PostgREST's qsFilterFields, which PUT compares with the
// primary key columns.
func (r *Request) FilterKeys() []string {
	var keys []string
	for _, p := range r.Params {
		if p.HasValue && !endsIn(p.Key, reservedEmbeddable...) && p.Key != "select" && p.Key != "columns" && p.Key != "on_conflict" {
			keys = append(keys, p.Key)
		}
	}
	return keys
}

// parseResource splits the path into segments as WAI's pathInfo does
// (percent-decoded, invalid UTF-8 replaced, a trailing slash making an
// empty last segment) and maps them to a resource.
func parseResource(path string) (Resource, *Error) {
	var segs []string
	if path != "" && path != "/" {
		for seg := range strings.SplitSeq(strings.TrimPrefix(path, "/"), "/") {
			segs = append(segs, decodePathSegment(seg))
		}
	}
	switch {
	case len(segs) == 0:
		return Resource{Kind: ResourceRoot}, nil
	case len(segs) == 1:
		return Resource{Kind: ResourceRelation, Name: segs[0]}, nil
	case len(segs) == 2 && segs[0] == "rpc":
		return Resource{Kind: ResourceRoutine, Name: segs[1]}, nil
	}
	return Resource{}, invalidPathError()
}

// decodePathSegment percent-decodes without turning '+' into a space and
// replaces each byte of invalid UTF-8 with U+FFFD, as
// decodeUtf8With lenientDecode does.
func decodePathSegment(seg string) string {
	b := []byte(seg)
	out := b[:0]
	for i := 0; i < len(b); i++ {
		if b[i] == '%' && i+2 < len(b) && isHex(b[i+1]) && isHex(b[i+2]) {
			out = append(out, unhex(b[i+1])<<4|unhex(b[i+2]))
			i += 2
			continue
		}
		out = append(out, b[i])
	}
	if utf8.Valid(out) {
		return string(out)
	}
	var sb strings.Builder
	for len(out) > 0 {
		r, n := utf8.DecodeRune(out)
		sb.WriteRune(r)
		out = out[n:]
	}
	return sb.String()
}

func resolveAction(res Resource, method string) (Action, *Error) {
	switch res.Kind {
	case ResourceRoutine:
		switch method {
		case http.MethodGet, http.MethodHead, http.MethodPost:
			return ActionCall, nil
		case http.MethodOptions:
			return ActionInfo, nil
		}
		return 0, rpcMethodError(method)
	case ResourceRelation:
		switch method {
		case http.MethodGet, http.MethodHead:
			return ActionRead, nil
		case http.MethodPost:
			return ActionCreate, nil
		case http.MethodPut:
			return ActionUpsert, nil
		case http.MethodPatch:
			return ActionUpdate, nil
		case http.MethodDelete:
			return ActionDelete, nil
		case http.MethodOptions:
			return ActionInfo, nil
		}
	default:
		switch method {
		case http.MethodGet, http.MethodHead:
			return ActionSchemaRead, nil
		case http.MethodOptions:
			return ActionInfo, nil
		}
	}
	return 0, unsupportedMethodError(method)
}
