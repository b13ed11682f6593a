package parse

import (
	"net/http"
	"regexp"
	"strings"
)

// Range is a window of rows: skip Offset rows, then return at most Limit
// of them when HasLimit is set, all the rest otherwise. The zero value is
// every row.
//
// Limit can be zero (limit=0 returns no rows) and, on embedded resources,
// negative: PostgREST passes "rel.limit=-1" on as LIMIT -1 and lets
// PostgreSQL reject it. Offset can be negative the same way. Values beyond
// ±2^60 are clamped; PostgreSQL would reject them anyway.
type Range struct {
	Offset   int64
	Limit    int64
	HasLimit bool
}

// EmbedRange is the limit/offset of an embedded resource, from
// "rel.limit=" and "rel.offset=" parameters.
type EmbedRange struct {
	Path  []string
	Range Range
}

// The rest of this file reproduces PostgREST's RangeQuery.hs, which builds
// on Data.Ranged: ranges of integers bounded by boundaries that sit just
// below or just above a value. Reproducing it, rather than computing an
// offset and a limit directly, keeps the corner cases: "limit=abc" is
// ignored, "limit=0&offset=5" is a 416, the Range header intersects
// limit/offset.

type boundKind uint8

const (
	belowAll boundKind = iota
	below              // just below v: v is inside a lower bound
	above              // just above v: v is inside an upper bound
	aboveAll
)

type boundary struct {
	kind boundKind
	v    int64
}

// rangeClamp keeps 2v±1 inside int64.
const rangeClamp = 1 << 60

func clampRange(v int64) int64 { return max(-rangeClamp, min(rangeClamp, v)) }

// compare orders boundaries; "just above v" equals "just below v+1", as
// for any discrete type in Data.Ranged.
func (b boundary) compare(c boundary) int {
	cut := func(b boundary) int64 {
		switch b.kind {
		case belowAll:
			return -4 * rangeClamp
		case below:
			return 2*b.v - 1
		case above:
			return 2*b.v + 1
		}
		return 4 * rangeClamp
	}
	x, y := cut(b), cut(c)
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// hsMax and hsMin are Haskell's max and min, which pick a side on ties;
// the boundary's constructor matters to rangeLimit and rangeOffset.
func hsMax(x, y boundary) boundary {
	if x.compare(y) <= 0 {
		return y
	}
	return x
}

func hsMin(x, y boundary) boundary {
	if x.compare(y) <= 0 {
		return x
	}
	return y
}

type nonnegRange struct{ lower, upper boundary }

var (
	allRange       = rangeGeq(0)
	emptyRange     = nonnegRange{boundary{aboveAll, 0}, boundary{belowAll, 0}}
	limitZeroRange = nonnegRange{boundary{below, 0}, boundary{above, -1}}
)

func rangeGeq(n int64) nonnegRange {
	return nonnegRange{boundary{below, clampRange(n)}, boundary{aboveAll, 0}}
}

func rangeLeq(n int64) nonnegRange {
	return nonnegRange{boundary{belowAll, 0}, boundary{above, clampRange(n)}}
}

func (r nonnegRange) empty() bool { return r.upper.compare(r.lower) <= 0 }

func (r nonnegRange) equal(s nonnegRange) bool {
	return (r.empty() && s.empty()) || (r.lower.compare(s.lower) == 0 && r.upper.compare(s.upper) == 0)
}

func (r nonnegRange) intersect(s nonnegRange) nonnegRange {
	if r.empty() || s.empty() {
		return emptyRange
	}
	return nonnegRange{hsMax(r.lower, s.lower), hsMin(r.upper, s.upper)}
}

// offset is rangeOffset. PostgREST panics on a range without a lower
// bound; only emptyRange has none and it never gets this far.
func (r nonnegRange) offset() int64 {
	if r.lower.kind == below {
		return r.lower.v
	}
	return 0
}

func (r nonnegRange) limit() (int64, bool) {
	if r.lower.kind == below && r.upper.kind == above {
		return 1 + r.upper.v - r.lower.v, true
	}
	return 0, false
}

func (r nonnegRange) hasLimitZero() bool {
	return r.upper.compare(limitZeroRange.upper) == 0
}

// restrict is restrictRange (Just limit).
func (r nonnegRange) restrict(limit int64) nonnegRange {
	return r.intersect(rangeLeq(clampRange(r.offset() + clampRange(limit) - 1)))
}

func (r nonnegRange) export() Range {
	l, ok := r.limit()
	if !ok && r.upper.kind == belowAll {
		ok = true
	}
	return Range{Offset: r.offset(), Limit: l, HasLimit: ok}
}

// parseRanges collects limit and offset parameters by key, as PostgREST's
// qsRanges: the last value of a key wins, an unreadable number is ignored
// (the range stays unbounded), and an offset is keyed as the limit of the
// same path so the two combine.
func (q *queryParams) parseRanges(params []Param) {
	limits := make(map[string]nonnegRange)
	offsets := make(map[string]nonnegRange)
	seen := func(key string) {
		if _, ok := limits[key]; ok {
			return
		}
		if _, ok := offsets[key]; ok {
			return
		}
		q.rangeKeys = append(q.rangeKeys, key)
	}
	for _, p := range params {
		switch {
		case !p.HasValue:
		case endsIn(p.Key, "limit"):
			seen(p.Key)
			r := allRange
			if n, ok := readInteger(p.Value); ok {
				r = r.restrict(n)
			}
			limits[p.Key] = r
		case endsIn(p.Key, "offset"):
			key := p.Key[:len(p.Key)-len("offset")] + "limit"
			seen(key)
			r := allRange
			if n, ok := readInteger(p.Value); ok {
				r = rangeGeq(n)
			}
			offsets[key] = r
		}
	}
	for _, k := range q.rangeKeys {
		rl, hasLimit := limits[k]
		ro, hasOffset := offsets[k]
		switch {
		case hasLimit && hasOffset:
			l, _ := rl.limit()
			o := ro.offset()
			q.ranges[k] = nonnegRange{boundary{below, o}, boundary{above, clampRange(o + l - 1)}}
		case hasLimit:
			q.ranges[k] = rl
		default:
			q.ranges[k] = ro
		}
	}
}

var rangeHeaderRE = regexp.MustCompile(`^([0-9]+)-([0-9]*)$`)

// headerRange is rangeRequested: the first Range header, "from-[to]";
// anything else is ignored.
func headerRange(h http.Header) nonnegRange {
	vs := h.Values("Range")
	if len(vs) == 0 {
		return allRange
	}
	m := rangeHeaderRE.FindStringSubmatch(vs[0])
	if m == nil {
		return allRange
	}
	lower, _ := readInteger(m[1])
	upper := allRange
	if u, ok := readInteger(m[2]); ok {
		upper = rangeLeq(u)
	}
	return rangeGeq(lower).intersect(upper)
}

// topLevelRange is getRanges: the root's range is limit/offset intersected
// with the Range header (GET only, per RFC 9110), except that limit=0
// always means no rows.
func topLevelRange(method string, q *queryParams, h http.Header) (nonnegRange, *Error) {
	hdr := allRange
	if method == http.MethodGet {
		hdr = headerRange(h)
	}
	limitRange, ok := q.ranges["limit"]
	if !ok {
		limitRange = allRange
	}
	top := hdr.intersect(limitRange)
	if limitRange.hasLimitZero() {
		top = limitZeroRange
	}
	if top.equal(emptyRange) && !limitRange.hasLimitZero() {
		if hdr.empty() {
			return top, lowerGTUpperError()
		}
		return top, negativeLimitError()
	}
	if method == http.MethodPut && !top.equal(allRange) {
		return top, putLimitError()
	}
	return top, nil
}

// embedRanges resolves the keys of the non-root ranges to embed paths, as
// PostgREST's addRanges does. A key whose path is empty but which is not
// "limit" ("a->b.limit" reads as the root) is dropped: PostgREST would
// apply it to the root in hash-map order against the real one.
func embedRanges(q *queryParams) ([]EmbedRange, *Error) {
	var out []EmbedRange
	for _, k := range q.rangeKeys {
		if k == "limit" {
			continue
		}
		tp, err := parseTreePath(k)
		if err != nil {
			return nil, err
		}
		if len(tp.path) == 0 {
			continue
		}
		out = append(out, EmbedRange{Path: tp.path, Range: q.ranges[k].export()})
	}
	return out, nil
}

// readInteger is Haskell's readMaybe for Integer: surrounding white space,
// parentheses, a '-' sign and 0x/0o prefixes are accepted; fractions and
// exponents are not. The result saturates at ±2^60.
func readInteger(s string) (int64, bool) {
	sat, _, ok := readHsInteger(s)
	return sat, ok
}

// readInt64 is readMaybe for Int64, which wraps around on overflow.
func readInt64(s string) (int64, bool) {
	_, wrapped, ok := readHsInteger(s)
	return wrapped, ok
}

func readHsInteger(s string) (saturated, wrapped int64, ok bool) {
	s = hsStrip(s)
	for strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		s = hsStrip(s[1 : len(s)-1])
	}
	neg := false
	if rest, found := strings.CutPrefix(s, "-"); found {
		neg, s = true, hsStrip(rest)
	}
	base := uint64(10)
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			base, s = 16, s[2:]
		case 'o', 'O':
			base, s = 8, s[2:]
		}
	}
	if s == "" {
		return 0, 0, false
	}
	var wrap uint64
	var sat int64
	for i := 0; i < len(s); i++ {
		d := uint64(16)
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			d = uint64(c - '0')
		case 'a' <= c && c <= 'f':
			d = uint64(c-'a') + 10
		case 'A' <= c && c <= 'F':
			d = uint64(c-'A') + 10
		}
		if d >= base {
			return 0, 0, false
		}
		wrap = wrap*base + d
		if sat < rangeClamp/int64(base) {
			sat = min(sat*int64(base)+int64(d), rangeClamp)
		} else {
			sat = rangeClamp
		}
	}
	if neg {
		return -sat, int64(-wrap), true
	}
	return sat, int64(wrap), true
}
