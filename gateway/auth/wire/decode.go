package wire

import (
	"encoding/json"
	"strconv"
	"time"
)

// Every token answer decodes the user's metadata and identities from the
// JSON PostgreSQL sends. jsonParser reads the common case — objects,
// arrays, strings without escapes or non-ASCII bytes, true, false, null —
// into the values encoding/json makes; on anything else (numbers, escapes,
// non-ASCII, malformed input) it gives up and the caller decodes the same
// bytes with json.Unmarshal, so results and errors are encoding/json's.
type jsonParser struct {
	data []byte
	pos  int
}

func (p *jsonParser) skipSpace() {
	for p.pos < len(p.data) {
		switch p.data[p.pos] {
		case ' ', '\t', '\n', '\r':
			p.pos++
		default:
			return
		}
	}
}

// done reports whether only white space is left.
func (p *jsonParser) done() bool {
	p.skipSpace()
	return p.pos == len(p.data)
}

func (p *jsonParser) literal(lit string) bool {
	if len(p.data)-p.pos >= len(lit) && string(p.data[p.pos:p.pos+len(lit)]) == lit {
		p.pos += len(lit)
		return true
	}
	return false
}

func (p *jsonParser) value() (any, bool) {
	p.skipSpace()
	if p.pos >= len(p.data) {
		return nil, false
	}
	switch p.data[p.pos] {
	case '{':
		return p.object()
	case '[':
		return p.array()
	case '"':
		return p.str()
	case 't':
		return true, p.literal("true")
	case 'f':
		return false, p.literal("false")
	case 'n':
		return nil, p.literal("null")
	}
	return nil, false
}

// str reads a string of printable ASCII without escapes.
func (p *jsonParser) str() (string, bool) {
	if p.pos >= len(p.data) || p.data[p.pos] != '"' {
		return "", false
	}
	start := p.pos + 1
	for i := start; i < len(p.data); i++ {
		switch c := p.data[i]; {
		case c == '"':
			p.pos = i + 1
			return string(p.data[start:i]), true
		case c == '\\' || c < 0x20 || c >= 0x80:
			return "", false
		}
	}
	return "", false
}

// list reads open, elements separated by commas (each read by elem), and
// close, with white space anywhere between.
func (p *jsonParser) list(open, close byte, elem func() bool) bool {
	p.skipSpace()
	if p.pos >= len(p.data) || p.data[p.pos] != open {
		return false
	}
	p.pos++
	p.skipSpace()
	if p.pos < len(p.data) && p.data[p.pos] == close {
		p.pos++
		return true
	}
	for {
		p.skipSpace()
		if !elem() {
			return false
		}
		p.skipSpace()
		if p.pos >= len(p.data) {
			return false
		}
		switch p.data[p.pos] {
		case ',':
			p.pos++
		case close:
			p.pos++
			return true
		default:
			return false
		}
	}
}

// member reads "key": and hands the key to value, which reads the value.
func (p *jsonParser) member(value func(key string) bool) bool {
	k, ok := p.str()
	if !ok {
		return false
	}
	p.skipSpace()
	if !p.literal(":") {
		return false
	}
	p.skipSpace()
	return value(k)
}

func (p *jsonParser) object() (map[string]any, bool) {
	m := map[string]any{}
	ok := p.list('{', '}', func() bool {
		return p.member(func(k string) bool {
			v, ok := p.value()
			m[k] = v
			return ok
		})
	})
	return m, ok
}

func (p *jsonParser) array() ([]any, bool) {
	a := []any{}
	ok := p.list('[', ']', func() bool {
		v, ok := p.value()
		a = append(a, v)
		return ok
	})
	return a, ok
}

// DecodeJSONMap decodes a JSON object (or null, or SQL NULL as nil data)
// into a map as json.Unmarshal into a nil map[string]any does.
func DecodeJSONMap(data []byte) (map[string]any, error) {
	if data == nil {
		return nil, nil
	}
	p := jsonParser{data: data}
	if m, ok := p.object(); ok && p.done() {
		return m, nil
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, err
	}
	return m, nil
}

// DecodeIdentities decodes the identities array userColumns builds, as
// json.Unmarshal into a nil []Identity does.
func DecodeIdentities(data []byte) ([]Identity, error) {
	if ids, ok := parseIdentities(data); ok {
		return ids, nil
	}
	var ids []Identity
	if err := json.Unmarshal(data, &ids); err != nil {
		return nil, err
	}
	return ids, nil
}

func parseIdentities(data []byte) ([]Identity, bool) {
	p := jsonParser{data: data}
	a, ok := p.array()
	if !ok || !p.done() {
		return nil, false
	}
	ids := make([]Identity, len(a))
	for i, e := range a {
		m, ok := e.(map[string]any)
		if !ok {
			return nil, false
		}
		id := &ids[i]
		for k, v := range m {
			switch k {
			case "identity_id":
				ok = setString(&id.IdentityID, v)
			case "id":
				ok = setString(&id.ID, v)
			case "user_id":
				ok = setString(&id.UserID, v)
			case "provider":
				ok = setString(&id.Provider, v)
			case "email":
				ok = setString(&id.Email, v)
			case "identity_data":
				switch v := v.(type) {
				case map[string]any:
					id.IdentityData = v
				case nil:
					id.IdentityData = nil
				default:
					ok = false
				}
			case "last_sign_in_at":
				if v == nil {
					id.LastSignInAt = nil
				} else {
					var t time.Time
					if ok = setTime(&t, v); ok {
						id.LastSignInAt = &t
					}
				}
			case "created_at":
				ok = v == nil || setTime(&id.CreatedAt, v)
			case "updated_at":
				ok = v == nil || setTime(&id.UpdatedAt, v)
			default:
				ok = false
			}
			if !ok {
				return nil, false
			}
		}
	}
	return ids, true
}

// setString stores a string; null leaves the field as is (encoding/json).
func setString(dst *string, v any) bool {
	switch v := v.(type) {
	case string:
		*dst = v
		return true
	case nil:
		return true
	}
	return false
}

// setTime parses a time as time.Time's UnmarshalJSON does.
func setTime(dst *time.Time, v any) bool {
	s, ok := v.(string)
	if !ok {
		return false
	}
	return dst.UnmarshalText([]byte(s)) == nil
}

// DecodeAMR decodes a session's amr (jsonb, SQL NULL as nil data) as
// json.Unmarshal into a nil []AMREntry does.
func DecodeAMR(data []byte) ([]AMREntry, error) {
	if data == nil {
		return nil, nil
	}
	if amr, ok := parseAMR(data); ok {
		return amr, nil
	}
	var amr []AMREntry
	if err := json.Unmarshal(data, &amr); err != nil {
		return nil, err
	}
	return amr, nil
}

// parseAMR reads [{"method": "…", "timestamp": 123}, …] with integer
// timestamps; anything else is left to json.Unmarshal.
func parseAMR(data []byte) ([]AMREntry, bool) {
	p := jsonParser{data: data}
	amr := []AMREntry{}
	ok := p.list('[', ']', func() bool {
		var e AMREntry
		ok := p.list('{', '}', func() bool {
			return p.member(func(k string) bool {
				var ok bool
				switch k {
				case "method":
					e.Method, ok = p.str()
				case "timestamp":
					e.Timestamp, ok = p.integer()
				}
				return ok
			})
		})
		amr = append(amr, e)
		return ok
	})
	return amr, ok && p.done()
}

// integer reads a JSON number that is a plain int64: an optional minus,
// then 0 or digits not starting with 0, no fraction or exponent.
func (p *jsonParser) integer() (int64, bool) {
	start := p.pos
	i := p.pos
	if i < len(p.data) && p.data[i] == '-' {
		i++
	}
	digits := i
	for i < len(p.data) && p.data[i] >= '0' && p.data[i] <= '9' {
		i++
	}
	if i == digits || (p.data[digits] == '0' && i-digits > 1) {
		return 0, false
	}
	if i < len(p.data) {
		switch p.data[i] {
		case '.', 'e', 'E':
			return 0, false
		}
	}
	n, err := strconv.ParseInt(string(p.data[start:i]), 10, 64)
	if err != nil {
		return 0, false
	}
	p.pos = i
	return n, true
}
