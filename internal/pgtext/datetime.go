package pgtext

import "bytes"

// The date and time renderers take the text of a session with DateStyle
// ISO and give what PostgreSQL's to_json and json_agg give: XSD form, a 'T'
// between date and time, a zone's minutes always written, a BC date's
// " BC" kept at the end ("0044-03-15T12:00:00+00:00 BC"). They report false
// for any other shape (another DateStyle, say), so the caller can fall
// back.

var bc = []byte(" BC")

// AppendDate appends the JSON string of a date ("2026-11-23",
// "0044-03-15 BC", infinity).
func AppendDate(b, v []byte) ([]byte, bool) {
	if !isISODate(bytes.TrimSuffix(v, bc)) && !isInfinity(v) {
		return b, false
	}
	return appendASCII(b, v), true
}

// AppendTimestamp appends the JSON string of a timestamp, with a zone when
// tz ("2026-11-23 21:30:59.445127+00" → "2026-11-23T21:30:59.445127+00:00").
func AppendTimestamp(b, v []byte, tz bool) ([]byte, bool) {
	if isInfinity(v) {
		return appendASCII(b, v), true
	}
	v, era := cutBC(v)
	sp := bytes.IndexByte(v, ' ')
	if sp < 10 || !isISODate(v[:sp]) {
		return b, false
	}
	rest := v[sp+1:] // hh:mm:ss[.f+][±hh[:mm[:ss]]]
	if len(rest) < 8 || !isDigit(rest[0]) || !isDigit(rest[1]) || rest[2] != ':' || !isDigit(rest[3]) || !isDigit(rest[4]) ||
		rest[5] != ':' || !isDigit(rest[6]) || !isDigit(rest[7]) {
		return b, false
	}
	i := 8
	if i < len(rest) && rest[i] == '.' {
		i++
		if i >= len(rest) || !isDigit(rest[i]) {
			return b, false
		}
		i = digits(rest, i)
	}
	zone := rest[i:]
	addMinutes := false
	if tz {
		addMinutes = len(zone) == 3
		if !isOffset(zone) {
			return b, false
		}
	} else if len(zone) != 0 {
		return b, false
	}
	b = append(b, '"')
	b = append(b, v[:sp]...)
	b = append(b, 'T')
	b = append(b, rest...)
	if addMinutes {
		b = append(b, ":00"...)
	}
	b = append(b, era...)
	return append(b, '"'), true
}

// isOffset: ±hh, ±hh:mm or ±hh:mm:ss.
func isOffset(z []byte) bool {
	if len(z) < 3 || (z[0] != '+' && z[0] != '-') || !isDigit(z[1]) || !isDigit(z[2]) {
		return false
	}
	switch len(z) {
	case 3:
		return true
	case 6, 9:
		for j := 3; j < len(z); j += 3 {
			if z[j] != ':' || !isDigit(z[j+1]) || !isDigit(z[j+2]) {
				return false
			}
		}
		return true
	}
	return false
}

// cutBC splits a trailing " BC" off v.
func cutBC(v []byte) (rest, era []byte) {
	if r, ok := bytes.CutSuffix(v, bc); ok {
		return r, bc
	}
	return v, nil
}

// isISODate: yyyy-mm-dd with four or more year digits.
func isISODate(v []byte) bool {
	n := len(v)
	if n < 10 || v[n-3] != '-' || v[n-6] != '-' {
		return false
	}
	for i, c := range v {
		if i != n-3 && i != n-6 && !isDigit(c) {
			return false
		}
	}
	return true
}

func isInfinity(v []byte) bool { return string(v) == "infinity" || string(v) == "-infinity" }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// appendASCII quotes v, which holds nothing JSON escapes.
func appendASCII(b, v []byte) []byte {
	b = append(b, '"')
	b = append(b, v...)
	return append(b, '"')
}
