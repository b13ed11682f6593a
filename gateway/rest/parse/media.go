package parse

import (
	"math"
	"net/http"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// MediaKind is a media type PostgREST knows, or MediaOther.
type MediaKind uint8

const (
	MediaJSON          MediaKind = iota // application/json (also vnd.pgrst.array+json without nulls=stripped)
	MediaAny                            // */*
	MediaGeoJSON                        // application/geo+json
	MediaCSV                            // text/csv
	MediaTextPlain                      // text/plain
	MediaTextXML                        // text/xml
	MediaOpenAPI                        // application/openapi+json
	MediaURLEncoded                     // application/x-www-form-urlencoded
	MediaOctetStream                    // application/octet-stream
	MediaArrayStripped                  // application/vnd.pgrst.array+json;nulls=stripped
	MediaSingular                       // application/vnd.pgrst.object+json[;nulls=stripped]
	MediaPlan                           // application/vnd.pgrst.plan[+text|+json]
	MediaOther                          // anything else, kept in Other
)

// MediaType is a decoded media type from Accept or Content-Type. The zero
// value is application/json.
type MediaType struct {
	Kind MediaKind
	// StripNulls is set for application/vnd.pgrst.object+json;nulls=stripped.
	StripNulls bool
	// Other is the media type as sent, parameters included, for MediaOther.
	Other string
	// Plan describes an EXPLAIN request, for MediaPlan.
	Plan *Plan
}

// Plan is application/vnd.pgrst.plan: answer with the query plan instead
// of the rows. Only allowed when db-plan-enabled is set.
type Plan struct {
	For     MediaType    // the media type whose query to explain; default application/json
	JSON    bool         // +json: EXPLAIN (FORMAT JSON); otherwise text
	Options []PlanOption // in PostgREST's order: analyze, verbose, settings, buffers, wal
}

// PlanOption is an EXPLAIN option of a plan media type.
type PlanOption string

const (
	PlanAnalyze  PlanOption = "analyze"
	PlanVerbose  PlanOption = "verbose"
	PlanSettings PlanOption = "settings"
	PlanBuffers  PlanOption = "buffers"
	PlanWAL      PlanOption = "wal"
)

var mimes = map[MediaKind]string{
	MediaJSON:          "application/json",
	MediaAny:           "*/*",
	MediaGeoJSON:       "application/geo+json",
	MediaCSV:           "text/csv",
	MediaTextPlain:     "text/plain",
	MediaTextXML:       "text/xml",
	MediaOpenAPI:       "application/openapi+json",
	MediaURLEncoded:    "application/x-www-form-urlencoded",
	MediaOctetStream:   "application/octet-stream",
	MediaArrayStripped: "application/vnd.pgrst.array+json;nulls=stripped",
}

// Mime renders the media type as PostgREST does in headers and errors.
func (m MediaType) Mime() string {
	switch m.Kind {
	case MediaOther:
		return m.Other
	case MediaSingular:
		if m.StripNulls {
			return "application/vnd.pgrst.object+json;nulls=stripped"
		}
		return "application/vnd.pgrst.object+json"
	case MediaPlan:
		if m.Plan == nil {
			return "application/vnd.pgrst.plan+text; for=\"application/json\""
		}
		format := "text"
		if m.Plan.JSON {
			format = "json"
		}
		s := "application/vnd.pgrst.plan+" + format + "; for=\"" + m.Plan.For.Mime() + "\""
		if len(m.Plan.Options) > 0 {
			opts := make([]string, len(m.Plan.Options))
			for i, o := range m.Plan.Options {
				opts[i] = string(o)
			}
			s += "; options=" + strings.Join(opts, "|")
		}
		return s
	}
	return mimes[m.Kind]
}

// ContentType is the Content-Type header value for a response of this
// media type: the mime with "; charset=utf-8", except for octet streams and
// media types PostgREST does not know.
func (m MediaType) ContentType() string {
	if m.Kind == MediaOctetStream || m.Kind == MediaOther {
		return m.Mime()
	}
	return m.Mime() + "; charset=utf-8"
}

// ParseMediaType decodes one media type (PostgREST's decodeMediaType).
// Type and subtype are case-insensitive, parameter names too; anything
// unrecognised is MediaOther. It never fails.
func ParseMediaType(s string) MediaType {
	mediaMemo.RLock()
	mt, ok := mediaMemo.m[s]
	mediaMemo.RUnlock()
	if ok {
		return mt
	}
	mt = parseMediaType(s)
	if len(s) <= maxMemoMedia {
		mediaMemo.Lock()
		if len(mediaMemo.m) >= maxMemoMediaTypes {
			clear(mediaMemo.m)
		}
		mediaMemo.m[s] = mt
		mediaMemo.Unlock()
	}
	return mt
}

// mediaMemo remembers decoded media types: clients send the same few
// Accept and Content-Type values over and over. The values are shared, so
// a MediaType's Plan must not be modified.
var mediaMemo = struct {
	sync.RWMutex
	m map[string]MediaType
}{m: map[string]MediaType{}}

const (
	maxMemoMedia      = 256 // longer values are decoded every time
	maxMemoMediaTypes = 512 // the memo starts over beyond this
)

func parseMediaType(s string) MediaType {
	// PostgREST decodes header bytes as Latin-1.
	rs := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		rs[i] = rune(s[i])
	}
	return decodeMediaType(string(rs))
}

func decodeMediaType(s string) MediaType {
	main, sub, params := s, "", map[string]string{}
	if mt, perr := run(pMediaType, s); perr == nil {
		main, sub = mt.main, mt.sub
		for _, kv := range mt.params {
			params[strings.ToLower(kv[0])] = kv[1]
		}
	}
	strip := params["nulls"] == "stripped"
	plan := func(json bool) MediaType {
		forType := "application/json"
		if f, ok := params["for"]; ok {
			forType = f
		}
		p := &Plan{For: decodeMediaType(forType), JSON: json}
		opts := strings.Split(params["options"], "|")
		for _, o := range []PlanOption{PlanAnalyze, PlanVerbose, PlanSettings, PlanBuffers, PlanWAL} {
			for _, given := range opts {
				if given == string(o) {
					p.Options = append(p.Options, o)
					break
				}
			}
		}
		return MediaType{Kind: MediaPlan, Plan: p}
	}
	name := strings.ToLower(main) + "/" + strings.ToLower(sub)
	if kind, ok := plainMedia[name]; ok {
		return MediaType{Kind: kind}
	}
	switch name {
	case "application/vnd.pgrst.plan", "application/vnd.pgrst.plan+text":
		return plan(false)
	case "application/vnd.pgrst.plan+json":
		return plan(true)
	case "application/vnd.pgrst.object+json", "application/vnd.pgrst.object":
		return MediaType{Kind: MediaSingular, StripNulls: strip}
	case "application/vnd.pgrst.array+json", "application/vnd.pgrst.array":
		if strip {
			return MediaType{Kind: MediaArrayStripped}
		}
		return MediaType{Kind: MediaJSON}
	}
	return MediaType{Kind: MediaOther, Other: s}
}

// plainMedia are the media types that take no parameters into account,
// by their lower-case type/subtype.
var plainMedia = map[string]MediaKind{
	"application/json":                  MediaJSON,
	"application/geo+json":              MediaGeoJSON,
	"text/csv":                          MediaCSV,
	"text/plain":                        MediaTextPlain,
	"text/xml":                          MediaTextXML,
	"application/openapi+json":          MediaOpenAPI,
	"application/x-www-form-urlencoded": MediaURLEncoded,
	"application/octet-stream":          MediaOctetStream,
	"*/*":                               MediaAny,
}

type mediaTokens struct {
	main, sub string
	params    [][2]string
}

// pMediaType is PostgREST's tokenizeMediaType: type/subtype and
// ;key=value parameters, values bare or double-quoted. Like PostgREST it
// stops at the first thing it does not understand.
var pMediaType = func() parser[mediaTokens] {
	runes := func(rs []rune) string { return string(rs) }
	quoted := seqR(char('"'), manyTill(anyChar, char('"')))
	unquoted := many1(alt(alphaNum, oneOf("|-")))
	keyVal := bind(many1(alt(alphaNum, oneOf("-"))), func(key []rune) parser[[2]string] {
		return seqR(spaces, seqR(char('='), seqR(spaces,
			mapP(alt(try(quoted), try(unquoted)), func(v []rune) [2]string { return [2]string{string(key), string(v)} }))))
	})
	param := try(seqR(spaces, seqR(char(';'), seqR(spaces, keyVal))))
	trailing := option(unit{}, void(try(seqR(spaces, char(';')))))
	return bind(mapP(many1(alt(alphaNum, oneOf(".*"))), runes), func(main string) parser[mediaTokens] {
		return seqR(char('/'), bind(mapP(many1(alt(alphaNum, oneOf(".*+-"))), runes), func(sub string) parser[mediaTokens] {
			return bind(many(param), func(params [][2]string) parser[mediaTokens] {
				return constP(trailing, mediaTokens{main, sub, params})
			})
		}))
	})
}()

// manyTill is parsec's manyTill: p repeatedly until end succeeds. It loops
// rather than recursing like parsec's, so a long header costs no stack.
func manyTill[T, E any](p parser[T], end parser[E]) parser[[]T] {
	return func(s pstate) reply[[]T] {
		var xs []T
		consumed := false
		for {
			re := end(s)
			if re.ok {
				return reply[[]T]{val: xs, st: re.st, err: re.err, ok: true, consumed: consumed || re.consumed}
			}
			if re.consumed {
				return fail[[]T](true, re.err)
			}
			rp := p(s)
			if !rp.ok || !rp.consumed {
				if s.quiet {
					return fail[[]T](consumed || rp.consumed, rp.err)
				}
				return fail[[]T](consumed || rp.consumed, mergeErr(re.err, rp.err))
			}
			xs = append(xs, rp.val)
			s = rp.st
			consumed = true
		}
	}
}

// ParseAccept reads the Accept header into media types, most preferred
// first, as PostgREST does with wai-extra's parseHttpAccept: entries are
// ordered by q-value, then by specificity (more parameters, fewer
// wildcards), then as sent; q=0 entries are kept. Without an Accept header
// the answer is */*; an empty one accepts nothing. Only the first Accept
// header counts.
func ParseAccept(h http.Header) []MediaType {
	vs := h.Values("Accept")
	if len(vs) == 0 {
		return []MediaType{{Kind: MediaAny}}
	}
	accept := vs[0]
	type entry struct {
		mt   string
		q    float64
		spec int
	}
	var entries []entry
	if accept != "" {
		for part := range strings.SplitSeq(accept, ",") {
			part = strings.ReplaceAll(part, " ", "")
			mt, q := part, 1.0
			if i := strings.Index(part, ";q="); i >= 0 {
				mt = part[:i]
				qs := part[i+3:]
				if j := strings.IndexByte(qs, ';'); j >= 0 {
					qs = qs[:j]
				}
				q = readDouble(qs)
			}
			entries = append(entries, entry{mt, q, strings.Count(mt, ";") - strings.Count(mt, "*")})
		}
	}
	sort.SliceStable(entries, func(i, j int) bool {
		a, b := entries[i], entries[j]
		if c := compareDouble(b.q, a.q); c != 0 {
			return c < 0
		}
		return b.spec < a.spec
	})
	out := make([]MediaType, len(entries))
	for i, e := range entries {
		out[i] = ParseMediaType(e.mt)
	}
	return out
}

// compareDouble is Haskell's compare on Double: NaN is greater than
// everything, itself included.
func compareDouble(x, y float64) int {
	switch {
	case x < y:
		return -1
	case x == y:
		return 0
	}
	return 1
}

// readDouble is what Haskell's reads gives a q-value: the longest number
// at the start of s, or 1 when there is none.
func readDouble(s string) float64 {
	neg := strings.HasPrefix(s, "-")
	rest := strings.TrimPrefix(s, "-")
	for _, word := range []string{"NaN", "Infinity"} {
		if after, ok := strings.CutPrefix(rest, word); ok && (after == "" || !isIdentChar(after[0])) {
			v := math.NaN()
			if word == "Infinity" {
				v = math.Inf(1)
			}
			if neg {
				v = -v
			}
			return v
		}
	}
	end := 0
	digits := func() int {
		n := 0
		for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
			end++
			n++
		}
		return n
	}
	if digits() == 0 {
		return 1
	}
	if end+1 < len(rest) && rest[end] == '.' && rest[end+1] >= '0' && rest[end+1] <= '9' {
		end++
		digits()
	}
	if end < len(rest) && (rest[end] == 'e' || rest[end] == 'E') {
		save := end
		end++
		if end < len(rest) && (rest[end] == '+' || rest[end] == '-') {
			end++
		}
		if digits() == 0 {
			end = save
		}
	}
	v, err := strconv.ParseFloat(rest[:end], 64)
	if err != nil && !math.IsInf(v, 0) {
		return 1
	}
	if neg {
		v = -v
	}
	return v
}

func isIdentChar(c byte) bool {
	return c == '_' || c == '\'' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// Negotiate picks the media type of the response from the Accept list
// (most preferred first) among the handlers PostgREST has built in: JSON
// (also for */*), CSV, GeoJSON, the singular and null-stripping vendor
// types, and plans when planEnabled (db-plan-enabled). It returns the
// media type to answer with, or a 406 PGRST107 error. Handlers defined in
// the database (media-type domains) are for the planner to look up first.
func Negotiate(accepts []MediaType, planEnabled bool) (MediaType, error) {
	builtin := func(m MediaType) (MediaType, bool) {
		switch m.Kind {
		case MediaAny, MediaJSON:
			return MediaType{Kind: MediaJSON}, true
		case MediaCSV, MediaGeoJSON:
			return MediaType{Kind: m.Kind}, true
		}
		return MediaType{}, false
	}
	for _, m := range accepts {
		switch m.Kind {
		case MediaSingular, MediaArrayStripped:
			return m, nil
		case MediaPlan:
			if !planEnabled || m.Plan == nil {
				continue
			}
			switch m.Plan.For.Kind {
			case MediaSingular, MediaArrayStripped:
				return m, nil
			}
			if _, ok := builtin(m.Plan.For); ok {
				return m, nil
			}
		default:
			if mt, ok := builtin(m); ok {
				return mt, nil
			}
		}
	}
	return MediaType{}, mediaTypeError(accepts)
}

// NegotiateRoot is Negotiate for the root endpoint, which only produces
// the OpenAPI document (for application/openapi+json, application/json
// or */*).
func NegotiateRoot(accepts []MediaType) (MediaType, error) {
	for _, m := range accepts {
		switch m.Kind {
		case MediaOpenAPI, MediaJSON, MediaAny:
			return MediaType{Kind: MediaOpenAPI}, nil
		}
	}
	return MediaType{}, mediaTypeError(accepts)
}
