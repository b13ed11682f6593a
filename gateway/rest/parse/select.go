package parse

import "strings"

// SelectItem is one entry of a select list: exactly one of Field and Embed
// is set.
type SelectItem struct {
	Field *SelectField
	Embed *Embed
}

// SelectField selects a column ("*" for all), a JSON path into one, or an
// aggregate.
//
//	alias:data->a->>b::int      Field{data->a->>b}, Alias "alias", Cast "int"
//	amount.sum()::int           Field{amount}, Aggregate "sum", AggregateCast "int"
//	total:count()               Field{*}, Aggregate "count", Alias "total"
//
// An empty Alias means none: the planner names a JSON path after its last
// key ("data->0" after the column), an aggregate after the function and a
// column after itself. Casts are inserted into SQL unquoted, which is safe
// because the grammar only admits letters, digits, '_', '$' and spaces.
// Aggregates are only allowed when db-aggregates-enabled is set (PGRST123);
// checking that is the planner's job.
type SelectField struct {
	Field         Field
	Alias         string
	Cast          string
	Aggregate     Aggregate
	AggregateCast string
}

// Aggregate is an aggregate function of the select grammar.
type Aggregate string

const (
	AggCount Aggregate = "count"
	AggSum   Aggregate = "sum"
	AggAvg   Aggregate = "avg"
	AggMax   Aggregate = "max"
	AggMin   Aggregate = "min"
)

// JoinType is an embed's !inner or !left. Empty means unspecified, which
// PostgREST treats as left.
type JoinType string

const (
	JoinInner JoinType = "inner"
	JoinLeft  JoinType = "left"
)

// Embed is an embedded resource, rel(...), alias:rel!hint!inner(...) or a
// spread ...rel(...).
//
// The planner resolves Relation (a table or view name, a foreign key
// constraint name or a foreign key column) and Hint (constraint, column or
// junction table) against the schema cache. Filters, order and ranges
// address an embed by Alias if it has one, by Relation otherwise. Spread
// embeds have no alias. An embed with an empty Select selects no columns
// but can still filter its parent.
type Embed struct {
	Relation string
	Alias    string
	Hint     string
	Join     JoinType
	Spread   bool
	Select   []SelectItem
}

// Select grammar, after pFieldForest in QueryParams.hs.
var pSelect = newSelectParser()

func newSelectParser() parser[[]SelectItem] {
	var forest parser[[]SelectItem]
	children := between(char('('), char(')'), nested(func() parser[[]SelectItem] { return forest }))
	withChildren := func(p parser[Embed]) parser[SelectItem] {
		return bind(try(p), func(e Embed) parser[SelectItem] {
			return mapP(children, func(cs []SelectItem) SelectItem {
				e.Select = cs
				return SelectItem{Embed: &e}
			})
		})
	}
	tree := alt(
		withChildren(pSpreadSelect),
		withChildren(pRelationSelect),
		mapP(pFieldSelect, func(f SelectField) SelectItem { return SelectItem{Field: &f} }),
	)
	forest = sepBy(tree, lexeme(char(',')))
	return forest
}

var (
	aliasSeparator = seqR(char(':'), notFollowedBy(char(':'), hsShowChar))

	pAlias = option("", try(seqL(pFieldName, aliasSeparator)))

	pCast = option("", seqR(str("::"), pIdentifier))

	pSelectEnd = alt(
		try(void(lookAhead(str(")")))),
		try(void(lookAhead(str(",")))),
		try(eof),
	)

	pAggregation = alt(
		constP(str("sum"), AggSum),
		constP(str("avg"), AggAvg),
		constP(str("count"), AggCount),
		try(constP(str("max"), AggMax)),
		try(constP(str("min"), AggMin)),
	)

	pFieldSelect = lexeme(alt(
		try(seqR(str("*"), constP(pSelectEnd, SelectField{Field: Field{Name: "*"}}))),
		try(bind(pAlias, func(alias string) parser[SelectField] {
			return seqR(str("count()"), bind(pCast, func(aggCast string) parser[SelectField] {
				return constP(pSelectEnd, SelectField{Field: Field{Name: "*"}, Aggregate: AggCount, AggregateCast: aggCast, Alias: alias})
			}))
		})),
		bind(pAlias, func(alias string) parser[SelectField] {
			return bind(pField, func(fld Field) parser[SelectField] {
				return bind(pCast, func(cast string) parser[SelectField] {
					agg := option("", try(seqL(seqR(char('.'), pAggregation), str("()"))))
					return bind(agg, func(agg Aggregate) parser[SelectField] {
						return bind(pCast, func(aggCast string) parser[SelectField] {
							return constP(pSelectEnd, SelectField{Field: fld, Alias: alias, Cast: cast, Aggregate: agg, AggregateCast: aggCast})
						})
					})
				})
			})
		}),
	))

	pEmbedParam = seqR(char('!'), alt(
		try(constP(str("left"), embedParam{join: JoinLeft})),
		try(constP(str("inner"), embedParam{join: JoinInner})),
		try(mapP(pFieldName, func(h string) embedParam { return embedParam{hint: h, isHint: true} })),
	))

	// pEmbedParams reads up to two !hint / !join markers, in either order.
	pEmbedParams = bind(option(embedParam{}, pEmbedParam), func(p1 embedParam) parser[Embed] {
		return mapP(option(embedParam{}, pEmbedParam), func(p2 embedParam) Embed {
			var e Embed
			hinted := false
			for _, p := range []embedParam{p1, p2} {
				if p.isHint && !hinted {
					e.Hint, hinted = p.hint, true
				}
				if p.join != "" && e.Join == "" {
					e.Join = p.join
				}
			}
			return e
		})
	})

	pOpenParen = try(void(lookAhead(str("("))))

	pRelationSelect = lexeme(bind(pAlias, func(alias string) parser[Embed] {
		return bind(pFieldName, func(name string) parser[Embed] {
			// "count" followed by "(" is the count() aggregate, never a relation.
			return seqR(guard(name != "count"), bind(pEmbedParams, func(e Embed) parser[Embed] {
				e.Relation, e.Alias = name, alias
				return constP(pOpenParen, e)
			}))
		})
	}))

	pSpreadSelect = lexeme(bind(seqR(str("..."), pFieldName), func(name string) parser[Embed] {
		return bind(pEmbedParams, func(e Embed) parser[Embed] {
			e.Relation, e.Spread = name, true
			return constP(pOpenParen, e)
		})
	}))
)

type embedParam struct {
	hint   string
	isHint bool
	join   JoinType
}

// ParseSelect parses a select parameter. An empty string gives an empty
// list; the root of a request without a select parameter selects "*".
func ParseSelect(s string) ([]SelectItem, error) {
	items, err := parseSelect(s)
	if err != nil {
		return nil, err
	}
	return items, nil
}

func parseSelect(s string) ([]SelectItem, *Error) {
	if items, ok := fastSelect(s); ok {
		return items, nil
	}
	items, perr := run(pSelect, s)
	if perr != nil {
		return nil, queryParamError("failed to parse select parameter ("+s+")", *perr)
	}
	return items, nil
}

// FormatSelect renders a select list in the URL grammar; ParseSelect gives
// the same items back.
func FormatSelect(items []SelectItem) string {
	var b strings.Builder
	writeSelect(&b, items)
	return b.String()
}

func writeSelect(b *strings.Builder, items []SelectItem) {
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		switch {
		case it.Embed != nil:
			writeEmbed(b, it.Embed)
		case it.Field != nil:
			writeSelectField(b, it.Field)
		}
	}
}

func writeEmbed(b *strings.Builder, e *Embed) {
	if e.Spread {
		b.WriteString("...")
	} else if e.Alias != "" {
		b.WriteString(quoteName(e.Alias))
		b.WriteByte(':')
	}
	b.WriteString(quoteName(e.Relation))
	if e.Hint != "" {
		hint := quoteName(e.Hint)
		// A bare hint starting with a join keyword would be read as the join.
		if strings.HasPrefix(hint, "left") || strings.HasPrefix(hint, "inner") {
			hint = quote(e.Hint)
		}
		b.WriteString("!" + hint)
	}
	if e.Join != "" {
		b.WriteString("!" + string(e.Join))
	}
	b.WriteByte('(')
	writeSelect(b, e.Select)
	b.WriteByte(')')
}

func writeSelectField(b *strings.Builder, f *SelectField) {
	star := f.Field.Name == "*" && len(f.Field.JSONPath) == 0
	if star && f.Cast == "" && f.Alias == "" && f.Aggregate == "" && f.AggregateCast == "" {
		b.WriteByte('*')
		return
	}
	if f.Alias != "" {
		b.WriteString(quoteName(f.Alias))
		b.WriteByte(':')
	}
	if star && f.Cast == "" && f.Aggregate == AggCount {
		b.WriteString("count()")
	} else {
		b.WriteString(f.Field.String())
		if f.Cast != "" {
			b.WriteString("::" + f.Cast)
		}
		if f.Aggregate != "" {
			b.WriteString("." + string(f.Aggregate) + "()")
		}
	}
	if f.AggregateCast != "" {
		b.WriteString("::" + f.AggregateCast)
	}
}
