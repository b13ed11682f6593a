package parse

import "strings"

// LogicOp joins the children of a logic tree.
type LogicOp string

const (
	LogicAnd LogicOp = "and"
	LogicOr  LogicOp = "or"
)

// LogicTree is a boolean expression from an or= / and= parameter. A node
// is either a leaf (Filter set; its Path is empty because the filter
// applies where the tree does) or an operator over Children, negated when
// Negate is set.
//
// Leaves follow the rules of Filter, including the null-embed filter: a
// leaf "rel.is.null" whose field names an embed of the node tests for the
// embedded row's existence.
type LogicTree struct {
	Negate   bool
	Op       LogicOp
	Children []LogicTree
	Filter   *Filter
}

// Logic is one or= / and= parameter: the tree and the embed path it
// applies to ("clients.or=(...)" has Path ["clients"]). Several logic
// parameters and the plain filters on the same node are ANDed.
//
// The root is normally an operator node; PostgREST's grammar also reads a
// key "or" with value ".eq.1" as the leaf filter "or=eq.1", and so do we.
type Logic struct {
	Path []string
	Tree LogicTree
}

// Logic tree grammar, after pLogicTree in QueryParams.hs.
var (
	pLogicTree = newLogicTreeParser()

	pPgArray = bind(str("{"), func(a string) parser[string] {
		return bind(many(noneOf("{}")), func(b []rune) parser[string] {
			return mapP(str("}"), func(c string) string { return a + string(b) + c })
		})
	})

	pLogicSingleVal = alt(
		try(seqL(pQuotedValue, notFollowedBy(noneOf(",)"), hsShowChar))),
		try(pPgArray),
		mapP(many(noneOf(",)")), func(rs []rune) string { return string(rs) }),
	)

	// pLogicPath splits a logic key like "clients.not.or" into the embed
	// path and the operator with its negation ("not.or"); "not" may appear
	// anywhere in the path.
	pLogicPath = mapP(sepBy1(pFieldName, pDelimiter), func(names []string) logicPath {
		op := names[len(names)-1]
		var path []string
		negated := op == "not"
		for _, n := range names[:len(names)-1] {
			if n == "not" {
				negated = true
				continue
			}
			path = append(path, n)
		}
		if negated {
			op = "not." + op
		}
		return logicPath{path: path, op: op}
	})
)

type logicPath struct {
	path []string
	op   string
}

func newLogicTreeParser() parser[LogicTree] {
	var tree parser[LogicTree]
	leaf := bind(seqL(pField, pDelimiter), func(fld Field) parser[LogicTree] {
		return mapP(pOpExpr(pLogicSingleVal), func(f Filter) LogicTree {
			f.Field = fld
			return LogicTree{Filter: &f}
		})
	})
	pNot := label(pNotDot, "negation operator (not)")
	pOp := label(alt(try(constP(str("and"), LogicAnd)), constP(str("or"), LogicOr)), "logic operator (and, or)")
	children := seqR(lexeme(char('(')), seqL(
		sepBy1(nested(func() parser[LogicTree] { return tree }), lexeme(char(','))),
		lexeme(char(')'))))
	tree = alt(
		try(leaf),
		bind(pNot, func(neg bool) parser[LogicTree] {
			return bind(pOp, func(op LogicOp) parser[LogicTree] {
				return mapP(children, func(cs []LogicTree) LogicTree {
					return LogicTree{Negate: neg, Op: op, Children: cs}
				})
			})
		}),
	)
	return tree
}

// ParseLogic parses an and= / or= parameter. The key's last segment is
// the operator, optionally preceded by "not" and an embed path:
// "or", "not.and", "clients.or", "clients.not.or".
func ParseLogic(key, value string) (Logic, error) {
	l, err := parseLogic(key, value)
	if err != nil {
		return Logic{}, err
	}
	return l, nil
}

func parseLogic(key, value string) (Logic, *Error) {
	lp, perr := run(pLogicPath, key)
	if perr != nil {
		return Logic{}, queryParamError("failed to parse logic path ("+key+")", *perr)
	}
	// PostgREST parses the operator and the value as one string, "or(...)",
	// so error columns count from the start of the operator.
	tree, perr := run(pLogicTree, lp.op+value)
	if perr != nil {
		return Logic{}, queryParamError("failed to parse logic tree ("+value+")", *perr)
	}
	return Logic{Path: lp.path, Tree: tree}, nil
}

// String renders the tree in the grammar of a logic tree condition:
// "or(a.eq.1,not.and(b.gt.2,c.is.null))".
func (t LogicTree) String() string {
	var b strings.Builder
	t.write(&b)
	return b.String()
}

func (t LogicTree) write(b *strings.Builder) {
	if t.Filter != nil {
		b.WriteString(t.Filter.Field.String())
		b.WriteByte('.')
		b.WriteString(t.Filter.expr(true))
		return
	}
	if t.Negate {
		b.WriteString("not.")
	}
	b.WriteString(string(t.Op))
	b.WriteByte('(')
	for i, c := range t.Children {
		if i > 0 {
			b.WriteByte(',')
		}
		c.write(b)
	}
	b.WriteByte(')')
}

// Param renders an operator-rooted logic parameter; ParseLogic(l.Param())
// gives it back. A leaf root (see Logic) has no faithful rendering and
// comes out as its condition under an "and" key.
func (l Logic) Param() (key, value string) {
	var b strings.Builder
	for _, p := range l.Path {
		b.WriteString(quoteName(p))
		b.WriteByte('.')
	}
	t := l.Tree
	if t.Filter != nil {
		t = LogicTree{Op: LogicAnd, Children: []LogicTree{t}}
	}
	if t.Negate {
		b.WriteString("not.")
	}
	b.WriteString(string(t.Op))
	s := t.String()
	return b.String(), s[strings.IndexByte(s, '('):]
}
