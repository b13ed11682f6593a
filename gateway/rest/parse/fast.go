package parse

import (
	"strings"
	"unicode/utf8"
)

// Fast paths. The combinator grammar reproduces PostgREST's parse errors
// exactly, but it backtracks and builds closures as it goes: a select list
// like "id,name,projects(id,name)" costs tens of microseconds and hundreds
// of allocations. Nearly every request an app sends uses a small, plain
// subset of the grammar, so each function below recognises that subset by
// hand and answers ok=false for anything else — it never reports an error.
// The callers then run the full grammar, which decides (and words the
// error). For every input a fast path accepts, it gives exactly what the
// grammar gives; TestFastPathsAgree and FuzzFastPaths check that.

// isPlainName reports whether s is a non-empty run of ASCII letters,
// digits and '_': an identifier the grammar reads as itself (no spaces to
// strip, no dashes to join, no quotes, no '$').
func isPlainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// plainNameLen returns the length of the plain name at the start of s.
func plainNameLen(s string) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return i
		}
	}
	return len(s)
}

// fastTreePath reads a parameter key made of plain names joined by dots:
// "id", "projects.name".
func fastTreePath(key string) (treePath, bool) {
	if isPlainName(key) {
		return treePath{field: Field{Name: key}}, true
	}
	if !strings.Contains(key, ".") {
		return treePath{}, false
	}
	parts := strings.Split(key, ".")
	for _, p := range parts {
		if !isPlainName(p) {
			return treePath{}, false
		}
	}
	return treePath{path: parts[:len(parts)-1], field: Field{Name: parts[len(parts)-1]}}, true
}

// fastOps are the operators whose expression is [not.]op.value, the value
// running to the end of the parameter.
var fastOps = map[string]Operator{
	"eq": OpEq, "neq": OpNeq, "gt": OpGt, "gte": OpGte, "lt": OpLt, "lte": OpLte,
	"like": OpLike, "ilike": OpILike, "match": OpMatch, "imatch": OpIMatch,
	"cs": OpCs, "cd": OpCd, "ov": OpOv, "sl": OpSl, "sr": OpSr, "nxr": OpNxr, "nxl": OpNxl, "adj": OpAdj,
	"fts": OpFts, "plfts": OpPlFts, "phfts": OpPhFts, "wfts": OpWFts,
	"isdistinct": OpIsDistinct,
}

// fastFilter reads the value of a filter parameter of the form
// [not.]op.value for the operators of fastOps (no (any)/(all), no text
// search configuration; in and is take the grammar).
func fastFilter(value string) (Filter, bool) {
	if !utf8.ValidString(value) { // the grammar reads runes: U+FFFD
		return Filter{}, false
	}
	var f Filter
	if rest, ok := strings.CutPrefix(value, "not."); ok {
		f.Negate, value = true, rest
	}
	op, v, ok := strings.Cut(value, ".")
	if !ok {
		return Filter{}, false
	}
	if f.Op, ok = fastOps[op]; !ok {
		return Filter{}, false
	}
	f.Value = v
	return f, true
}

// fastOrder reads an order parameter of plain column names, each with an
// optional .asc/.desc and .nullsfirst/.nullslast.
func fastOrder(value string) ([]OrderTerm, bool) {
	if value == "" {
		return nil, false
	}
	var terms []OrderTerm
	for term := range strings.SplitSeq(value, ",") {
		name, mods, hasMods := strings.Cut(term, ".")
		if !isPlainName(name) || hasMods && mods == "" {
			return nil, false
		}
		t := OrderTerm{Field: Field{Name: name}}
		if mods != "" {
			dir, nulls, two := strings.Cut(mods, ".")
			if two && nulls == "" {
				return nil, false
			}
			switch dir {
			case "asc":
				t.Direction = OrderAsc
			case "desc":
				t.Direction = OrderDesc
			default:
				dir, nulls = "", mods
			}
			switch {
			case nulls == "" && dir != "":
			case nulls == "nullsfirst":
				t.Nulls = NullsFirst
			case nulls == "nullslast":
				t.Nulls = NullsLast
			default:
				return nil, false
			}
		}
		terms = append(terms, t)
	}
	return terms, true
}

// fastSelect reads a select list of '*', plain column names with an
// optional alias (alias:col) and embeds alias:rel!hint!inner(...) whose
// names are plain. Casts, JSON paths, aggregates, spreads, quoting and
// white space take the grammar.
func fastSelect(s string) ([]SelectItem, bool) {
	items, rest, ok := fastSelectList(s, 0)
	if !ok || rest != "" {
		return nil, false
	}
	return items, true
}

func fastSelectList(s string, depth int) ([]SelectItem, string, bool) {
	if depth >= maxNesting {
		return nil, "", false
	}
	var items []SelectItem
	for {
		var it SelectItem
		var ok bool
		if it, s, ok = fastSelectItem(s, depth); !ok {
			return nil, "", false
		}
		items = append(items, it)
		if s == "" || s[0] != ',' {
			return items, s, true
		}
		s = s[1:]
	}
}

func fastSelectItem(s string, depth int) (SelectItem, string, bool) {
	if s != "" && s[0] == '*' {
		if len(s) > 1 && s[1] != ',' && s[1] != ')' {
			return SelectItem{}, "", false
		}
		return SelectItem{Field: &SelectField{Field: Field{Name: "*"}}}, s[1:], true
	}
	n := plainNameLen(s)
	name := s[:n]
	s = s[n:]
	alias := ""
	if s != "" && s[0] == ':' {
		if name == "" || len(s) > 1 && s[1] == ':' {
			return SelectItem{}, "", false
		}
		alias = name
		s = s[1:]
		n = plainNameLen(s)
		name, s = s[:n], s[n:]
	}
	// "count" is the count() aggregate before '('; leave it to the grammar.
	if name == "" || name == "count" {
		return SelectItem{}, "", false
	}
	if s == "" || s[0] == ',' || s[0] == ')' {
		return SelectItem{Field: &SelectField{Field: Field{Name: name}, Alias: alias}}, s, true
	}
	e := &Embed{Relation: name, Alias: alias}
	hinted := false
	for k := 0; s != "" && s[0] == '!'; k++ {
		if k == 2 {
			return SelectItem{}, "", false
		}
		n = plainNameLen(s[1:])
		word := s[1 : 1+n]
		s = s[1+n:]
		switch {
		case word == "left" || word == "inner":
			if e.Join == "" {
				e.Join = JoinType(word)
			}
		case word == "" || strings.HasPrefix(word, "left") || strings.HasPrefix(word, "inner"):
			return SelectItem{}, "", false
		case !hinted:
			e.Hint, hinted = word, true
		}
	}
	if s == "" || s[0] != '(' {
		return SelectItem{}, "", false
	}
	s = s[1:]
	if s != "" && s[0] == ')' {
		return SelectItem{Embed: e}, s[1:], true
	}
	children, rest, ok := fastSelectList(s, depth+1)
	if !ok || rest == "" || rest[0] != ')' {
		return SelectItem{}, "", false
	}
	e.Select = children
	return SelectItem{Embed: e}, rest[1:], true
}
