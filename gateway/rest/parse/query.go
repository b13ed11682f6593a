package parse

import (
	"sort"
	"strings"
	"unicode/utf8"
)

// Param is one query-string parameter after percent-decoding, in the order
// of the query string. HasValue is false for a bare key ("?flag"), which
// PostgREST ignores everywhere except in Canonical.
type Param struct {
	Key      string
	Value    string
	HasValue bool
}

// Arg is an argument of a GET or HEAD /rpc call, taken from a query
// parameter whose value is not an operator expression. Name is the last
// segment of the parameter key. Repeated names are kept in order: the
// planner passes the last one, or all of them to a VARIADIC parameter.
type Arg struct {
	Name  string
	Value string
}

// splitQuery splits a raw query string (without the leading '?') the way
// http-types' parseQueryReplacePlus does: pairs are separated by '&' or
// ';', '+' is a space, and invalid percent escapes are kept as they are.
func splitQuery(raw string) ([]Param, *Error) {
	var params []Param
	for raw != "" {
		pair := raw
		if i := strings.IndexAny(raw, "&;"); i >= 0 {
			pair, raw = raw[:i], raw[i+1:]
		} else {
			raw = ""
		}
		k, v, hasValue := strings.Cut(pair, "=")
		p := Param{Key: urlDecode(k), Value: urlDecode(v), HasValue: hasValue}
		if !utf8.ValidString(p.Key) || !utf8.ValidString(p.Value) {
			return nil, invalidUTF8Error(strings.ToValidUTF8(p.Key, "\uFFFD"))
		}
		params = append(params, p)
	}
	return params, nil
}

func urlDecode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+':
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// canonical is PostgREST's qsCanonical, used for Content-Location: the
// parameters sorted by key (stably), repeated keys merged into one with
// their values joined by ',', each part percent-encoded.
//
// PostgREST percent-encodes the UTF-8 encoding of each byte's Latin-1
// reading, so "é" comes out as %C3%83%C2%A9; we encode the bytes once
// (%C3%A9).
func canonical(params []Param) string {
	sorted := append([]Param(nil), params...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Key < sorted[j].Key })
	var b strings.Builder
	for i, p := range sorted {
		if i > 0 && sorted[i-1].Key == p.Key {
			// The stable sort keeps a key's values together and in order.
			b.WriteByte(',')
		} else {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(urlEncode(p.Key))
			b.WriteByte('=')
		}
		b.WriteString(urlEncode(p.Value))
	}
	return b.String()
}

func urlEncode(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0 {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// queryParams is PostgREST's QueryParams: the query string classified and
// parsed.
type queryParams struct {
	selects    []SelectItem
	filters    []Filter
	args       []Arg
	logic      []Logic
	order      []Order
	columns    []string
	onConflict []string
	// ranges holds the limit/offset ranges by key, offsets keyed as the
	// limit of the same path ("rel.offset" under "rel.limit"), in order of
	// first appearance.
	ranges    map[string]nonnegRange
	rangeKeys []string
}

// reservedEmbeddable are the parameters that may be prefixed with an embed
// path: PostgREST classifies a key by its last dot-separated segment.
var reservedEmbeddable = []string{"order", "limit", "offset", "and", "or"}

func lastSegment(key string) string {
	return key[strings.LastIndexByte(key, '.')+1:]
}

func endsIn(key string, words ...string) bool {
	last := lastSegment(key)
	for _, w := range words {
		if last == w {
			return true
		}
	}
	return false
}

// parseQuery classifies and parses the parameters as PostgREST's
// QueryParams.parse does, reporting the first error in PostgREST's order:
// order parameters, logic trees, columns, select, filters, on_conflict,
// each in query-string order. rpcRead selects the rules of GET and HEAD
// /rpc calls, where parameters that are not operator expressions are
// arguments.
func parseQuery(params []Param, rpcRead bool) (*queryParams, *Error) {
	q := &queryParams{ranges: make(map[string]nonnegRange)}

	// lookup is PostgREST's lookupParam: the first parameter with the key,
	// even when that one has no value.
	lookup := func(key string) (string, bool) {
		for _, p := range params {
			if p.Key == key {
				return p.Value, p.HasValue
			}
		}
		return "", false
	}

	for _, p := range params {
		if p.HasValue && endsIn(p.Key, "order") {
			o, err := parseOrder(p.Key, p.Value)
			if err != nil {
				return nil, err
			}
			q.order = append(q.order, o)
		}
	}
	for _, p := range params {
		if p.HasValue && endsIn(p.Key, "and", "or") {
			l, err := parseLogic(p.Key, p.Value)
			if err != nil {
				return nil, err
			}
			q.logic = append(q.logic, l)
		}
	}
	if cols, ok := lookup("columns"); ok {
		names, perr := run(pColumns, cols)
		if perr != nil {
			return nil, queryParamError("failed to parse columns parameter ("+cols+")", *perr)
		}
		q.columns = names
	}
	sel, ok := lookup("select")
	if !ok {
		sel = "*"
	}
	items, err := parseSelect(sel)
	if err != nil {
		return nil, err
	}
	q.selects = items
	for _, p := range params {
		if !p.HasValue || endsIn(p.Key, reservedEmbeddable...) || p.Key == "select" || p.Key == "columns" || p.Key == "on_conflict" {
			continue
		}
		tp, err := parseTreePath(p.Key)
		if err != nil {
			return nil, err
		}
		expr := pTableOpExpr
		if rpcRead {
			expr = pRPCOpExpr
		}
		var e rpcOpExpr
		if f, ok := fastFilter(p.Value); ok {
			e.filter = f
		} else {
			var perr *perror
			if e, perr = run(expr, p.Value); perr != nil {
				return nil, queryParamError("failed to parse filter ("+p.Value+")", *perr)
			}
		}
		if e.arg {
			q.args = append(q.args, Arg{Name: tp.field.Name, Value: p.Value})
			continue
		}
		f := e.filter
		f.Path, f.Field = tp.path, tp.field
		q.filters = append(q.filters, f)
	}
	if oc, ok := lookup("on_conflict"); ok {
		names, perr := run(pColumns, oc)
		if perr != nil {
			return nil, queryParamError("failed to parse on_conflict parameter ("+oc+")", *perr)
		}
		q.onConflict = names
	}
	q.parseRanges(params)
	return q, nil
}
