// Package pgtext reads PostgreSQL's text output of values, for the places
// that turn it into JSON themselves: the REST engine's rows mode
// (gateway/rest) and the change records of realtime (realtime/pgjson).
package pgtext

// IsJSONNumber reports whether v is a number in JSON's grammar, as
// PostgreSQL's IsValidJsonNumber decides:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. The text of NaN and the
// infinities is not; json_agg and to_jsonb quote those.
func IsJSONNumber(v []byte) bool {
	i := 0
	if i < len(v) && v[i] == '-' {
		i++
	}
	switch {
	case i < len(v) && v[i] == '0':
		i++
	case i < len(v) && v[i] >= '1' && v[i] <= '9':
		i = digits(v, i)
	default:
		return false
	}
	if i < len(v) && v[i] == '.' {
		if i = digits(v, i+1); v[i-1] == '.' {
			return false
		}
	}
	if i < len(v) && (v[i] == 'e' || v[i] == 'E') {
		i++
		if i < len(v) && (v[i] == '+' || v[i] == '-') {
			i++
		}
		start := i
		if i = digits(v, i); i == start {
			return false
		}
	}
	return i == len(v)
}

// digits returns the index after the run of digits that starts at i.
func digits(v []byte, i int) int {
	for i < len(v) && v[i] >= '0' && v[i] <= '9' {
		i++
	}
	return i
}
