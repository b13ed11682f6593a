// Package pgjson turns PostgreSQL text output — what pgoutput sends for
// each column — into the JSON value to_jsonb() would give, which is what
// the hosted Realtime puts in a change's record: numbers and booleans as
// JSON natives, json/jsonb inline, arrays as JSON arrays, timestamps in
// ISO 8601 with a 'T', and everything else as a string.
//
// The text must come from a session with DateStyle ISO, TimeZone UTC,
// IntervalStyle postgres and bytea_output hex; the replication connection
// sets them.
//
// Composite values are sent as their text form (a string), where to_jsonb
// would build an object.
package pgjson

import (
	"bytes"

	"daybase/internal/jsonstr"
	"daybase/internal/pgtext"
)

// Kind is how a type's text becomes JSON.
type Kind uint8

// Kinds.
const (
	String      Kind = iota // a JSON string of the text
	Bool                    // t/f → true/false
	Number                  // a JSON number; NaN and infinities as strings
	JSON                    // json/jsonb: the text is the JSON
	Timestamp               // "2024-05-02 09:00:00" → "2024-05-02T09:00:00"
	TimestampTZ             // also "+00" → "+00:00"
	TimeTZ                  // "09:00:00+00" → "09:00:00+00:00"
	Array                   // {a,b} → [..] with the element type's kind
)

// Type is what conversion needs to know about a column's type.
type Type struct {
	// Name is pg_type.typname ("int8", "_text"): the columns[].type the
	// client uses to coerce values.
	Name string
	Kind Kind
	// Elem is the element type of an array.
	Elem *Type
	// Delim separates array elements (',' for all but box, which uses ';').
	Delim byte
}

// KindOf returns the kind for a base (non-array, non-domain) type name.
func KindOf(typname string) Kind {
	switch typname {
	case "bool":
		return Bool
	case "int2", "int4", "int8", "float4", "float8", "numeric":
		return Number
	case "json", "jsonb":
		return JSON
	case "timestamp":
		return Timestamp
	case "timestamptz":
		return TimestampTZ
	case "timetz":
		return TimeTZ
	}
	return String
}

// Append appends the JSON form of text to b.
func (t *Type) Append(b []byte, text []byte) []byte {
	switch t.Kind {
	case Bool:
		switch string(text) {
		case "t":
			return append(b, "true"...)
		case "f":
			return append(b, "false"...)
		}
	case Number:
		if pgtext.IsJSONNumber(text) {
			return append(b, text...)
		}
	case JSON:
		if len(bytes.TrimSpace(text)) > 0 {
			return append(b, text...)
		}
	case Timestamp, TimestampTZ:
		return jsonstr.AppendNoHTML(b, isoTimestamp(string(text), t.Kind == TimestampTZ))
	case TimeTZ:
		return jsonstr.AppendNoHTML(b, fullOffset(string(text)))
	case Array:
		if t.Elem != nil {
			if out, ok := appendArray(b, text, t.Elem, t.Delim); ok {
				return out
			}
		}
	}
	return jsonstr.AppendNoHTML(b, string(text))
}

// isoTimestamp rewrites ISO DateStyle output to ISO 8601 as to_jsonb does:
// the space becomes 'T' and an hour-only offset gains ":00" (a BC date
// keeps its " BC" suffix). infinity and -infinity are left as they are.
func isoTimestamp(s string, tz bool) string {
	if len(s) < 11 || s[10] != ' ' {
		return s
	}
	s = s[:10] + "T" + s[11:]
	if tz {
		s = fullOffset(s)
	}
	return s
}

// fullOffset turns a trailing "+HH" or "-HH" into "+HH:00".
func fullOffset(s string) string {
	n := len(s)
	if n >= 3 && (s[n-3] == '+' || s[n-3] == '-') && isDigit(s[n-2]) && isDigit(s[n-1]) {
		return s + ":00"
	}
	return s
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// appendArray converts an array literal such as {1,2}, {{a,"b c"},{NULL,d}}
// or [0:1]={x,y}. It reports false when text is not a well-formed literal.
func appendArray(b []byte, text []byte, elem *Type, delim byte) ([]byte, bool) {
	if len(text) > 0 && text[0] == '[' {
		i := bytes.IndexByte(text, '=')
		if i < 0 {
			return b, false
		}
		text = text[i+1:]
	}
	p := arrayParser{s: text, elem: elem, delim: delim, out: b}
	if !p.array() || p.i != len(p.s) {
		return b, false
	}
	return p.out, true
}

type arrayParser struct {
	s     []byte
	i     int
	elem  *Type
	delim byte
	out   []byte
	buf   []byte
}

func (p *arrayParser) array() bool {
	if p.i >= len(p.s) || p.s[p.i] != '{' {
		return false
	}
	p.i++
	p.out = append(p.out, '[')
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		p.out = append(p.out, ']')
		return true
	}
	for {
		if p.i >= len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case '{':
			if !p.array() {
				return false
			}
		case '"':
			if !p.quoted() {
				return false
			}
		default:
			if !p.unquoted() {
				return false
			}
		}
		if p.i >= len(p.s) {
			return false
		}
		switch p.s[p.i] {
		case '}':
			p.i++
			p.out = append(p.out, ']')
			return true
		case p.delim:
			p.i++
			p.out = append(p.out, ',')
		default:
			return false
		}
	}
}

func (p *arrayParser) quoted() bool {
	p.i++ // opening quote
	p.buf = p.buf[:0]
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '\\':
			if p.i+1 >= len(p.s) {
				return false
			}
			p.buf = append(p.buf, p.s[p.i+1])
			p.i += 2
		case '"':
			p.i++
			p.out = p.elem.Append(p.out, p.buf)
			return true
		default:
			p.buf = append(p.buf, c)
			p.i++
		}
	}
	return false
}

func (p *arrayParser) unquoted() bool {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != p.delim && p.s[p.i] != '}' {
		if p.s[p.i] == '{' || p.s[p.i] == '"' {
			return false
		}
		p.i++
	}
	v := p.s[start:p.i]
	if len(v) == 0 {
		return false
	}
	if string(v) == "NULL" {
		p.out = append(p.out, "null"...)
		return true
	}
	p.out = p.elem.Append(p.out, v)
	return true
}
