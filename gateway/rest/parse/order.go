package parse

import "strings"

// OrderDirection is asc or desc; empty leaves PostgreSQL's default (ASC).
type OrderDirection string

const (
	OrderAsc  OrderDirection = "asc"
	OrderDesc OrderDirection = "desc"
)

// OrderNulls is nullsfirst or nullslast; empty leaves PostgreSQL's default
// (NULLS LAST for ascending, NULLS FIRST for descending).
type OrderNulls string

const (
	NullsFirst OrderNulls = "nullsfirst"
	NullsLast  OrderNulls = "nullslast"
)

// OrderTerm is one term of an order parameter, col[->json][.dir][.nulls].
// When Relation is set the term is rel(col)[.dir][.nulls]: order the
// parents by a column of the embedded resource Relation, which the planner
// must find among the node's embeds and check is to-one (PGRST118
// otherwise).
type OrderTerm struct {
	Relation  string
	Field     Field
	Direction OrderDirection
	Nulls     OrderNulls
}

// Order is one order parameter: its terms and the embed path it applies to
// ("clients.order=name" has Path ["clients"]). When several order
// parameters address the same node, PostgREST uses the first.
type Order struct {
	Path  []string
	Terms []OrderTerm
}

// Order grammar, after pOrder in QueryParams.hs.
var (
	pOrderEnd = alt(try(void(lookAhead(char(',')))), try(eof))

	pOrderDir = alt(
		try(constP(seqR(pDelimiter, str("asc")), OrderAsc)),
		try(constP(seqR(pDelimiter, str("desc")), OrderDesc)),
	)

	pOrderNulls = alt(
		try(constP(seqR(pDelimiter, str("nullsfirst")), NullsFirst)),
		try(constP(seqR(pDelimiter, str("nullslast")), NullsLast)),
	)

	pOrderModifiers = bind(option("", pOrderDir), func(dir OrderDirection) parser[OrderTerm] {
		nulls := alt(seqL(option("", pOrderNulls), pOrderEnd), constP(pOrderEnd, OrderNulls("")))
		return mapP(nulls, func(n OrderNulls) OrderTerm { return OrderTerm{Direction: dir, Nulls: n} })
	})

	pOrderTerm = bind(pField, func(fld Field) parser[OrderTerm] {
		return mapP(pOrderModifiers, func(t OrderTerm) OrderTerm { t.Field = fld; return t })
	})

	pOrderRelationTerm = bind(pFieldName, func(rel string) parser[OrderTerm] {
		return bind(between(char('('), char(')'), pField), func(fld Field) parser[OrderTerm] {
			return mapP(pOrderModifiers, func(t OrderTerm) OrderTerm { t.Relation, t.Field = rel, fld; return t })
		})
	})

	pOrder = sepBy1(lexeme(alt(try(pOrderRelationTerm), pOrderTerm)), char(','))
)

// ParseOrder parses an order parameter; key gives the embed path ("order",
// "clients.order").
func ParseOrder(key, value string) (Order, error) {
	o, err := parseOrder(key, value)
	if err != nil {
		return Order{}, err
	}
	return o, nil
}

func parseOrder(key, value string) (Order, *Error) {
	tp, err := parseTreePath(key)
	if err != nil {
		return Order{}, err
	}
	terms, ok := fastOrder(value)
	if !ok {
		var perr *perror
		if terms, perr = run(pOrder, value); perr != nil {
			return Order{}, queryParamError("failed to parse order ("+value+")", *perr)
		}
	}
	return Order{Path: tp.path, Terms: terms}, nil
}

// FormatOrder renders order terms in the URL grammar; ParseOrder gives the
// same terms back.
func FormatOrder(terms []OrderTerm) string {
	var b strings.Builder
	for i, t := range terms {
		if i > 0 {
			b.WriteByte(',')
		}
		if t.Relation != "" {
			b.WriteString(quoteName(t.Relation) + "(" + t.Field.String() + ")")
		} else {
			b.WriteString(t.Field.String())
		}
		if t.Direction != "" {
			b.WriteString("." + string(t.Direction))
		}
		if t.Nulls != "" {
			b.WriteString("." + string(t.Nulls))
		}
	}
	return b.String()
}
