package schemacache

import (
	"fmt"
	"strconv"
)

// A view's definition is stored as a pg_node_tree: the text form of the
// rewritten query that nodeToString (src/backend/nodes/outfuncs.c) prints,
// for instance
//
//	({QUERY :commandType 1 ... :targetList ({TARGETENTRY :expr {VAR ...}
//	  :resno 1 :resname id :ressortgroupref 0 :resorigtbl 16389
//	  :resorigcol 1 :resjunk false} ...) ...})
//
// Each target entry names the table column it comes from (resorigtbl,
// resorigcol; 0 for computed values), which is how a view inherits the
// primary and foreign keys of its base tables. PostgREST turns the text
// into JSON with a chain of replace() calls in SQL; reading it here is
// simpler and is tested on its own.

// viewColumnOrigin is where one column of a view comes from.
type viewColumnOrigin struct {
	column int    // the view column's number (resno)
	table  uint32 // resorigtbl: the relation the value is read from
	attnum int    // resorigcol: its column number
}

// readViewOrigins returns the origins of the columns of the view whose
// _RETURN rule action is def. Columns computed from expressions are left
// out.
func readViewOrigins(def string) ([]viewColumnOrigin, error) {
	p := nodeParser{s: def}
	v, err := p.value()
	if err != nil {
		return nil, err
	}
	// The action is a list holding the one QUERY node of the view.
	if len(v.list) == 0 || v.list[0].node == nil || v.list[0].node.name != "QUERY" {
		return nil, fmt.Errorf("view definition is not a query list")
	}
	var out []viewColumnOrigin
	for _, te := range v.list[0].node.field("targetList").list {
		if te.node == nil || te.node.name != "TARGETENTRY" {
			continue
		}
		if te.node.field("resjunk").atom == "true" {
			continue
		}
		resno, err1 := strconv.Atoi(te.node.field("resno").atom)
		tbl, err2 := strconv.ParseUint(te.node.field("resorigtbl").atom, 10, 32)
		col, err3 := strconv.Atoi(te.node.field("resorigcol").atom)
		if err1 != nil || err2 != nil || err3 != nil {
			return nil, fmt.Errorf("malformed target entry in view definition")
		}
		if tbl == 0 || col == 0 {
			continue
		}
		out = append(out, viewColumnOrigin{column: resno, table: uint32(tbl), attnum: col})
	}
	return out, nil
}

// nodeValue is one value of a node tree: an atom, a list "( ... )" or a
// node "{NAME :field value ...}". "<>" (a null pointer) is the atom "<>".
type nodeValue struct {
	atom string
	list []nodeValue
	node *treeNode
}

// treeNode is a "{NAME :field value ...}" node. A field may be followed by
// several values (a Const's ":constvalue 4 [ 1 0 0 0 ]"); they are kept in
// order.
type treeNode struct {
	name   string
	fields map[string][]nodeValue
}

// field returns the first value of the named field, or a zero value.
func (n *treeNode) field(name string) nodeValue {
	if vs := n.fields[name]; len(vs) > 0 {
		return vs[0]
	}
	return nodeValue{}
}

// nodeParser reads the tokens of pg_node_tree text: "(", ")", "{", "}"
// and atoms separated by whitespace; a backslash makes the next character
// part of the atom (outToken escapes whitespace, parentheses, braces and
// backslashes in names).
type nodeParser struct {
	s   string
	pos int
}

func (p *nodeParser) skipSpace() {
	for p.pos < len(p.s) {
		switch p.s[p.pos] {
		case ' ', '\n', '\t', '\r':
			p.pos++
		default:
			return
		}
	}
}

// peek returns the next token's first byte without consuming it (0 at the
// end).
func (p *nodeParser) peek() byte {
	p.skipSpace()
	if p.pos >= len(p.s) {
		return 0
	}
	return p.s[p.pos]
}

// atom reads an atom token.
func (p *nodeParser) atom() string {
	p.skipSpace()
	start := p.pos
	for p.pos < len(p.s) {
		c := p.s[p.pos]
		if c == '\\' {
			p.pos += 2
			continue
		}
		if c == ' ' || c == '\n' || c == '\t' || c == '\r' || c == '(' || c == ')' || c == '{' || c == '}' {
			break
		}
		p.pos++
	}
	if p.pos > len(p.s) {
		p.pos = len(p.s)
	}
	return p.s[start:p.pos]
}

func (p *nodeParser) value() (nodeValue, error) {
	switch p.peek() {
	case 0:
		return nodeValue{}, fmt.Errorf("node tree: unexpected end at %d", p.pos)
	case '(':
		p.pos++
		var list []nodeValue
		for {
			switch p.peek() {
			case ')':
				p.pos++
				return nodeValue{list: list}, nil
			case 0:
				return nodeValue{}, fmt.Errorf("node tree: unterminated list")
			}
			v, err := p.value()
			if err != nil {
				return nodeValue{}, err
			}
			list = append(list, v)
		}
	case '{':
		p.pos++
		n := &treeNode{name: p.atom(), fields: map[string][]nodeValue{}}
		field := ""
		for {
			switch p.peek() {
			case '}':
				p.pos++
				return nodeValue{node: n}, nil
			case 0:
				return nodeValue{}, fmt.Errorf("node tree: unterminated node %s", n.name)
			case ':':
				field = p.atom()[1:]
				if _, ok := n.fields[field]; !ok {
					n.fields[field] = nil
				}
				continue
			}
			v, err := p.value()
			if err != nil {
				return nodeValue{}, err
			}
			n.fields[field] = append(n.fields[field], v)
		}
	case ')', '}':
		return nodeValue{}, fmt.Errorf("node tree: unexpected %q at %d", p.s[p.pos], p.pos)
	}
	return nodeValue{atom: p.atom()}, nil
}
