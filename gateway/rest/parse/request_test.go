package parse

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/google/go-cmp/cmp/cmpopts"
)

func TestParse(t *testing.T) {
	anyMT := []MediaType{{Kind: MediaAny}}
	// base is the request a case starts from: what Parse gives for
	// "method path" with no query and no headers.
	base := func(method string, res Resource, act Action) Request {
		return Request{Method: method, Resource: res, Action: act, Select: []SelectItem{star}, Accept: anyMT}
	}
	todos := Resource{Kind: ResourceRelation, Name: "todos"}
	fn := Resource{Kind: ResourceRoutine, Name: "fn"}
	root := Resource{Kind: ResourceRoot}
	limit := func(offset, n int64) Range { return Range{Offset: offset, Limit: n, HasLimit: true} }

	tests := []struct {
		name    string
		method  string
		path    string
		query   string
		header  http.Header
		cfg     Config
		want    func(r *Request)
		wantErr *Error
	}{
		// Resources and actions.
		{name: "root", method: "GET", path: "/", want: func(r *Request) { *r = base("GET", root, ActionSchemaRead) }},
		{name: "empty path is the root", method: "HEAD", path: "", want: func(r *Request) { *r = base("HEAD", root, ActionSchemaRead) }},
		{name: "root options", method: "OPTIONS", path: "/", want: func(r *Request) { *r = base("OPTIONS", root, ActionInfo) }},
		{name: "read", method: "GET", path: "/todos", want: func(r *Request) { *r = base("GET", todos, ActionRead) }},
		{name: "head", method: "HEAD", path: "/todos", want: func(r *Request) { *r = base("HEAD", todos, ActionRead) }},
		{name: "create", method: "POST", path: "/todos", want: func(r *Request) { *r = base("POST", todos, ActionCreate) }},
		{name: "update", method: "PATCH", path: "/todos", want: func(r *Request) { *r = base("PATCH", todos, ActionUpdate) }},
		{name: "upsert", method: "PUT", path: "/todos", want: func(r *Request) { *r = base("PUT", todos, ActionUpsert) }},
		{name: "delete", method: "DELETE", path: "/todos", want: func(r *Request) { *r = base("DELETE", todos, ActionDelete) }},
		{name: "relation options", method: "OPTIONS", path: "/todos", want: func(r *Request) { *r = base("OPTIONS", todos, ActionInfo) }},
		{name: "call by post", method: "POST", path: "/rpc/fn", want: func(r *Request) { *r = base("POST", fn, ActionCall) }},
		{name: "call by get", method: "GET", path: "/rpc/fn", want: func(r *Request) { *r = base("GET", fn, ActionCall) }},
		{name: "routine options", method: "OPTIONS", path: "/rpc/fn", want: func(r *Request) { *r = base("OPTIONS", fn, ActionInfo) }},
		{name: "percent-decoded name", method: "GET", path: "/caf%C3%A9%2Fx+y", want: func(r *Request) {
			*r = base("GET", Resource{Kind: ResourceRelation, Name: "café/x+y"}, ActionRead)
		}},
		{name: "invalid UTF-8 in the path is replaced", method: "GET", path: "/a%FFb", want: func(r *Request) {
			*r = base("GET", Resource{Kind: ResourceRelation, Name: "a\uFFFDb"}, ActionRead)
		}},
		{name: "/rpc alone is a relation", method: "GET", path: "/rpc", want: func(r *Request) {
			*r = base("GET", Resource{Kind: ResourceRelation, Name: "rpc"}, ActionRead)
		}},
		{name: "/rpc/ names the empty function", method: "POST", path: "/rpc/", want: func(r *Request) {
			*r = base("POST", Resource{Kind: ResourceRoutine}, ActionCall)
		}},
		{name: "two segments", method: "GET", path: "/a/b", wantErr: &Error{Code: "PGRST125", Message: "Invalid path specified in request URL", Status: 404}},
		{name: "trailing slash", method: "GET", path: "/todos/", wantErr: &Error{Code: "PGRST125", Message: "Invalid path specified in request URL", Status: 404}},
		{name: "three segments under rpc", method: "POST", path: "/rpc/fn/x", wantErr: &Error{Code: "PGRST125", Message: "Invalid path specified in request URL", Status: 404}},
		{name: "delete on rpc", method: "DELETE", path: "/rpc/fn", wantErr: &Error{Code: "PGRST101", Message: "Cannot use the DELETE method on RPC", Status: 405}},
		{name: "unknown method", method: "TRACE", path: "/todos", wantErr: &Error{Code: "PGRST117", Message: "Unsupported HTTP method: TRACE", Status: 405}},
		{name: "methods are case-sensitive", method: "get", path: "/todos", wantErr: &Error{Code: "PGRST117", Message: "Unsupported HTTP method: get", Status: 405}},
		{name: "post on the root", method: "POST", path: "/", wantErr: &Error{Code: "PGRST117", Message: "Unsupported HTTP method: POST", Status: 405}},
		{name: "the path is checked before the query", method: "GET", path: "/a/b", query: "select=(",
			wantErr: &Error{Code: "PGRST125", Message: "Invalid path specified in request URL", Status: 404}},

		// Profiles.
		{name: "accept-profile on get", method: "GET", path: "/todos", header: http.Header{"Accept-Profile": {"api"}, "Content-Profile": {"other"}},
			want: func(r *Request) { *r = base("GET", todos, ActionRead); r.Profile, r.HasProfile = "api", true }},
		{name: "content-profile on post", method: "POST", path: "/todos", header: http.Header{"Accept-Profile": {"other"}, "Content-Profile": {"api"}},
			want: func(r *Request) { *r = base("POST", todos, ActionCreate); r.Profile, r.HasProfile = "api", true }},
		{name: "accept-profile on rpc get", method: "GET", path: "/rpc/fn", header: http.Header{"Accept-Profile": {"api"}},
			want: func(r *Request) { *r = base("GET", fn, ActionCall); r.Profile, r.HasProfile = "api", true }},
		{name: "empty profile is given", method: "DELETE", path: "/todos", header: http.Header{"Content-Profile": {""}},
			want: func(r *Request) { *r = base("DELETE", todos, ActionDelete); r.HasProfile = true }},

		// The query string.
		{name: "everything at once", method: "GET", path: "/projects",
			query: "select=id,client:clients!inner(name)&client.name=ilike.*soft*&or=(id.lt.3,id.gt.8)&order=id.desc&limit=2&client.order=name&client.limit=1",
			want: func(r *Request) {
				*r = base("GET", Resource{Kind: ResourceRelation, Name: "projects"}, ActionRead)
				r.Select = []SelectItem{name("id"), embed(Embed{Relation: "clients", Alias: "client", Join: JoinInner, Select: []SelectItem{name("name")}})}
				r.Filters = []Filter{{Path: []string{"client"}, Field: f("name"), Op: OpILike, Value: "*soft*"}}
				r.Logic = []Logic{{Tree: or(leaf(Filter{Field: f("id"), Op: OpLt, Value: "3"}), leaf(Filter{Field: f("id"), Op: OpGt, Value: "8"}))}}
				r.Order = []Order{{Terms: []OrderTerm{{Field: f("id"), Direction: OrderDesc}}}, {Path: []string{"client"}, Terms: []OrderTerm{{Field: f("name")}}}}
				r.Range = limit(0, 2)
				r.EmbedRanges = []EmbedRange{{Path: []string{"client"}, Range: limit(0, 1)}}
			}},
		{name: "plus is a space, %2B a plus", method: "GET", path: "/todos", query: "name=eq.a+b%2Bc",
			want: func(r *Request) {
				*r = base("GET", todos, ActionRead)
				r.Filters = []Filter{{Field: f("name"), Op: OpEq, Value: "a b+c"}}
			}},
		{name: "semicolons separate parameters", method: "GET", path: "/todos", query: "a=eq.1;b=eq.2",
			want: func(r *Request) {
				*r = base("GET", todos, ActionRead)
				r.Filters = []Filter{{Field: f("a"), Op: OpEq, Value: "1"}, {Field: f("b"), Op: OpEq, Value: "2"}}
			}},
		{name: "bare keys and empty pairs are ignored", method: "GET", path: "/todos", query: "flag&&a=eq.1&",
			want: func(r *Request) {
				*r = base("GET", todos, ActionRead)
				r.Filters = []Filter{{Field: f("a"), Op: OpEq, Value: "1"}}
			}},
		{name: "invalid percent escapes are kept", method: "GET", path: "/todos", query: "a=eq.%zz%4",
			want: func(r *Request) {
				*r = base("GET", todos, ActionRead)
				r.Filters = []Filter{{Field: f("a"), Op: OpEq, Value: "%zz%4"}}
			}},
		{name: "invalid UTF-8", method: "GET", path: "/todos", query: "a%FF=eq.1",
			wantErr: &Error{Code: "PGRST100", Message: "failed to parse query string",
				Details: "the parameter \"a\uFFFD\" is not valid UTF-8 after percent-decoding", Status: 400}},
		{name: "empty filter value is an error", method: "GET", path: "/todos", query: "id=",
			wantErr: qpErr(`"failed to parse filter ()" (line 1, column 1)`, `unexpected end of input expecting "not" or operator (eq, gt, ...)`)},
		{name: "empty select", method: "GET", path: "/todos", query: "select=", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Select = nil
		}},
		{name: "first select wins", method: "GET", path: "/todos", query: "select=id&select=name", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Select = []SelectItem{name("id")}
		}},
		{name: "a bare first select means the default", method: "GET", path: "/todos", query: "select&select=id", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
		}},
		{name: "columns and on_conflict", method: "POST", path: "/todos", query: `columns="a","b c"&on_conflict=a, b`, want: func(r *Request) {
			*r = base("POST", todos, ActionCreate)
			r.Columns = []string{"a", "b c"}
			r.OnConflict = []string{"a", "b"}
		}},
		{name: "blank columns", method: "POST", path: "/todos", query: "columns=",
			wantErr: qpErr(`"failed to parse columns parameter ()" (line 1, column 1)`, `unexpected end of input expecting field name (* or [a..z0..9_$])`)},
		{name: "bad on_conflict", method: "POST", path: "/todos", query: "on_conflict=,",
			wantErr: qpErr(`"failed to parse on_conflict parameter (,)" (line 1, column 1)`, `unexpected "," expecting field name (* or [a..z0..9_$])`)},
		{name: "order errors come first", method: "GET", path: "/todos", query: "select=(&id=x&order=id.x",
			wantErr: qpErr(`"failed to parse order (id.x)" (line 1, column 4)`, `unexpected "x" expecting "asc", "desc", "nullsfirst" or "nullslast"`)},
		{name: "logic errors before select", method: "GET", path: "/todos", query: "select=(&or=()",
			wantErr: qpErr(`"failed to parse logic tree (())" (line 1, column 4)`,
				`unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)`)},
		{name: "select errors before filters", method: "GET", path: "/todos", query: "id=x&select=a,",
			wantErr: qpErr(`"failed to parse select parameter (a,)" (line 1, column 3)`,
				`unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`)},
		{name: "null embed filter is a plain filter here", method: "GET", path: "/todos", query: "select=*,tasks()&tasks=not.is.null",
			want: func(r *Request) {
				*r = base("GET", todos, ActionRead)
				r.Select = []SelectItem{star, embed(Embed{Relation: "tasks"})}
				r.Filters = []Filter{{Field: f("tasks"), Negate: true, Op: OpIs, Is: IsNull}}
			}},

		// RPC arguments.
		{name: "get rpc: arguments and filters", method: "GET", path: "/rpc/fn", query: "a=1&id=eq.2&b=x.y&select=id&order=id&limit=1",
			want: func(r *Request) {
				*r = base("GET", fn, ActionCall)
				r.Args = []Arg{{Name: "a", Value: "1"}, {Name: "b", Value: "x.y"}}
				r.Filters = []Filter{{Field: f("id"), Op: OpEq, Value: "2"}}
				r.Select = []SelectItem{name("id")}
				r.Order = []Order{{Terms: []OrderTerm{{Field: f("id")}}}}
				r.Range = limit(0, 1)
			}},
		{name: "head rpc: repeated arguments are kept", method: "HEAD", path: "/rpc/fn", query: "v=1&v=2&v={3,4}",
			want: func(r *Request) {
				*r = base("HEAD", fn, ActionCall)
				r.Args = []Arg{{Name: "v", Value: "1"}, {Name: "v", Value: "2"}, {Name: "v", Value: "{3,4}"}}
			}},
		{name: "get rpc: argument named by the last key segment", method: "GET", path: "/rpc/fn", query: "x.c=5&j->k=6&e=",
			want: func(r *Request) {
				*r = base("GET", fn, ActionCall)
				r.Args = []Arg{{Name: "c", Value: "5"}, {Name: "j", Value: "6"}, {Name: "e", Value: ""}}
			}},
		{name: "get rpc: a half-parsed operator is still an error", method: "GET", path: "/rpc/fn", query: "b=in.x",
			wantErr: qpErr(`"failed to parse filter (in.x)" (line 1, column 4)`, `unexpected "x" expecting "("`)},
		{name: "post rpc: query parameters are filters", method: "POST", path: "/rpc/fn", query: "a=1",
			wantErr: qpErr(`"failed to parse filter (1)" (line 1, column 1)`, `unexpected "1" expecting "not" or operator (eq, gt, ...)`)},

		// Ranges (RangeSpec of PostgREST).
		{name: "limit and offset", method: "GET", path: "/todos", query: "limit=3&offset=2", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(2, 3)
		}},
		{name: "offset alone", method: "GET", path: "/todos", query: "offset=10", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = Range{Offset: 10}
		}},
		{name: "negative offset reads from the start", method: "GET", path: "/todos", query: "offset=-4", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
		}},
		{name: "limit zero", method: "GET", path: "/todos", query: "limit=0", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(0, 0)
		}},
		{name: "unreadable limit is ignored", method: "GET", path: "/todos", query: "limit=ten", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
		}},
		{name: "haskell integer syntax", method: "GET", path: "/todos", query: "limit=+(0x10)+", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(0, 16)
		}},
		{name: "last limit wins", method: "GET", path: "/todos", query: "limit=1&limit=5", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(0, 5)
		}},
		{name: "huge values saturate", method: "GET", path: "/todos", query: "offset=99999999999999999999999", want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = Range{Offset: 1 << 60}
		}},
		{name: "range header", method: "GET", path: "/todos", header: http.Header{"Range": {"0-9"}, "Range-Unit": {"items"}}, want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(0, 10)
		}},
		{name: "open range header", method: "GET", path: "/todos", header: http.Header{"Range": {"10-"}}, want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = Range{Offset: 10}
		}},
		{name: "range header intersects limit", method: "GET", path: "/todos", query: "limit=3", header: http.Header{"Range": {"0-1"}}, want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
			r.Range = limit(0, 2)
		}},
		{name: "range header is ignored on head", method: "HEAD", path: "/todos", header: http.Header{"Range": {"0-1"}}, want: func(r *Request) {
			*r = base("HEAD", todos, ActionRead)
		}},
		{name: "malformed range header is ignored", method: "GET", path: "/todos", header: http.Header{"Range": {"items=0-1"}}, want: func(r *Request) {
			*r = base("GET", todos, ActionRead)
		}},
		{name: "range header lower above upper", method: "GET", path: "/rpc/fn", header: http.Header{"Range": {"1-0"}},
			wantErr: &Error{Code: "PGRST103", Message: "Requested range not satisfiable",
				Details: "The lower boundary must be lower than or equal to the upper boundary in the Range header.", Status: 416}},
		{name: "negative limit", method: "GET", path: "/todos", query: "limit=-1",
			wantErr: &Error{Code: "PGRST103", Message: "Requested range not satisfiable", Details: "Limit should be greater than or equal to zero.", Status: 416}},
		{name: "limit zero with an offset", method: "GET", path: "/todos", query: "limit=0&offset=5",
			wantErr: &Error{Code: "PGRST103", Message: "Requested range not satisfiable", Details: "Limit should be greater than or equal to zero.", Status: 416}},
		{name: "limit on put", method: "PUT", path: "/todos", query: "id=eq.1&limit=1",
			wantErr: &Error{Code: "PGRST114", Message: "limit/offset querystring parameters are not allowed for PUT", Status: 400}},
		{name: "offset zero on put is no range", method: "PUT", path: "/todos", query: "offset=0", want: func(r *Request) {
			*r = base("PUT", todos, ActionUpsert)
		}},
		{name: "embedded ranges", method: "GET", path: "/clients", query: "projects.limit=2&projects.offset=1&projects.tasks.limit=1&projects.tasks.offset=-1",
			want: func(r *Request) {
				*r = base("GET", Resource{Kind: ResourceRelation, Name: "clients"}, ActionRead)
				r.EmbedRanges = []EmbedRange{
					{Path: []string{"projects"}, Range: limit(1, 2)},
					{Path: []string{"projects", "tasks"}, Range: limit(-1, 1)},
				}
			}},
		{name: "negative embedded limit is passed on", method: "GET", path: "/clients", query: "projects.limit=-1", want: func(r *Request) {
			*r = base("GET", Resource{Kind: ResourceRelation, Name: "clients"}, ActionRead)
			r.EmbedRanges = []EmbedRange{{Path: []string{"projects"}, Range: limit(0, -1)}}
		}},
		{name: "embedded ranges are dropped for mutations", method: "PATCH", path: "/todos", query: "tasks.limit=1&.limit=2", want: func(r *Request) {
			*r = base("PATCH", todos, ActionUpdate)
		}},
		{name: "bad embedded range key", method: "GET", path: "/todos", query: ".limit=2",
			wantErr: qpErr(`"failed to parse tree path (.limit)" (line 1, column 1)`, `unexpected "." expecting field name (* or [a..z0..9_$])`)},

		// Headers.
		{name: "prefer, accept and content type", method: "POST", path: "/todos",
			header: http.Header{
				"Prefer":       {"return=representation, tx=rollback", "timezone=UTC"},
				"Accept":       {"application/vnd.pgrst.object+json"},
				"Content-Type": {"text/csv"},
			},
			cfg: Config{TxAllowOverride: true, Timezones: func(n string) bool { return n == "UTC" }},
			want: func(r *Request) {
				*r = base("POST", todos, ActionCreate)
				r.Prefer = Preferences{Return: ReturnRepresentation, Tx: TxRollback, Timezone: "UTC"}
				r.Accept = []MediaType{{Kind: MediaSingular}}
				r.ContentType = MediaType{Kind: MediaCSV}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			header := tt.header
			if header == nil {
				header = http.Header{}
			}
			got, err := Parse(tt.method, tt.path, tt.query, header, tt.cfg)
			diff(t, tt.wantErr, asError(t, err))
			var want *Request
			if tt.want != nil {
				want = &Request{}
				tt.want(want)
			}
			// Params and Canonical are covered by TestParseParams.
			diff(t, want, got, cmpopts.IgnoreFields(Request{}, "Params"))
		})
	}
}

func TestParseParams(t *testing.T) {
	tests := []struct {
		name          string
		query         string
		wantParams    []Param
		wantCanonical string
		wantKeys      []string
	}{
		{name: "none", query: ""},
		{name: "sorted and merged", query: "b=eq.2&a=eq.1&a=eq.3&c",
			wantParams: []Param{{Key: "b", Value: "eq.2", HasValue: true}, {Key: "a", Value: "eq.1", HasValue: true},
				{Key: "a", Value: "eq.3", HasValue: true}, {Key: "c"}},
			wantCanonical: "a=eq.1,eq.3&b=eq.2&c=",
			wantKeys:      []string{"b", "a", "a"}},
		{name: "encoding", query: "select=id,name&name=eq.caf%C3%A9+x*",
			wantParams:    []Param{{Key: "select", Value: "id,name", HasValue: true}, {Key: "name", Value: "eq.café x*", HasValue: true}},
			wantCanonical: "name=eq.caf%C3%A9%20x%2A&select=id%2Cname",
			wantKeys:      []string{"name"}},
		{name: "reserved keys are not filter keys", query: "order=id&x.limit=1&or=(a.eq.1)&columns=a&on_conflict=a&id=eq.1",
			wantParams: []Param{{Key: "order", Value: "id", HasValue: true}, {Key: "x.limit", Value: "1", HasValue: true},
				{Key: "or", Value: "(a.eq.1)", HasValue: true}, {Key: "columns", Value: "a", HasValue: true},
				{Key: "on_conflict", Value: "a", HasValue: true}, {Key: "id", Value: "eq.1", HasValue: true}},
			wantCanonical: "columns=a&id=eq.1&on_conflict=a&or=%28a.eq.1%29&order=id&x.limit=1",
			wantKeys:      []string{"id"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Parse("POST", "/t", tt.query, http.Header{}, Config{})
			if err != nil {
				t.Fatal(err)
			}
			diff(t, tt.wantParams, got.Params)
			diff(t, tt.wantCanonical, got.Canonical())
			diff(t, tt.wantKeys, got.FilterKeys())
		})
	}
}

func TestProfileOf(t *testing.T) {
	h := http.Header{"Accept-Profile": {"a"}, "Content-Profile": {"c"}}
	tests := []struct {
		method string
		want   string
	}{
		{"GET", "a"}, {"HEAD", "a"}, {"OPTIONS", "a"}, {"POST", "c"}, {"PATCH", "c"}, {"PUT", "c"}, {"DELETE", "c"},
	}
	for _, tt := range tests {
		t.Run(tt.method, func(t *testing.T) {
			got, ok := ProfileOf(tt.method, h)
			diff(t, tt.want, got)
			diff(t, true, ok)
		})
	}
	if _, ok := ProfileOf("GET", http.Header{}); ok {
		t.Error("ProfileOf without a header reported a profile")
	}
}

func TestErrorJSON(t *testing.T) {
	tests := []struct {
		name string
		in   *Error
		want string
	}{
		{name: "with details", in: qpErr(`"failed to parse filter (0)" (line 1, column 1)`, `unexpected "0" expecting "not" or operator (eq, gt, ...)`),
			want: `{"code":"PGRST100","details":"unexpected \"0\" expecting \"not\" or operator (eq, gt, ...)","hint":null,"message":"\"failed to parse filter (0)\" (line 1, column 1)"}`},
		{name: "without details", in: invalidPathError(),
			want: `{"code":"PGRST125","details":null,"hint":null,"message":"Invalid path specified in request URL"}`},
		{name: "out of bounds", in: OutOfBoundsError(100, 15),
			want: `{"code":"PGRST103","details":"An offset of 100 was requested, but there are only 15 rows.","hint":null,"message":"Requested range not satisfiable"}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := json.Marshal(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			diff(t, tt.want, string(b))
		})
	}
	diff(t, "PGRST125: Invalid path specified in request URL", invalidPathError().Error())
	diff(t, "PGRST103: Requested range not satisfiable: Limit should be greater than or equal to zero.", negativeLimitError().Error())
}
