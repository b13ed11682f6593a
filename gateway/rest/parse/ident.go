package parse

import (
	"strings"
	"unicode"
)

// Field names a column, optionally followed by a JSON path into it:
// "data->a->>b" is Field{Name: "data", JSONPath: [->a, ->>b]}.
//
// Whether Name is a column, a computed column or (in a filter) the name of
// an embedded resource is for the planner to decide.
type Field struct {
	Name     string
	JSONPath []JSONOp
}

// JSONArrow is a JSON operator: -> keeps JSON, ->> extracts text.
type JSONArrow string

const (
	ArrowJSON JSONArrow = "->"
	ArrowText JSONArrow = "->>"
)

// JSONOp is one step of a JSON path. Key is an object key, or, when Index
// is set, an array index: a decimal integer with an optional leading '-',
// possibly too large for any integer type (PostgreSQL casts it to int and
// reports overflow).
type JSONOp struct {
	Arrow JSONArrow
	Key   string
	Index bool
}

// Grammar of identifiers, after QueryParams.hs. Names are either
// double-quoted with backslash escapes, or runs of letters, digits, '_',
// '$' and spaces (trimmed) joined by single dashes not followed by '>'.
var (
	ws = many(oneOf(" \t"))

	pDelimiter = label(char('.'), "delimiter (.)")

	pIdentifier = mapP(many1(alt(letter, digit, oneOf("_ $"))), func(rs []rune) string {
		return hsStrip(string(rs))
	})

	pQuotedValue = mapP(
		seqR(char('"'), seqL(many(alt(noneOf(`\"`), seqR(char('\\'), anyChar))), char('"'))),
		func(rs []rune) string { return string(rs) })

	dash = constP(try(seqR(char('-'), notFollowedBy(char('>'), hsShowChar))), '-')

	pFieldName = label(alt(pQuotedValue, sepByDash(pIdentifier)), "field name (* or [a..z0..9_$])")

	pJSONKeyName = label(
		alt(pQuotedValue, sepByDash(mapP(many1(noneOf("(-:.,>)")), func(rs []rune) string { return hsStrip(string(rs)) }))),
		"any non reserved character different from: .,>()")

	pJSONEnd = alt(
		try(void(lookAhead(str("->")))),
		try(void(lookAhead(str("::")))),
		try(void(lookAhead(str(".")))),
		try(void(lookAhead(str(",")))),
		try(eof),
	)

	pJSONIdx = seqL(bind(option('+', char('-')), func(sign rune) parser[JSONOp] {
		return mapP(many1(digit), func(ds []rune) JSONOp {
			idx := string(ds)
			if sign == '-' {
				idx = "-" + idx
			}
			return JSONOp{Key: idx, Index: true}
		})
	}), pJSONEnd)

	pJSONOperation = bind(
		alt(try(constP(str("->>"), ArrowText)), try(constP(str("->"), ArrowJSON))),
		func(arrow JSONArrow) parser[JSONOp] {
			return mapP(alt(try(pJSONIdx), try(mapP(pJSONKeyName, func(k string) JSONOp { return JSONOp{Key: k} }))),
				func(op JSONOp) JSONOp { op.Arrow = arrow; return op })
		})

	pJSONPath = many(pJSONOperation)

	pField = lexeme(bind(pFieldName, func(name string) parser[Field] {
		return mapP(option(nil, pJSONPath), func(jp []JSONOp) Field { return Field{Name: name, JSONPath: jp} })
	}))

	// pTreePath parses a parameter key: an embed path, a field and an
	// optional JSON path. Like PostgREST it does not insist on consuming the
	// whole key.
	pTreePath = bind(sepBy1(pFieldName, pDelimiter), func(names []string) parser[treePath] {
		return mapP(option(nil, pJSONPath), func(jp []JSONOp) treePath {
			return treePath{path: names[:len(names)-1], field: Field{Name: names[len(names)-1], JSONPath: jp}}
		})
	})

	pColumns = sepBy1(pFieldName, lexeme(char(',')))
)

type treePath struct {
	path  []string
	field Field
}

func lexeme[T any](p parser[T]) parser[T] { return seqR(ws, seqL(p, ws)) }

func sepByDash(p parser[string]) parser[string] {
	return mapP(sepBy1(p, dash), func(parts []string) string { return strings.Join(parts, "-") })
}

// String renders the field in the URL grammar, quoting where needed, so
// that parsing the result gives the field back.
func (f Field) String() string {
	var b strings.Builder
	b.WriteString(quoteName(f.Name))
	writeJSONPath(&b, f.JSONPath)
	return b.String()
}

func writeJSONPath(b *strings.Builder, path []JSONOp) {
	for _, op := range path {
		b.WriteString(string(op.Arrow))
		if op.Index {
			b.WriteString(op.Key)
		} else {
			b.WriteString(quoteJSONKey(op.Key))
		}
	}
}

// quoteName writes a field name bare when the bare form parses back to the
// same name, and double-quoted with backslash escapes otherwise.
func quoteName(name string) string {
	if bareRoundTrips(name, func(c rune) bool {
		return unicode.IsLetter(c) || isDigit(c) || c == '_' || c == '$' || c == ' '
	}) {
		return name
	}
	return quote(name)
}

// quoteJSONKey is quoteName for JSON keys, which allow more characters but
// must not look like an array index.
func quoteJSONKey(key string) string {
	if !isIndexLike(key) && !strings.HasPrefix(key, `"`) && bareRoundTrips(key, func(c rune) bool {
		return !strings.ContainsRune("(-:.,>)", c)
	}) {
		return key
	}
	return quote(key)
}

func bareRoundTrips(s string, ok func(rune) bool) bool {
	if s == "" {
		return false
	}
	for part := range strings.SplitSeq(s, "-") {
		if part == "" || part != hsStrip(part) {
			return false
		}
		for _, c := range part {
			if !ok(c) {
				return false
			}
		}
	}
	return true
}

func isIndexLike(s string) bool {
	s = strings.TrimPrefix(s, "-")
	if s == "" {
		return false
	}
	for _, c := range s {
		if !isDigit(c) {
			return false
		}
	}
	return true
}

func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, c := range s {
		if c == '"' || c == '\\' {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	b.WriteByte('"')
	return b.String()
}
