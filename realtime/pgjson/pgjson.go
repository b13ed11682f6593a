// Package pgjson turns PostgreSQL text output — what pgoutput sends for
// each column — into the JSON value to_jsonb() would give, which is what
// the hosted Realtime puts in a change's record: numbers and booleans as
// JSON natives, json/jsonb inline, arrays as JSON arrays, timestamps in
// ISO 8601 with a 'T' (internal/pgtext, as REST renders them), and
// everything else as a string.
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
		if out, ok := pgtext.AppendTimestamp(b, text, t.Kind == TimestampTZ); ok {
			return out
		}
	case TimeTZ:
		return jsonstr.AppendNoHTML(b, fullOffset(string(text)))
	case Array:
		if t.Elem != nil {
			if out, ok := pgtext.AppendArray(b, text, t.Delim, t.Elem.appendElem); ok {
				return out
			}
		}
	}
	return jsonstr.AppendNoHTML(b, string(text))
}

// appendElem appends an array element of type t.
func (t *Type) appendElem(b, elem []byte, _ bool) ([]byte, bool) { return t.Append(b, elem), true }

// fullOffset turns a trailing "+HH" or "-HH" into "+HH:00".
func fullOffset(s string) string {
	n := len(s)
	if n >= 3 && (s[n-3] == '+' || s[n-3] == '-') && isDigit(s[n-2]) && isDigit(s[n-1]) {
		return s + ":00"
	}
	return s
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }
