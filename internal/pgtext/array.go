package pgtext

import "bytes"

// AppendElem appends the JSON of one array element's text (quoted says
// whether it was written in double quotes); false refuses the element,
// and with it the array.
type AppendElem func(b, elem []byte, quoted bool) ([]byte, bool)

// AppendArray appends the JSON array PostgreSQL's to_json gives an array
// from its text: "{1,2,NULL}" → [1,2,null], nested dimensions as nested
// arrays, bounds ("[0:1]={7,8}") dropped, an unquoted NULL as null and
// every other element through elem. delim separates elements (',' for all
// types but box). It reports false when v is not a well-formed literal.
func AppendArray(b, v []byte, delim byte, elem AppendElem) ([]byte, bool) {
	if len(v) > 0 && v[0] == '[' {
		i := bytes.IndexByte(v, '=')
		if i < 0 {
			return b, false
		}
		v = v[i+1:]
	}
	p := arrayParser{s: v, delim: delim, elem: elem, out: b}
	if !p.array() || p.i != len(p.s) {
		return b, false
	}
	return p.out, true
}

type arrayParser struct {
	s     []byte
	i     int
	delim byte
	elem  AppendElem
	out   []byte
	buf   []byte // a quoted element without its escapes
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
		var ok bool
		switch p.s[p.i] {
		case '{':
			ok = p.array()
		case '"':
			ok = p.quoted()
		default:
			ok = p.unquoted()
		}
		if !ok || p.i >= len(p.s) {
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

// quoted reads "...", where a backslash escapes the next character.
func (p *arrayParser) quoted() bool {
	p.i++
	p.buf = p.buf[:0]
	for p.i < len(p.s) {
		switch c := p.s[p.i]; c {
		case '\\':
			if p.i+1 >= len(p.s) {
				return false
			}
			p.buf = append(p.buf, p.s[p.i+1])
			p.i += 2
		case '"':
			p.i++
			var ok bool
			p.out, ok = p.elem(p.out, p.buf, true)
			return ok
		default:
			p.buf = append(p.buf, c)
			p.i++
		}
	}
	return false
}

// unquoted reads up to the next delimiter or closing brace; array_out
// quotes any element holding braces, quotes, backslashes or spaces.
func (p *arrayParser) unquoted() bool {
	start := p.i
	for p.i < len(p.s) && p.s[p.i] != p.delim && p.s[p.i] != '}' {
		if c := p.s[p.i]; c == '{' || c == '"' || c == '\\' {
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
	var ok bool
	p.out, ok = p.elem(p.out, v, false)
	return ok
}
