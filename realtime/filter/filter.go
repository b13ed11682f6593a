// Package filter parses the filter of a postgres_changes subscription and
// matches rows against it.
//
// The grammar is what realtime-js's RealtimePostgresFilterBuilder emits:
// conditions joined by ',' (AND), each "column=op.value" or
// "column=not.op.value":
//
//	user_id=eq.5
//	status=in.(open,"in progress")
//	title=ilike.*milk*,done=is.false
//
// Operators: eq neq lt lte gt gte in like ilike is match imatch isdistinct.
// Values holding , ( ) " \ or edge spaces are double-quoted with \ escapes.
//
// Matching follows SQL's three-valued logic: a comparison with NULL is
// unknown and an unknown condition does not match (also under not.).
// Values compare by the column's type: numbers numerically, timestamps and
// dates as instants, booleans and UUIDs by value, everything else by bytes
// (so lt/gt on text use byte order, like COLLATE "C").
package filter

import (
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"strings"
	"time"

	"daybase/realtime/pgjson"
)

// ErrSyntax wraps every parse failure.
var ErrSyntax = errors.New("invalid filter")

// Op is a comparison operator.
type Op string

// Operators.
const (
	Eq         Op = "eq"
	Neq        Op = "neq"
	Lt         Op = "lt"
	Lte        Op = "lte"
	Gt         Op = "gt"
	Gte        Op = "gte"
	In         Op = "in"
	Like       Op = "like"
	ILike      Op = "ilike"
	Is         Op = "is"
	Match      Op = "match"
	IMatch     Op = "imatch"
	IsDistinct Op = "isdistinct"
)

var ops = map[string]Op{
	"eq": Eq, "neq": Neq, "lt": Lt, "lte": Lte, "gt": Gt, "gte": Gte, "in": In,
	"like": Like, "ilike": ILike, "is": Is, "match": Match, "imatch": IMatch, "isdistinct": IsDistinct,
}

// Condition is one column test.
type Condition struct {
	Column string
	Op     Op
	Not    bool
	Value  string   // all operators but In; for Is: null, true, false or unknown
	Null   bool     // the value is the unquoted literal null (isdistinct.null means IS DISTINCT FROM NULL)
	Values []string // In
	re     *regexp.Regexp
}

// Filter is a conjunction of conditions; the zero Filter matches every row.
type Filter []Condition

// Parse parses a filter string; "" gives an empty filter.
func Parse(s string) (Filter, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	parts, err := splitTop(s, ',')
	if err != nil {
		return nil, err
	}
	var f Filter
	for _, p := range parts {
		c, err := parseCondition(p)
		if err != nil {
			return nil, err
		}
		f = append(f, c)
	}
	return f, nil
}

func parseCondition(s string) (Condition, error) {
	col, rest, ok := strings.Cut(s, "=")
	col = strings.TrimSpace(col)
	if !ok || col == "" {
		return Condition{}, fmt.Errorf("%w: %q is not column=operator.value", ErrSyntax, s)
	}
	c := Condition{Column: col}
	if strings.HasPrefix(rest, "not.") {
		c.Not = true
		rest = rest[len("not."):]
	}
	name, val, ok := strings.Cut(rest, ".")
	op, known := ops[name]
	if !ok || !known {
		return Condition{}, fmt.Errorf("%w: unknown operator in %q (use eq, neq, lt, lte, gt, gte, in, like, ilike, is, match, imatch or isdistinct)", ErrSyntax, s)
	}
	c.Op = op
	switch op {
	case In:
		if len(val) < 2 || val[0] != '(' || val[len(val)-1] != ')' {
			return Condition{}, fmt.Errorf("%w: in needs a list like in.(1,2) in %q", ErrSyntax, s)
		}
		items, err := splitTop(val[1:len(val)-1], ',')
		if err != nil {
			return Condition{}, err
		}
		for _, it := range items {
			v, _, err := unquote(it)
			if err != nil {
				return Condition{}, err
			}
			c.Values = append(c.Values, v)
		}
		return c, nil
	case Is:
		switch strings.ToLower(val) {
		case "null", "true", "false", "unknown":
			c.Value = strings.ToLower(val)
			return c, nil
		}
		return Condition{}, fmt.Errorf("%w: is takes null, true, false or unknown in %q", ErrSyntax, s)
	}
	v, quoted, err := unquote(val)
	if err != nil {
		return Condition{}, err
	}
	c.Value = v
	c.Null = !quoted && v == "null"
	switch op {
	case Like, ILike:
		c.re, err = likeRegexp(v, op == ILike)
	case Match, IMatch:
		pat := v
		if op == IMatch {
			pat = "(?i)" + pat
		}
		c.re, err = regexp.Compile(pat)
	}
	if err != nil {
		return Condition{}, fmt.Errorf("%w: bad pattern in %q: %v", ErrSyntax, s, err)
	}
	return c, nil
}

// splitTop splits s on sep outside double quotes and parentheses.
func splitTop(s string, sep byte) ([]string, error) {
	var parts []string
	depth, start := 0, 0
	inQuote := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote && c == '\\':
			i++
		case c == '"':
			inQuote = !inQuote
		case inQuote:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth < 0 {
				return nil, fmt.Errorf("%w: unbalanced ) in %q", ErrSyntax, s)
			}
		case c == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	if inQuote || depth != 0 {
		return nil, fmt.Errorf("%w: unbalanced quotes or parentheses in %q", ErrSyntax, s)
	}
	return append(parts, s[start:]), nil
}

// unquote removes PostgREST-style double quotes and \ escapes.
func unquote(s string) (string, bool, error) {
	if len(s) == 0 || s[0] != '"' {
		return s, false, nil
	}
	if len(s) < 2 || s[len(s)-1] != '"' {
		return "", false, fmt.Errorf("%w: unterminated quoted value %q", ErrSyntax, s)
	}
	var b strings.Builder
	body := s[1 : len(s)-1]
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c == '\\' && i+1 < len(body) {
			i++
			c = body[i]
		} else if c == '"' {
			return "", false, fmt.Errorf("%w: stray quote in %q", ErrSyntax, s)
		}
		b.WriteByte(c)
	}
	return b.String(), true, nil
}

// likeRegexp translates a LIKE pattern (% and _, \ escapes; * is accepted
// for % as in PostgREST URLs).
func likeRegexp(p string, fold bool) (*regexp.Regexp, error) {
	var b strings.Builder
	if fold {
		b.WriteString("(?i)")
	}
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(p); i++ {
		switch c := p[i]; c {
		case '%', '*':
			b.WriteString(".*")
		case '_':
			b.WriteString(".")
		case '\\':
			if i+1 < len(p) {
				i++
				b.WriteString(regexp.QuoteMeta(p[i : i+1]))
			}
		default:
			b.WriteString(regexp.QuoteMeta(p[i : i+1]))
		}
	}
	b.WriteString(`\z`)
	return regexp.Compile(b.String())
}

// Columns lists the columns the filter reads.
func (f Filter) Columns() []string {
	var cols []string
	for _, c := range f {
		cols = append(cols, c.Column)
	}
	return cols
}

// Row gives a row's values to Match.
type Row interface {
	// Value returns a column's text value, whether it is NULL, its type,
	// and false when the row has no such column.
	Value(column string) (text string, null bool, typ *pgjson.Type, ok bool)
}

// Match reports whether row satisfies every condition. A condition on a
// column the row lacks does not match.
func (f Filter) Match(row Row) bool {
	for i := range f {
		if f[i].eval(row) != yes {
			return false
		}
	}
	return true
}

type tri int8

const (
	no      tri = 0
	yes     tri = 1
	unknown tri = -1
)

func triOf(b bool) tri {
	if b {
		return yes
	}
	return no
}

func (c *Condition) eval(row Row) tri {
	v, null, typ, ok := row.Value(c.Column)
	if !ok {
		return no
	}
	r := c.test(v, null, typ)
	if c.Not && r != unknown {
		r = 1 - r
	}
	return r
}

func (c *Condition) test(v string, null bool, typ *pgjson.Type) tri {
	switch c.Op {
	case Is:
		switch c.Value {
		case "null":
			return triOf(null)
		case "unknown":
			return triOf(null)
		case "true", "false":
			if null {
				return no
			}
			b, ok := parseBool(v)
			return triOf(ok && b == (c.Value == "true"))
		}
		return no
	case IsDistinct:
		if null || c.Null {
			return triOf(null != c.Null)
		}
		return triOf(compare(v, c.Value, typ) != 0)
	}
	if null {
		return unknown
	}
	switch c.Op {
	case In:
		for _, want := range c.Values {
			if compare(v, want, typ) == 0 {
				return yes
			}
		}
		return no
	case Like, ILike, Match, IMatch:
		return triOf(c.re.MatchString(v))
	}
	d := compare(v, c.Value, typ)
	switch c.Op {
	case Eq:
		return triOf(d == 0)
	case Neq:
		return triOf(d != 0)
	case Lt:
		return triOf(d < 0)
	case Lte:
		return triOf(d <= 0)
	case Gt:
		return triOf(d > 0)
	case Gte:
		return triOf(d >= 0)
	}
	return no
}

// compare orders a column value and a filter literal by the column's type,
// falling back to byte order when either does not parse as that type.
func compare(v, lit string, typ *pgjson.Type) int {
	if typ != nil {
		switch {
		case typ.Kind == pgjson.Number:
			a, ok1 := new(big.Rat).SetString(v)
			b, ok2 := new(big.Rat).SetString(strings.TrimSpace(lit))
			if ok1 && ok2 {
				return a.Cmp(b)
			}
		case typ.Kind == pgjson.Bool:
			a, ok1 := parseBool(v)
			b, ok2 := parseBool(lit)
			if ok1 && ok2 {
				if a == b {
					return 0
				}
				if !a {
					return -1
				}
				return 1
			}
		case typ.Kind == pgjson.Timestamp || typ.Kind == pgjson.TimestampTZ || typ.Name == "date":
			a, ok1 := parseTime(v)
			b, ok2 := parseTime(lit)
			if ok1 && ok2 {
				return a.Compare(b)
			}
		case typ.Name == "uuid":
			return strings.Compare(strings.ToLower(v), strings.ToLower(strings.TrimSpace(lit)))
		}
	}
	return strings.Compare(v, lit)
}

func parseBool(s string) (bool, bool) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "t", "true", "y", "yes", "on", "1":
		return true, true
	case "f", "false", "n", "no", "off", "0":
		return false, true
	}
	return false, false
}

var timeLayouts = []string{
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999Z07",
	"2006-01-02T15:04:05.999999999Z07:00",
	"2006-01-02T15:04:05.999999999Z07",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
	"2006-01-02",
}

// parseTime reads timestamps and dates; values without an offset are UTC,
// which is the replication session's time zone.
func parseTime(s string) (time.Time, bool) {
	s = strings.TrimSpace(s)
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
