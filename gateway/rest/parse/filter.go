package parse

import "strings"

// Operator is a filter operator of the URL grammar.
type Operator string

const (
	OpEq         Operator = "eq"         // =
	OpNeq        Operator = "neq"        // <>
	OpGt         Operator = "gt"         // >
	OpGte        Operator = "gte"        // >=
	OpLt         Operator = "lt"         // <
	OpLte        Operator = "lte"        // <=
	OpLike       Operator = "like"       // LIKE, * in the value means %
	OpILike      Operator = "ilike"      // ILIKE, * in the value means %
	OpMatch      Operator = "match"      // ~
	OpIMatch     Operator = "imatch"     // ~*
	OpIn         Operator = "in"         // = ANY('{...}'), values in Filter.List
	OpIs         Operator = "is"         // IS NULL/NOT NULL/TRUE/FALSE/UNKNOWN, value in Filter.Is
	OpIsDistinct Operator = "isdistinct" // IS DISTINCT FROM
	OpFts        Operator = "fts"        // @@ to_tsquery
	OpPlFts      Operator = "plfts"      // @@ plainto_tsquery
	OpPhFts      Operator = "phfts"      // @@ phraseto_tsquery
	OpWFts       Operator = "wfts"       // @@ websearch_to_tsquery
	OpCs         Operator = "cs"         // @>
	OpCd         Operator = "cd"         // <@
	OpOv         Operator = "ov"         // &&
	OpSl         Operator = "sl"         // <<
	OpSr         Operator = "sr"         // >>
	OpNxr        Operator = "nxr"        // &<
	OpNxl        Operator = "nxl"        // &>
	OpAdj        Operator = "adj"        // -|-
)

// Quantified reports whether the operator accepts (any) and (all).
func (o Operator) Quantified() bool {
	switch o {
	case OpEq, OpGt, OpGte, OpLt, OpLte, OpLike, OpILike, OpMatch, OpIMatch:
		return true
	}
	return false
}

// FullText reports whether the operator is a full-text search, which
// accepts an optional text search configuration: fts(english).
func (o Operator) FullText() bool {
	switch o {
	case OpFts, OpPlFts, OpPhFts, OpWFts:
		return true
	}
	return false
}

// Quantifier is eq(any) or eq(all): the value is then a PostgreSQL array
// literal compared with = ANY($1) or = ALL($1).
type Quantifier string

const (
	QuantAny Quantifier = "any"
	QuantAll Quantifier = "all"
)

// IsValue is the operand of the is operator; the grammar accepts each in
// lower or upper case letter by letter (nUlL).
type IsValue string

const (
	IsNull    IsValue = "null"
	IsNotNull IsValue = "not_null"
	IsTrue    IsValue = "true"
	IsFalse   IsValue = "false"
	IsUnknown IsValue = "unknown"
)

// Filter is a horizontal filter, col=[not.]op[(modifier)].value, or one
// condition of a logic tree.
//
// Path is the embed path from the parameter key: "clients.name=eq.x" has
// Path ["clients"] and filters only the embedded clients. The planner must
// find each element among the embeds of the select (by alias, else by
// relation name; 400 PGRST108 when missing). A root filter whose Field
// names an embed and whose operator is is.null (negated or not) filters
// parents by the existence of the embedded row instead of filtering a
// column; other operators on an embed name are PGRST120.
//
// Values are raw: they go to PostgreSQL as untyped parameters, so the
// column's type decides how they are read. For like and ilike, every '*'
// means '%' (see Operand). In-lists are decoded (quotes and backslash
// escapes removed); `in.()` yields List [""], which PostgREST renders as
// the empty array.
type Filter struct {
	Path       []string
	Field      Field
	Negate     bool
	Op         Operator
	Quantifier Quantifier // only for Op.Quantified operators
	Language   string     // text search configuration of full-text operators
	Value      string     // every operator but in and is
	List       []string   // in
	Is         IsValue    // is
}

// Operand returns the value as it goes into SQL: for like and ilike every
// '*' becomes '%' (there is no way to match a literal '*'); other values
// are returned as they are.
func (f *Filter) Operand() string {
	if f.Op == OpLike || f.Op == OpILike {
		return strings.ReplaceAll(f.Value, "*", "%")
	}
	return f.Value
}

// Filter grammar, after pOpExpr in QueryParams.hs. The value parser differs
// between a top-level parameter (everything to the end) and a condition in
// a logic tree (up to ',' or ')', with quoting).
var (
	pSingleVal = mapP(many(anyChar), func(rs []rune) string { return string(rs) })

	pListElement = alt(
		try(seqL(pQuotedValue, notFollowedBy(noneOf(",)"), hsShowChar))),
		mapP(many(noneOf(",)")), func(rs []rune) string { return string(rs) }),
	)

	pListVal = seqR(lexeme(char('(')), seqL(sepBy1(pListElement, char(',')), lexeme(char(')'))))

	pIsVal = label(alt(
		try(constP(ciString("null"), IsNull)),
		try(constP(ciString("not_null"), IsNotNull)),
		try(constP(ciString("true"), IsTrue)),
		try(constP(ciString("false"), IsFalse)),
		try(constP(ciString("unknown"), IsUnknown)),
	), "isVal: (null, not_null, true, false, unknown)")

	simpleOperator = label(alt(
		try(constP(str("neq"), OpNeq)),
		try(constP(str("cs"), OpCs)),
		try(constP(str("cd"), OpCd)),
		try(constP(str("ov"), OpOv)),
		try(constP(str("sl"), OpSl)),
		try(constP(str("sr"), OpSr)),
		try(constP(str("nxr"), OpNxr)),
		try(constP(str("nxl"), OpNxl)),
		try(constP(str("adj"), OpAdj)),
	), "unknown single value operator")

	quantOperator = label(alt(
		try(constP(str("eq"), OpEq)),
		try(constP(str("gte"), OpGte)),
		try(constP(str("gt"), OpGt)),
		try(constP(str("lte"), OpLte)),
		try(constP(str("lt"), OpLt)),
		try(constP(str("like"), OpLike)),
		try(constP(str("ilike"), OpILike)),
		try(constP(str("match"), OpMatch)),
		try(constP(str("imatch"), OpIMatch)),
	), "unknown single value operator")

	ftsOperator = alt(
		try(constP(str("fts"), OpFts)),
		try(constP(str("plfts"), OpPlFts)),
		try(constP(str("phfts"), OpPhFts)),
		try(constP(str("wfts"), OpWFts)),
	)

	pNotDot = alt(try(constP(seqR(str("not"), pDelimiter), true)), pure(false))

	// pTopOpExpr parses the value of a filter parameter.
	pTopOpExpr = pOpExpr(pSingleVal)

	// pRPCOpExpr parses the value of a parameter of a GET or HEAD /rpc
	// call: a value that is not an operator expression (without consuming
	// input) is a function argument.
	pRPCOpExpr = alt(pTableOpExpr, pure(rpcOpExpr{arg: true}))

	pTableOpExpr = mapP(pTopOpExpr, func(f Filter) rpcOpExpr { return rpcOpExpr{filter: f} })
)

type rpcOpExpr struct {
	filter Filter
	arg    bool
}

func pOpExpr(pVal parser[string]) parser[Filter] {
	value := func(f Filter) parser[Filter] {
		return mapP(pVal, func(v string) Filter { f.Value = v; return f })
	}
	pIn := mapP(seqR(try(seqR(str("in"), pDelimiter)), pListVal), func(l []string) Filter { return Filter{Op: OpIn, List: l} })
	pIs := mapP(seqR(try(seqR(str("is"), pDelimiter)), pIsVal), func(v IsValue) Filter { return Filter{Op: OpIs, Is: v} })
	pIsDist := seqR(try(seqR(str("isdistinct"), pDelimiter)), value(Filter{Op: OpIsDistinct}))
	pFts := bind(ftsOperator, func(op Operator) parser[Filter] {
		lang := option("", try(between(char('('), char(')'), pIdentifier)))
		return bind(lang, func(lang string) parser[Filter] {
			return seqR(pDelimiter, value(Filter{Op: op, Language: lang}))
		})
	})
	pSimple := bind(simpleOperator, func(op Operator) parser[Filter] {
		return seqR(pDelimiter, value(Filter{Op: op}))
	})
	pQuant := bind(quantOperator, func(op Operator) parser[Filter] {
		quant := option("", try(between(char('('), char(')'),
			alt(try(constP(str("any"), QuantAny)), constP(str("all"), QuantAll)))))
		return bind(quant, func(q Quantifier) parser[Filter] {
			return seqR(pDelimiter, value(Filter{Op: op, Quantifier: q}))
		})
	})
	operation := label(alt(pIn, pIs, pIsDist, try(pFts), try(pSimple), try(pQuant)), "operator (eq, gt, ...)")
	return bind(pNotDot, func(neg bool) parser[Filter] {
		return mapP(operation, func(f Filter) Filter { f.Negate = neg; return f })
	})
}

// ciString matches s with each letter in either case ("null", "NULL",
// "nUlL").
func ciString(s string) parser[string] {
	p := pure("")
	for _, c := range s {
		ci := alt(char(c), char(toUpperASCII(c)))
		p = bind(p, func(acc string) parser[string] {
			return mapP(ci, func(r rune) string { return acc + string(r) })
		})
	}
	return p
}

func toUpperASCII(c rune) rune {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// ParseFilter parses a filter parameter of a table (or POST /rpc) request,
// key=value, as PostgREST does: the key is an embed path and a field, the
// value an operator expression.
//
// In a GET or HEAD /rpc call a parameter whose value is not an operator
// expression is a function argument instead; Parse handles that.
func ParseFilter(key, value string) (Filter, error) {
	tp, err := parseTreePath(key)
	if err != nil {
		return Filter{}, err
	}
	f, ok := fastFilter(value)
	if !ok {
		var perr *perror
		if f, perr = run(pTopOpExpr, value); perr != nil {
			return Filter{}, queryParamError("failed to parse filter ("+value+")", *perr)
		}
	}
	f.Path, f.Field = tp.path, tp.field
	return f, nil
}

func parseTreePath(key string) (treePath, *Error) {
	if tp, ok := fastTreePath(key); ok {
		return tp, nil
	}
	tp, perr := run(pTreePath, key)
	if perr != nil {
		return treePath{}, queryParamError("failed to parse tree path ("+key+")", *perr)
	}
	return tp, nil
}

// Param renders the filter as a query parameter; ParseFilter(f.Param())
// gives the filter back.
func (f Filter) Param() (key, value string) {
	var b strings.Builder
	for _, p := range f.Path {
		b.WriteString(quoteName(p))
		b.WriteByte('.')
	}
	b.WriteString(f.Field.String())
	return b.String(), f.expr(false)
}

// expr renders [not.]op[(modifier)].value; inTree selects the quoting of
// values inside a logic tree.
func (f Filter) expr(inTree bool) string {
	var b strings.Builder
	if f.Negate {
		b.WriteString("not.")
	}
	b.WriteString(string(f.Op))
	switch {
	case f.Op == OpIn:
		b.WriteString(".(")
		for i, v := range f.List {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(quoteListElement(v, i == 0))
		}
		b.WriteByte(')')
		return b.String()
	case f.Op == OpIs:
		b.WriteString("." + string(f.Is))
		return b.String()
	case f.Quantifier != "":
		b.WriteString("(" + string(f.Quantifier) + ")")
	case f.Language != "":
		b.WriteString("(" + f.Language + ")")
	}
	b.WriteByte('.')
	if inTree {
		b.WriteString(quoteTreeValue(f.Value))
	} else {
		b.WriteString(f.Value)
	}
	return b.String()
}

func quoteListElement(v string, first bool) string {
	if strings.ContainsAny(v, `,)"\`) || (first && strings.TrimLeft(v, " \t") != v) {
		return quote(v)
	}
	return v
}

func quoteTreeValue(v string) string {
	if strings.ContainsAny(v, `,)"\{`) {
		return quote(v)
	}
	return v
}
