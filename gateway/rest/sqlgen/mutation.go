package sqlgen

import (
	"strings"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/plan"
	"daybase/gateway/rest/schemacache"
	"daybase/internal/pgident"
)

// Returns reports what a mutation's RETURNING must give: rows (the
// representation, a Location, a singular check) or only their number
// (counts, max-affected, Content-Range of PATCH and DELETE). An INSERT
// that needs neither has no RETURNING, so insert-only row-level security
// policies work as with PostgREST.
func Returns(p *plan.Plan) (rows, count bool) {
	rows = p.Prefer.Return == parse.ReturnRepresentation || p.Prefer.Return == parse.ReturnHeadersOnly ||
		p.Media.Kind == parse.MediaSingular
	count = rows || p.Prefer.Count != "" || p.Prefer.HasMaxAffected || p.Resolution == parse.MergeDuplicates ||
		p.Kind == plan.Update || p.Kind == plan.Delete
	return rows, count
}

// upsertDetects reports whether the statement can tell inserted from
// updated rows (xmax = 0 on a table's new row version); views cannot.
func upsertDetects(p *plan.Plan) bool {
	return p.Resolution == parse.MergeDuplicates && !p.Table.IsView() && p.Table.Kind != schemacache.KindForeignTable
}

func (g *gen) mutation() string {
	p := g.p
	rows, count := Returns(p)
	tbl := pgident.Qual(p.Schema, p.Table.Name)
	alias := pgident.Quote(p.Root.Alias)
	returning := ""
	switch {
	case rows:
		returning = " RETURNING " + alias + ".*"
	case count:
		returning = " RETURNING 1"
	}
	if returning != "" && upsertDetects(p) {
		returning += ", (" + alias + ".xmax = 0) AS pgrst_inserted"
	}

	var stmt string
	switch p.Kind {
	case plan.Insert, plan.Upsert:
		stmt = g.insert(tbl, alias) + returning
	case plan.Update:
		if len(p.Columns) == 0 {
			// PATCH with {}: nothing to set, nothing affected.
			stmt = "SELECT " + alias + ".* FROM " + tbl + " AS " + alias + " WHERE false"
		} else {
			stmt = g.update(tbl, alias) + returning
		}
	case plan.Delete:
		stmt = "DELETE FROM " + tbl + " AS " + alias
		if conds := g.conditions(p.Root); len(conds) > 0 {
			stmt += " WHERE " + strings.Join(conds, " AND ")
		}
		stmt += returning
	}

	var b strings.Builder
	b.WriteString("WITH pgrst_source AS (" + stmt + ") SELECT ")
	if returning == "" {
		b.WriteString("NULL::bigint AS total_result_set, NULL::bigint AS page_total, NULL::text AS body, " + tail + ", NULL::bigint AS inserted")
		return b.String()
	}
	total := "NULL::bigint"
	if p.Prefer.Count != "" {
		total = "pg_catalog.count(*)"
	}
	inserted := "NULL::bigint"
	if upsertDetects(p) {
		inserted = "(SELECT pg_catalog.count(*) FROM pgrst_source WHERE pgrst_inserted)"
	}
	body := "NULL::text"
	src := "SELECT 1 FROM pgrst_source"
	if rows {
		body = g.body()
		src = g.representation(alias)
	}
	b.WriteString(total + " AS total_result_set, pg_catalog.count(*) AS page_total, " + body + " AS body, " + tail + ", " + inserted + " AS inserted")
	b.WriteString(" FROM (" + src + ") _postgrest_t")
	return b.String()
}

// representation selects the returned rows through the request's select
// (embeds included) from pgrst_source. A * lists the table's columns so
// the pgrst_inserted marker stays out.
func (g *gen) representation(alias string) string {
	root := *g.p.Root
	root.Items = nil
	for _, it := range g.p.Root.Items {
		if it.Field != nil && it.Field.Star {
			for _, c := range g.p.Table.Columns {
				root.Items = append(root.Items, plan.Item{Field: &plan.Field{
					SelectField: parse.SelectField{Field: parse.Field{Name: c.Name}}, Output: c.Name,
				}})
			}
			continue
		}
		root.Items = append(root.Items, it)
	}
	return g.nodeQuery(&root, "pgrst_source AS "+alias, nil, false)
}

// columnValue is a body column's value.
func columnValue(c *schemacache.Column) string { return "pgrst_body." + pgident.Quote(c.Name) }

// withDefaults is PostgREST's fromJsonBodyF with Prefer: missing=default:
// each element of the body array is laid over an object of the columns'
// defaults, so a key the element lacks takes its column's default. Like
// PostgREST's, the defaults object is built for every element, every
// default evaluated: a serial column's sequence advances once per row
// even for rows that bring their own id (the ids postgrest-js's fixtures
// expect). It returns the JSON the rows are read from and its parser, or
// the body as it is when no column has a default.
func (g *gen) withDefaults(elem string) (val, toRecord string) {
	if g.p.Prefer.Missing != parse.MissingDefault {
		return elem, "json_to_record"
	}
	var defs []string
	for _, c := range g.p.Columns {
		if c.Default != "" {
			defs = append(defs, Literal(c.Name)+", "+c.Default)
		}
	}
	if len(defs) == 0 {
		return elem, "json_to_record"
	}
	return "jsonb_build_object(" + strings.Join(defs, ", ") + ") || (" + elem + ")::jsonb", "jsonb_to_record"
}

// recordDef is the column definition list json_to_record reads the body
// with, so each value is read as its column's declared type.
func recordDef(cols []*schemacache.Column) string {
	defs := make([]string, len(cols))
	for i, c := range cols {
		defs[i] = pgident.Quote(c.Name) + " " + c.NominalType
	}
	return strings.Join(defs, ", ")
}

func (g *gen) insert(tbl, alias string) string {
	p := g.p
	rows := g.param(string(p.Payload.Rows))
	var b strings.Builder
	b.WriteString("INSERT INTO " + tbl + " AS " + alias)
	if len(p.Columns) == 0 {
		// {} inserts a row of defaults per element.
		b.WriteString(" SELECT FROM json_array_elements(" + rows + "::json) AS pgrst_elem(val)")
	} else {
		names := make([]string, len(p.Columns))
		vals := make([]string, len(p.Columns))
		for i, c := range p.Columns {
			names[i] = pgident.Quote(c.Name)
			vals[i] = columnValue(c)
		}
		val, toRecord := g.withDefaults("pgrst_elem.val")
		b.WriteString(" (" + strings.Join(names, ", ") + ") SELECT " + strings.Join(vals, ", "))
		b.WriteString(" FROM json_array_elements(" + rows + "::json) AS pgrst_elem(val), LATERAL " + toRecord + "(" + val + ") AS pgrst_body(" + recordDef(p.Columns) + ")")
		if p.Kind == plan.Upsert {
			// PUT: only the row whose key is the URL's (checked by the planner).
			if conds := g.conditionsOn(p.Root, "pgrst_body"); len(conds) > 0 {
				b.WriteString(" WHERE " + strings.Join(conds, " AND "))
			}
		}
	}
	if p.Resolution != "" {
		targets := make([]string, len(p.OnConflict))
		for i, c := range p.OnConflict {
			targets[i] = pgident.Quote(c)
		}
		b.WriteString(" ON CONFLICT (" + strings.Join(targets, ", ") + ")")
		if p.Resolution == parse.IgnoreDuplicates || len(p.Columns) == 0 {
			b.WriteString(" DO NOTHING")
		} else {
			sets := make([]string, len(p.Columns))
			for i, c := range p.Columns {
				sets[i] = pgident.Quote(c.Name) + " = EXCLUDED." + pgident.Quote(c.Name)
			}
			b.WriteString(" DO UPDATE SET " + strings.Join(sets, ", "))
		}
	}
	return b.String()
}

// conditionsOn renders n's filters against another alias (PUT's key
// filters applied to the body row).
func (g *gen) conditionsOn(n *plan.Node, alias string) []string {
	m := *n
	m.Alias = alias
	return g.conditions(&m)
}

func (g *gen) update(tbl, alias string) string {
	p := g.p
	obj := g.param(string(p.Payload.Rows))
	sets := make([]string, len(p.Columns))
	for i, c := range p.Columns {
		sets[i] = pgident.Quote(c.Name) + " = " + columnValue(c)
	}
	val, toRecord := g.withDefaults("pgrst_elem.val")
	s := "UPDATE " + tbl + " AS " + alias + " SET " + strings.Join(sets, ", ") +
		" FROM (SELECT (" + obj + "::json) -> 0 AS val) AS pgrst_elem, LATERAL " + toRecord + "(" + val + ") AS pgrst_body(" + recordDef(p.Columns) + ")"
	if conds := g.conditions(p.Root); len(conds) > 0 {
		s += " WHERE " + strings.Join(conds, " AND ")
	}
	return s
}
