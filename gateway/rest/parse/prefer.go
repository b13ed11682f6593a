package parse

import (
	"net/http"
	"strconv"
	"strings"
)

// Return is Prefer: return=…, what a mutation answers with.
type Return string

const (
	ReturnMinimal        Return = "minimal"        // no body (the default when absent)
	ReturnHeadersOnly    Return = "headers-only"   // no body, Location for a one-row POST
	ReturnRepresentation Return = "representation" // the rows, shaped by select
)

// Count is Prefer: count=…, how to compute the total in Content-Range.
type Count string

const (
	CountExact     Count = "exact"
	CountPlanned   Count = "planned"
	CountEstimated Count = "estimated"
)

// Resolution is Prefer: resolution=…, turning a POST into an upsert.
type Resolution string

const (
	MergeDuplicates  Resolution = "merge-duplicates"
	IgnoreDuplicates Resolution = "ignore-duplicates"
)

// Missing is Prefer: missing=…, what columns absent from the payload get.
type Missing string

const (
	MissingDefault Missing = "default"
	MissingNull    Missing = "null"
)

// Handling is Prefer: handling=…, whether unknown preferences are errors.
type Handling string

const (
	HandlingStrict  Handling = "strict"
	HandlingLenient Handling = "lenient"
)

// Tx is Prefer: tx=…, whether to commit the transaction.
type Tx string

const (
	TxCommit   Tx = "commit"
	TxRollback Tx = "rollback"
)

// Preferences are the Prefer headers of a request (RFC 7240), as
// PostgREST's Preferences.hs reads them: every Prefer header, split on
// commas and trimmed; the first recognised value of each kind wins; an
// empty field means the preference was not given.
type Preferences struct {
	Resolution Resolution
	Return     Return
	Count      Count
	// Tx is only set when Config.TxAllowOverride is; otherwise tx=… is
	// accepted and ignored.
	Tx       Tx
	Missing  Missing
	Handling Handling
	// Timezone is the first timezone=… value, set only when
	// Config.Timezones knows it.
	Timezone string
	// MaxAffected is the first max-affected=… value when it is an integer.
	// It only takes effect with handling=strict.
	MaxAffected    int64
	HasMaxAffected bool
	// Invalid lists, in order, the preferences PostgREST does not know,
	// including a timezone it does not know. With handling=strict they are
	// a PGRST122 error (see Check).
	Invalid []string
}

// ParsePrefer reads the Prefer headers. It never fails: unknown
// preferences are collected in Invalid.
func ParsePrefer(h http.Header, cfg Config) Preferences {
	var prefs []string
	for _, v := range h.Values("Prefer") {
		if v == "" {
			continue
		}
		for piece := range strings.SplitSeq(v, ",") {
			prefs = append(prefs, trimASCIISpace(piece))
		}
	}
	first := func(values ...string) string {
		for _, p := range prefs {
			for _, v := range values {
				if p == v {
					_, val, _ := strings.Cut(p, "=")
					return val
				}
			}
		}
		return ""
	}
	firstWithPrefix := func(prefix string) (string, bool) {
		for _, p := range prefs {
			if rest, ok := strings.CutPrefix(p, prefix); ok {
				return rest, true
			}
		}
		return "", false
	}

	var p Preferences
	p.Resolution = Resolution(first("resolution=merge-duplicates", "resolution=ignore-duplicates"))
	p.Return = Return(first("return=representation", "return=minimal", "return=headers-only"))
	p.Count = Count(first("count=exact", "count=planned", "count=estimated"))
	if cfg.TxAllowOverride {
		p.Tx = Tx(first("tx=commit", "tx=rollback"))
	}
	p.Missing = Missing(first("missing=default", "missing=null"))
	p.Handling = Handling(first("handling=strict", "handling=lenient"))
	tz, hasTZ := firstWithPrefix("timezone=")
	tzAccepted := hasTZ && cfg.Timezones != nil && cfg.Timezones(tz)
	if tzAccepted {
		p.Timezone = tz
	}
	if v, ok := firstWithPrefix("max-affected="); ok {
		p.MaxAffected, p.HasMaxAffected = readInt64(v)
	}
	for _, pref := range prefs {
		switch {
		case acceptedPreferences[pref]:
		case strings.HasPrefix(pref, "timezone=") && tzAccepted:
		case strings.HasPrefix(pref, "max-affected="):
		default:
			p.Invalid = append(p.Invalid, pref)
		}
	}
	return p
}

var acceptedPreferences = map[string]bool{
	"resolution=merge-duplicates": true, "resolution=ignore-duplicates": true,
	"return=representation": true, "return=minimal": true, "return=headers-only": true,
	"count=exact": true, "count=planned": true, "count=estimated": true,
	"tx=commit": true, "tx=rollback": true,
	"missing=default": true, "missing=null": true,
	"handling=strict": true, "handling=lenient": true,
}

// trimASCIISpace is ByteString.Char8.strip: it trims the bytes space,
// \t, \n, \v, \f, \r and 0xA0.
func trimASCIISpace(s string) string {
	isSpace := func(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') || c == 0xa0 }
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

// Check returns the PGRST122 error PostgREST raises when handling=strict
// meets preferences it does not know, or nil. PostgREST checks this while
// planning, after the table, the function and the media type are resolved
// (and before the media type for mutations), so the planner decides when
// to call it.
func (p *Preferences) Check() error {
	if p.Handling == HandlingStrict && len(p.Invalid) > 0 {
		return strictPreferencesError(p.Invalid)
	}
	return nil
}

// ShouldCount reports whether the count needs an exact count query
// (count=exact or count=estimated).
func (p *Preferences) ShouldCount() bool {
	return p.Count == CountExact || p.Count == CountEstimated
}

// Applied returns the Preference-Applied header value for a successful
// response to action, or "" when there is nothing to send. Each action
// echoes only the preferences it honours, in PostgREST's fixed order:
// resolution, missing, return, count, tx, handling, timezone, max-affected
// (the last only with handling=strict). The root endpoint and OPTIONS echo
// nothing.
//
// For ActionCreate PostgREST leaves resolution out when the table has no
// primary key and no on_conflict was given; the caller clears Resolution
// on a copy in that case.
func (p *Preferences) Applied(action Action) string {
	var resolution, missing, ret, maxAffected bool
	switch action {
	case ActionRead:
	case ActionCreate:
		resolution, missing, ret = true, true, true
	case ActionUpdate:
		missing, ret, maxAffected = true, true, true
	case ActionUpsert:
		ret = true
	case ActionDelete:
		ret, maxAffected = true, true
	case ActionCall:
		maxAffected = true
	default:
		return ""
	}
	var vals []string
	add := func(ok bool, name, value string) {
		if ok && value != "" {
			vals = append(vals, name+"="+value)
		}
	}
	add(resolution, "resolution", string(p.Resolution))
	add(missing, "missing", string(p.Missing))
	add(ret, "return", string(p.Return))
	add(true, "count", string(p.Count))
	add(true, "tx", string(p.Tx))
	add(true, "handling", string(p.Handling))
	add(true, "timezone", p.Timezone)
	if maxAffected && p.HasMaxAffected && p.Handling == HandlingStrict {
		vals = append(vals, "max-affected="+strconv.FormatInt(p.MaxAffected, 10))
	}
	return strings.Join(vals, ", ")
}
