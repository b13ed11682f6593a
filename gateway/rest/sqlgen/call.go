package sqlgen

import (
	"strings"

	"daybase/gateway/rest/plan"
	"daybase/internal/pgident"
)

// call renders /rpc/{fn}: the function's result is pgrst_source, and the
// request's select, filters, order and limit apply to it as to a table.
func (g *gen) call() string {
	p := g.p
	var b strings.Builder
	b.WriteString("WITH pgrst_source AS (" + g.callSource() + ")")
	from := "pgrst_source AS " + pgident.Quote(p.Root.Alias)
	total := "NULL::bigint"
	if p.Prefer.ShouldCount() {
		b.WriteString(", pgrst_source_count AS (" + g.countQuery(p.Root, from) + ")")
		total = "(SELECT pg_catalog.count(*) FROM pgrst_source_count)"
	}
	b.WriteString(" SELECT " + total + " AS total_result_set, pg_catalog.count(*) AS page_total, ")
	b.WriteString(g.body() + " AS body, " + tail + ", NULL::bigint AS inserted")
	b.WriteString(" FROM (" + g.nodeQuery(p.Root, from, nil, true) + ") _postgrest_t")
	return b.String()
}

// callSource renders the function call. Query-string arguments are cast
// to the parameter types; a JSON body is read with json_to_record so each
// argument has its parameter's type; a single unnamed parameter gets the
// whole body.
func (g *gen) callSource() string {
	p := g.p
	fn := p.Func
	name := pgident.Qual(fn.Schema, fn.Name)
	var argsFrom string
	var args []string
	switch {
	case p.WholeBody:
		prm, _ := fn.SingleUnnamedParam()
		args = append(args, "CAST("+g.param(string(p.Payload.Raw))+" AS "+prm.TypeMaxLength+")")
	case p.Payload != nil && len(p.Args) > 0:
		defs := make([]string, len(p.Args))
		for i, a := range p.Args {
			defs[i] = pgident.Quote(a.Param.Name) + " " + a.Param.TypeMaxLength
			arg := pgident.Quote(a.Param.Name) + " := pgrst_args." + pgident.Quote(a.Param.Name)
			if a.Param.Variadic {
				arg = "VARIADIC " + arg
			}
			args = append(args, arg)
		}
		argsFrom = "json_to_record((" + g.param(string(p.Payload.Rows)) + "::json) -> 0) AS pgrst_args(" + strings.Join(defs, ", ") + ")"
	default:
		for _, a := range p.Args {
			v := a.Value
			if a.Param.Variadic && (len(a.Values) > 1 || !strings.HasPrefix(v, "{")) {
				v = ArrayLiteral(a.Values)
			}
			arg := pgident.Quote(a.Param.Name) + " := CAST(" + g.param(v) + " AS " + a.Param.TypeMaxLength + ")"
			if a.Param.Variadic {
				arg = "VARIADIC " + arg
			}
			args = append(args, arg)
		}
	}
	callExpr := name + "(" + strings.Join(args, ", ") + ")"
	from := func(item string) string {
		if argsFrom == "" {
			return " FROM " + item
		}
		return " FROM " + argsFrom + ", LATERAL " + item
	}
	alias := pgident.Quote(p.Root.Alias)
	switch {
	case fn.Return.Composite:
		return "SELECT " + alias + ".*" + from(callExpr+" AS "+alias)
	case fn.Return.SetOf:
		return "SELECT pgrst_scalar" + from(callExpr+" AS pgrst_scalar")
	}
	s := "SELECT " + callExpr + " AS pgrst_scalar"
	if argsFrom != "" {
		s += " FROM " + argsFrom
	}
	return s
}

// IsScalar reports whether a call's result is one scalar value (count 1).
func IsScalar(p *plan.Plan) bool { return p.Kind == plan.Call && !p.Func.Return.SetOf }
