// Package jsonstr appends strings as JSON string literals without
// reflection, for the hand-built JSON of the hot paths (REST rows, auth
// responses, realtime frames, request settings).
//
// The modes differ where the JSON they must match differs:
//
//   - Append matches encoding/json: invalid UTF-8 becomes U+FFFD, U+2028 and
//     U+2029 are escaped, and so are <, > and & (HTML-safe).
//   - AppendNoHTML matches a json.Encoder with SetEscapeHTML(false): as
//     Append, but <, > and & are left as they are (realtime frames, as
//     Supabase Realtime sends them).
//   - AppendPostgres matches PostgreSQL's escape_json (to_json of text):
//     \b \f \n \r \t \" \\ escaped, other control characters as \u00xx,
//     everything else, non-ASCII included, as it is.
package jsonstr

import "unicode/utf8"

// Append appends s as encoding/json encodes a string.
func Append(b []byte, s string) []byte { return appendGo(b, s, true) }

// AppendNoHTML appends s as encoding/json does with HTML escaping off.
func AppendNoHTML(b []byte, s string) []byte { return appendGo(b, s, false) }

func appendGo(b []byte, s string, escapeHTML bool) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' && c < utf8.RuneSelf && (!escapeHTML || (c != '<' && c != '>' && c != '&')) {
			i++
			continue
		}
		if c < utf8.RuneSelf {
			b = append(b, s[start:i]...)
			b = appendEscape(b, c) // control characters, and <, > and & when HTML-safe
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		// Valid JSON, but they end JavaScript string literals.
		if r == 0x2028 || r == 0x2029 {
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// AppendPostgres appends s as PostgreSQL's escape_json writes it.
func AppendPostgres[S string | []byte](b []byte, s S) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x20 && c != '"' && c != '\\' {
			continue
		}
		b = append(b, s[start:i]...)
		b = appendEscape(b, c)
		start = i + 1
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// short holds the two-character escapes both encoders write ('n' for
// '\n'); other characters that need escaping are written as \u00xx.
var short = [utf8.RuneSelf]byte{'\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't', '"': '"', '\\': '\\'}

// appendEscape appends the escape of the ASCII character c.
func appendEscape(b []byte, c byte) []byte {
	if e := short[c]; e != 0 {
		return append(b, '\\', e)
	}
	return append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
}

const hex = "0123456789abcdef"
