// Package sqlgen is the third stage of gateway/rest: it renders a
// [plan.Plan] as ONE SQL statement that makes PostgreSQL do the work —
// filter, join the embeds, aggregate the rows into the JSON (or CSV) body
// and count them — so a request costs one statement in one transaction.
//
// The shape follows PostgREST's QueryBuilder: the rows come from a CTE
// pgrst_source (a SELECT, an INSERT/UPDATE/DELETE ... RETURNING, or a
// function call), and the outer SELECT answers in fixed columns:
//
//	total_result_set  bigint  the count asked for by Prefer: count=exact, else NULL
//	page_total        bigint  rows in the response (affected rows for mutations)
//	body              text    the response body, NULL when none is sent
//	response_headers  text    the response.headers GUC (JSON), NULL when unset
//	response_status   text    the response.status GUC, NULL when unset
//	inserted          bigint  rows an upsert inserted (rather than updated), NULL otherwise
//
// Every request value is a bind parameter sent untyped (text, OID 0), so
// PostgreSQL reads it as the type of the column it is compared with, as
// PostgREST does; every identifier goes through [pgident.Quote].
package sqlgen

import (
	"strconv"
	"strings"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/internal/pgident"
)

// Statement is SQL with its parameters; Args are text values sent with
// OID 0 (unknown type); a nil element is NULL.
type Statement struct {
	SQL  string
	Args [][]byte
}

// Result column positions of the main statement.
const (
	ColTotal = iota
	ColPageTotal
	ColBody
	ColHeaders
	ColStatus
	ColInserted
)

type gen struct {
	p    *plan.Plan
	args [][]byte
	head bool
}

func (g *gen) param(v string) string {
	g.args = append(g.args, []byte(v))
	return "$" + strconv.Itoa(len(g.args))
}

// Options change what the statement computes.
type Options struct {
	// NoBody leaves the body out (HEAD).
	NoBody bool
}

// Main renders the statement for p.
func Main(p *plan.Plan, opts Options) Statement {
	g := &gen{p: p, head: opts.NoBody}
	var sql string
	switch p.Kind {
	case plan.Read:
		sql = g.read()
	case plan.Call:
		sql = g.call()
	default:
		sql = g.mutation()
	}
	return Statement{SQL: sql, Args: g.args}
}

// CountQuery renders the query whose rows a planned count estimates
// (Prefer: count=planned|estimated): the read without limit and embeds.
// The caller prefixes EXPLAIN (FORMAT JSON).
func CountQuery(p *plan.Plan) Statement {
	g := &gen{p: p}
	var sql string
	if p.Kind == plan.Call {
		sql = "WITH pgrst_source AS (" + g.callSource() + ") " + g.countQuery(p.Root, "pgrst_source AS "+pgident.Quote(p.Root.Alias))
	} else {
		sql = g.countQuery(p.Root, pgident.Qual(p.Schema, p.Table.Name)+" AS "+pgident.Quote(p.Root.Alias))
	}
	return Statement{SQL: sql, Args: g.args}
}

// Rows renders a read as its rows alone, for an engine that renders the
// body itself: the SELECT of pgrst_source (filters, order, limit) without
// the aggregate around it. Only for p.Kind == plan.Read.
func Rows(p *plan.Plan) Statement {
	g := &gen{p: p}
	sql := g.nodeQuery(p.Root, pgident.Qual(p.Schema, p.Table.Name)+" AS "+pgident.Quote(p.Root.Alias), nil, true)
	return Statement{SQL: sql, Args: g.args}
}

// ResponseGUCs reads what the main statement's tail reads, for Rows:
// the response.headers and response.status GUCs, NULL when unset.
const ResponseGUCs = `SELECT nullif(current_setting('response.headers', true), ''), ` +
	`nullif(current_setting('response.status', true), '')`

const tail = `nullif(current_setting('response.headers', true), '') AS response_headers, ` +
	`nullif(current_setting('response.status', true), '') AS response_status`

func (g *gen) read() string {
	p := g.p
	from := pgident.Qual(p.Schema, p.Table.Name) + " AS " + pgident.Quote(p.Root.Alias)
	source := g.nodeQuery(p.Root, from, nil, true)
	var b strings.Builder
	b.Grow(len(source) + 320) // the statement around it, grown once
	b.WriteString("WITH pgrst_source AS (")
	b.WriteString(source)
	b.WriteString(")")
	total := "NULL::bigint"
	if p.Prefer.ShouldCount() {
		b.WriteString(", pgrst_source_count AS (")
		b.WriteString(g.countQuery(p.Root, from))
		b.WriteString(")")
		total = "(SELECT pg_catalog.count(*) FROM pgrst_source_count)"
	}
	for _, part := range [...]string{" SELECT ", total, " AS total_result_set, pg_catalog.count(*) AS page_total, ",
		g.body(), " AS body, ", tail, ", NULL::bigint AS inserted"} {
		b.WriteString(part)
	}
	b.WriteString(" FROM (SELECT * FROM pgrst_source) _postgrest_t")
	return b.String()
}

// body aggregates _postgrest_t into the response body.
func (g *gen) body() string {
	if g.head {
		return "NULL::text"
	}
	p := g.p
	if p.Kind == plan.Call && !p.Func.Return.Composite {
		if p.Func.ReturnsVoid() {
			return "NULL::text"
		}
		agg := "json_agg(_postgrest_t.pgrst_scalar)"
		if !p.Func.Return.SetOf {
			return "coalesce((" + agg + "->0)::text, 'null')"
		}
		if p.Media.Kind == parse.MediaSingular {
			return "coalesce((" + agg + "->0)::text, 'null')"
		}
		return "coalesce(" + agg + ", '[]')::text"
	}
	switch p.Media.Kind {
	case parse.MediaGeoJSON:
		// PostgREST's asGeoJsonF: a FeatureCollection of PostGIS's
		// ST_AsGeoJSON(record) Features, the geometry column as geometry
		// and the other columns as properties. ST_AsGeoJSON is left
		// unqualified to find PostGIS where it was installed (the
		// request's search_path ends in public, extensions); without
		// PostGIS the answer is PostgreSQL's 42883.
		return "json_build_object('type', 'FeatureCollection', 'features', coalesce(json_agg(ST_AsGeoJSON(_postgrest_t)::json), '[]'))::text"
	case parse.MediaCSV:
		return `(SELECT coalesce(string_agg(pgrst_k, ','), '') FROM (SELECT json_object_keys(row_to_json(pgrst_h)) AS pgrst_k FROM (SELECT * FROM pgrst_source LIMIT 1) pgrst_h) pgrst_keys)` +
			` || chr(10) || coalesce(string_agg(substring(_postgrest_t::text, 2, length(_postgrest_t::text) - 2), chr(10)), '')`
	case parse.MediaSingular:
		if p.Media.StripNulls {
			return "coalesce(json_strip_nulls(json_agg(_postgrest_t)->0)::text, 'null')"
		}
		// The one row's JSON: row_to_json renders a row as json_agg does
		// (composite_to_json, no line feeds), and json_agg(...)->0 would
		// lex the array's text again to cut the element out. Over other
		// than one row the body is never sent (PGRST116), so what
		// string_agg joins then does not matter.
		return "coalesce(string_agg(row_to_json(_postgrest_t)::text, ''), 'null')"
	case parse.MediaArrayStripped:
		return "coalesce(json_strip_nulls(json_agg(_postgrest_t)), '[]')::text"
	}
	if p.Kind == plan.Call && !p.Func.Return.SetOf {
		// One composite value: an object (null when the function
		// returned no row).
		return "coalesce((json_agg(_postgrest_t)->0)::text, 'null')"
	}
	return "coalesce(json_agg(_postgrest_t), '[]')::text"
}

// nodeQuery renders the SELECT of a node over from: its select list, the
// lateral joins of its embeds, the conditions (join conditions in extra,
// then filters and logic trees), GROUP BY, ORDER BY, LIMIT and OFFSET.
func (g *gen) nodeQuery(n *plan.Node, from string, extra []string, filters bool) string {
	var b strings.Builder
	b.WriteString("SELECT ")
	b.WriteString(g.selectList(n))
	b.WriteString(" FROM ")
	b.WriteString(from)
	for _, it := range n.Items {
		if it.Embed != nil {
			b.WriteString(g.lateral(n, it.Embed))
		}
	}
	conds := extra
	if filters {
		conds = append(conds, g.conditions(n)...)
	}
	if len(conds) > 0 {
		b.WriteString(" WHERE ")
		b.WriteString(strings.Join(conds, " AND "))
	}
	if n.Grouped {
		if gb := g.groupBy(n); len(gb) > 0 {
			b.WriteString(" GROUP BY ")
			b.WriteString(strings.Join(gb, ", "))
		}
	}
	if len(n.Order) > 0 {
		b.WriteString(" ORDER BY ")
		for i, t := range n.Order {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(g.orderTerm(n, t))
		}
	}
	b.WriteString(rangeSQL(n.Range))
	return b.String()
}

func rangeSQL(r parse.Range) string {
	s := ""
	if r.HasLimit {
		s += " LIMIT " + strconv.FormatInt(r.Limit, 10)
	}
	if r.Offset > 0 {
		s += " OFFSET " + strconv.FormatInt(r.Offset, 10)
	}
	return s
}

// countQuery counts the rows a node's filters select, without limit and
// offset, joining only the embeds that filter rows (!inner, or named by a
// filter).
func (g *gen) countQuery(n *plan.Node, from string) string {
	var b strings.Builder
	if n.Grouped {
		b.WriteString("SELECT 1 FROM (")
		saved := n.Range
		order := n.Order
		n.Range, n.Order = parse.Range{}, nil
		b.WriteString(g.nodeQuery(n, from, nil, true))
		n.Range, n.Order = saved, order
		b.WriteString(") pgrst_grouped")
		return b.String()
	}
	b.WriteString("SELECT 1 FROM ")
	b.WriteString(from)
	needed := filteringEmbeds(n)
	for _, it := range n.Items {
		if it.Embed != nil && needed[it.Embed] {
			b.WriteString(g.lateral(n, it.Embed))
		}
	}
	if conds := g.conditions(n); len(conds) > 0 {
		b.WriteString(" WHERE ")
		b.WriteString(strings.Join(conds, " AND "))
	}
	return b.String()
}

// filteringEmbeds returns the embeds of n that decide which of its rows
// exist: inner joins and embeds named by null filters (also inside logic
// trees).
func filteringEmbeds(n *plan.Node) map[*plan.Node]bool {
	out := map[*plan.Node]bool{}
	for _, it := range n.Items {
		if it.Embed != nil && it.Embed.Inner {
			out[it.Embed] = true
		}
	}
	for _, f := range n.Filters {
		if f.Embed != nil {
			out[f.Embed] = true
		}
	}
	var walk func(t parse.LogicTree)
	walk = func(t parse.LogicTree) {
		if t.Filter != nil {
			if e := n.EmbedByKey(t.Filter.Field.Name); e != nil && len(t.Filter.Field.JSONPath) == 0 {
				out[e] = true
			}
		}
		for _, c := range t.Children {
			walk(c)
		}
	}
	for _, t := range n.Logic {
		walk(t)
	}
	return out
}

// selectList renders a node's fields and embed outputs.
func (g *gen) selectList(n *plan.Node) string {
	var parts []string
	for _, it := range n.Items {
		switch {
		case it.Field != nil:
			parts = append(parts, g.field(n, it.Field))
		case it.Embed != nil:
			parts = append(parts, g.embedOutputs(n, it.Embed)...)
		}
	}
	if len(parts) == 0 {
		// An embed with an empty select list ("rel()") still joins.
		return "1 AS pgrst_nothing"
	}
	return strings.Join(parts, ", ")
}

// field renders one selected field with its output name.
func (g *gen) field(n *plan.Node, f *plan.Field) string {
	if f.Star {
		return pgident.Quote(n.Alias) + ".*"
	}
	expr := g.fieldExpr(n, f.Field)
	if f.Aggregate == parse.AggCount && f.Field.Name == "*" && len(f.Field.JSONPath) == 0 {
		expr = "pg_catalog.count(*)"
	} else {
		if f.Cast != "" {
			expr = "CAST(" + expr + " AS " + f.Cast + ")"
		}
		if f.Aggregate != "" {
			expr = "pg_catalog." + string(f.Aggregate) + "(" + expr + ")"
		}
	}
	if f.AggregateCast != "" {
		expr = "CAST(" + expr + " AS " + f.AggregateCast + ")"
	}
	return expr + " AS " + pgident.Quote(f.Output)
}

// fieldExpr renders a column reference with its JSON path; a column that
// is not json or jsonb is converted with to_jsonb first.
func (g *gen) fieldExpr(n *plan.Node, f parse.Field) string {
	col := pgident.Quote(n.Alias) + "." + pgident.Quote(f.Name)
	if f.Name == "*" {
		col = pgident.Quote(n.Alias) + ".*"
	}
	if len(f.JSONPath) == 0 {
		return col
	}
	if t := n.Types[f.Name]; t != "json" && t != "jsonb" {
		col = "to_jsonb(" + col + ")"
	}
	var b strings.Builder
	b.WriteString(col)
	for _, op := range f.JSONPath {
		b.WriteString(string(op.Arrow))
		if op.Index {
			if _, err := strconv.ParseInt(op.Key, 10, 32); err == nil {
				b.WriteString(op.Key)
			} else {
				b.WriteString("CAST(" + Literal(op.Key) + " AS integer)")
			}
		} else {
			b.WriteString(Literal(op.Key))
		}
	}
	return b.String()
}

func (g *gen) groupBy(n *plan.Node) []string {
	var out []string
	for _, it := range n.Items {
		switch {
		case it.Field != nil && it.Field.Aggregate == "":
			if it.Field.Star {
				if n.Table != nil {
					for _, c := range n.Table.Columns {
						out = append(out, pgident.Quote(n.Alias)+"."+pgident.Quote(c.Name))
					}
				}
				continue
			}
			expr := g.fieldExpr(n, it.Field.Field)
			if it.Field.Cast != "" {
				expr = "CAST(" + expr + " AS " + it.Field.Cast + ")"
			}
			out = append(out, expr)
		case it.Embed != nil:
			for _, o := range g.embedOutputs(n, it.Embed) {
				// Outputs are "expr AS alias"; group by the expression.
				out = append(out, o[:strings.LastIndex(o, " AS ")])
			}
		}
	}
	return out
}

// embedOutputs renders what an embed contributes to its parent's select
// list: one key (object or array), or for a spread each of its columns.
func (g *gen) embedOutputs(parent *plan.Node, e *plan.Node) []string {
	lat := pgident.Quote(e.Lateral)
	cast := ""
	if parent.Grouped {
		// json has no equality operator; GROUP BY needs jsonb.
		cast = "::jsonb"
	}
	if e.Spread {
		// A to-one spread's columns keep their types (casting text or
		// numbers to jsonb fails); only its json values need the cast.
		isJSON := jsonOutputs(e)
		var out []string
		for _, name := range outputNames(e) {
			ref := lat + "." + pgident.Quote(name)
			c := ""
			if e.ToMany() {
				ref = "COALESCE(" + ref + ", '[]')"
				c = cast
			} else if isJSON[name] {
				c = cast
			}
			out = append(out, ref+c+" AS "+pgident.Quote(name))
		}
		return out
	}
	if len(e.Items) == 0 {
		return nil
	}
	if e.ToMany() {
		return []string{"COALESCE(" + lat + "." + lat + ", '[]')" + cast + " AS " + pgident.Quote(e.Key)}
	}
	return []string{"row_to_json(" + lat + ".*)" + cast + " AS " + pgident.Quote(e.Key)}
}

// jsonOutputs reports which of a node's output keys hold json values
// (embedded objects and arrays, json columns), which GROUP BY cannot
// compare without a cast to jsonb.
func jsonOutputs(n *plan.Node) map[string]bool {
	out := map[string]bool{}
	for _, it := range n.Items {
		switch {
		case it.Field != nil && it.Field.Star:
			if n.Table != nil {
				for _, c := range n.Table.Columns {
					out[c.Name] = n.Types[c.Name] == "json"
				}
			}
		case it.Field != nil:
			out[it.Field.Output] = it.Field.Aggregate == "" && it.Field.Cast == "" &&
				len(it.Field.Field.JSONPath) == 0 && n.Types[it.Field.Field.Name] == "json"
		case it.Embed != nil && it.Embed.Spread && it.Embed.ToMany():
			for _, name := range outputNames(it.Embed) {
				out[name] = true
			}
		case it.Embed != nil && it.Embed.Spread:
			for name, j := range jsonOutputs(it.Embed) {
				out[name] = j
			}
		case it.Embed != nil && len(it.Embed.Items) > 0:
			out[it.Embed.Key] = true
		}
	}
	return out
}

// outputNames lists the keys a node's rows have, expanding * from the
// schema cache.
func outputNames(n *plan.Node) []string {
	var out []string
	for _, it := range n.Items {
		switch {
		case it.Field != nil && it.Field.Star:
			if n.Table != nil {
				for _, c := range n.Table.Columns {
					out = append(out, c.Name)
				}
			}
		case it.Field != nil:
			out = append(out, it.Field.Output)
		case it.Embed != nil && it.Embed.Spread:
			out = append(out, outputNames(it.Embed)...)
		case it.Embed != nil && len(it.Embed.Items) > 0:
			out = append(out, it.Embed.Key)
		}
	}
	return out
}

// lateral renders the LATERAL join of embed e into parent.
func (g *gen) lateral(parent *plan.Node, e *plan.Node) string {
	lat := pgident.Quote(e.Lateral)
	from, conds := g.embedSource(parent, e)
	inner := g.nodeQuery(e, from, conds, true)
	join := " LEFT JOIN LATERAL ("
	if e.Inner {
		join = " INNER JOIN LATERAL ("
	}
	if !e.ToMany() {
		return join + inner + ") AS " + lat + " ON TRUE"
	}
	var aggs []string
	if e.Spread {
		for _, name := range outputNames(e) {
			aggs = append(aggs, "json_agg("+lat+"."+pgident.Quote(name)+") AS "+pgident.Quote(name))
		}
	} else {
		aggs = append(aggs, "json_agg("+lat+") AS "+lat)
	}
	aggs = append(aggs, "pg_catalog.count(*) AS pgrst_count")
	on := "TRUE"
	if e.Inner {
		on = lat + ".pgrst_count > 0"
	}
	return join + "SELECT " + strings.Join(aggs, ", ") + " FROM (" + inner + ") AS " + lat + ") AS " + lat + " ON " + on
}

// embedSource renders the FROM of an embed's subquery and the conditions
// joining it to its parent.
func (g *gen) embedSource(parent *plan.Node, e *plan.Node) (string, []string) {
	rel := e.Rel
	alias := pgident.Quote(e.Alias)
	palias := pgident.Quote(parent.Alias)
	table := pgident.Qual(rel.ForeignTable.Schema, rel.ForeignTable.Name)
	switch {
	case rel.Function != nil:
		return pgident.Qual(rel.Function.Schema, rel.Function.Name) + "(" + palias + ") AS " + alias, nil
	case rel.Junction != nil:
		j := rel.Junction
		jalias := pgident.Quote(j.Table.Name + "_j" + strconv.Itoa(e.Depth))
		var conds []string
		for _, c := range j.TargetColumns {
			conds = append(conds, alias+"."+pgident.Quote(c.Column)+" = "+jalias+"."+pgident.Quote(c.ForeignColumn))
		}
		for _, c := range j.SourceColumns {
			conds = append(conds, jalias+"."+pgident.Quote(c.ForeignColumn)+" = "+palias+"."+pgident.Quote(c.Column))
		}
		return table + " AS " + alias + ", " + pgident.Qual(j.Table.Schema, j.Table.Name) + " AS " + jalias, conds
	}
	var conds []string
	for _, c := range rel.Columns {
		conds = append(conds, alias+"."+pgident.Quote(c.ForeignColumn)+" = "+palias+"."+pgident.Quote(c.Column))
	}
	return table + " AS " + alias, conds
}

// conditions renders a node's filters and logic trees.
func (g *gen) conditions(n *plan.Node) []string {
	var out []string
	for _, f := range n.Filters {
		if f.Embed != nil {
			out = append(out, g.embedNull(f.Embed, f.Negate != (f.Is == parse.IsNotNull)))
			continue
		}
		out = append(out, g.filter(n, f.Filter))
	}
	for _, t := range n.Logic {
		out = append(out, g.logic(n, t))
	}
	return out
}

// embedNull tests whether an embed has a row (notNull) or none.
func (g *gen) embedNull(e *plan.Node, notNull bool) string {
	lat := pgident.Quote(e.Lateral)
	if e.ToMany() {
		if notNull {
			return lat + ".pgrst_count > 0"
		}
		return lat + ".pgrst_count = 0"
	}
	if notNull {
		return lat + " IS DISTINCT FROM NULL"
	}
	return lat + " IS NOT DISTINCT FROM NULL"
}

func (g *gen) logic(n *plan.Node, t parse.LogicTree) string {
	if t.Filter != nil {
		f := *t.Filter
		if e := n.EmbedByKey(f.Field.Name); e != nil && len(f.Field.JSONPath) == 0 && f.Op == parse.OpIs &&
			(f.Is == parse.IsNull || f.Is == parse.IsNotNull) {
			return g.embedNull(e, f.Negate != (f.Is == parse.IsNotNull))
		}
		return g.filter(n, f)
	}
	sep := " AND "
	if t.Op == parse.LogicOr {
		sep = " OR "
	}
	parts := make([]string, len(t.Children))
	for i, c := range t.Children {
		parts[i] = g.logic(n, c)
	}
	s := "(" + strings.Join(parts, sep) + ")"
	if t.Negate {
		s = "NOT " + s
	}
	return s
}

var operators = map[parse.Operator]string{
	parse.OpEq: "=", parse.OpNeq: "<>", parse.OpGt: ">", parse.OpGte: ">=", parse.OpLt: "<", parse.OpLte: "<=",
	parse.OpLike: "LIKE", parse.OpILike: "ILIKE", parse.OpMatch: "~", parse.OpIMatch: "~*",
	parse.OpCs: "@>", parse.OpCd: "<@", parse.OpOv: "&&", parse.OpSl: "<<", parse.OpSr: ">>",
	parse.OpNxr: "&<", parse.OpNxl: "&>", parse.OpAdj: "-|-", parse.OpIsDistinct: "IS DISTINCT FROM",
}

var tsFuncs = map[parse.Operator]string{
	parse.OpFts: "to_tsquery", parse.OpPlFts: "plainto_tsquery", parse.OpPhFts: "phraseto_tsquery", parse.OpWFts: "websearch_to_tsquery",
}

// filter renders one operator filter (PostgREST's pgFmtFilter).
func (g *gen) filter(n *plan.Node, f parse.Filter) string {
	col := g.fieldExpr(n, f.Field)
	var s string
	switch {
	case f.Op == parse.OpIn:
		list := f.List
		if len(list) == 1 && list[0] == "" {
			list = nil // in.() matches nothing
		}
		s = col + " = ANY (" + g.param(ArrayLiteral(list)) + ")"
	case f.Op == parse.OpIs:
		s = col + map[parse.IsValue]string{
			parse.IsNull: " IS NULL", parse.IsNotNull: " IS NOT NULL", parse.IsTrue: " IS TRUE",
			parse.IsFalse: " IS FALSE", parse.IsUnknown: " IS UNKNOWN",
		}[f.Is]
	case f.Op.FullText():
		lang := ""
		if f.Language != "" {
			lang = g.param(f.Language) + "::regconfig, "
		}
		if len(f.Field.JSONPath) > 0 || n.Types[f.Field.Name] != "tsvector" {
			col = "to_tsvector(" + lang + col + ")"
		}
		s = col + " @@ " + tsFuncs[f.Op] + "(" + lang + g.param(f.Value) + ")"
	case f.Quantifier != "":
		s = col + " " + operators[f.Op] + " " + strings.ToUpper(string(f.Quantifier)) + "(" + g.param(f.Operand()) + ")"
	default:
		s = col + " " + operators[f.Op] + " " + g.param(f.Operand())
	}
	if f.Negate {
		return "NOT (" + s + ")"
	}
	return s
}

func (g *gen) orderTerm(n *plan.Node, t plan.OrderTerm) string {
	var expr string
	if t.Embed != nil {
		// Order by a column of a to-one embed: its lateral row.
		e := &plan.Node{Alias: t.Embed.Lateral, Types: t.Embed.Types}
		expr = g.fieldExpr(e, t.Field)
	} else {
		expr = g.fieldExpr(n, t.Field)
	}
	switch t.Direction {
	case parse.OrderAsc:
		expr += " ASC"
	case parse.OrderDesc:
		expr += " DESC"
	}
	switch t.Nulls {
	case parse.NullsFirst:
		expr += " NULLS FIRST"
	case parse.NullsLast:
		expr += " NULLS LAST"
	}
	return expr
}
