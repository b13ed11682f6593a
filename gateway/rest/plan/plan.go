// Package plan is the second stage of gateway/rest: it resolves a parsed
// request ([parse.Request]) against one schema cache snapshot — the
// relation or function it addresses, the relationship behind every embed,
// the node every filter, order and limit belongs to, the columns a body
// writes — and returns a [Plan] that gateway/rest/sqlgen renders as one
// SQL statement.
//
// Nothing here touches the database. Errors are the schema cache's typed
// lookup errors (PGRST2xx) or *[Error] (PGRST1xx), which gateway/rest maps
// to PostgREST's responses at the edge.
package plan

import (
	"encoding/json"
	"net/http"
	"slices"
	"strconv"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/schemacache"
)

// Config holds the settings that change plans.
type Config struct {
	// MaxRows caps the rows a read returns (PostgREST's db-max-rows): the
	// root limit becomes min(limit, MaxRows). 0 means no cap.
	MaxRows int64
	// AggregatesEnabled allows count(), sum() etc. in select (PostgREST's
	// db-aggregates-enabled); otherwise they are a 400 PGRST123.
	AggregatesEnabled bool
}

// Kind is what the statement does.
type Kind uint8

// Plan kinds.
const (
	Read   Kind = iota // GET/HEAD on a relation
	Insert             // POST, with ON CONFLICT when Resolution is set
	Update             // PATCH
	Upsert             // PUT: one row, ON CONFLICT (primary key) DO UPDATE
	Delete             // DELETE
	Call               // /rpc/{fn}
)

// Plan is a resolved request.
type Plan struct {
	Kind   Kind
	Schema string
	// Table is the relation read or written; nil for calls.
	Table *schemacache.Table
	// Func is the function called, for Call.
	Func *schemacache.Function
	// Root is the read tree: the rows read, the representation a mutation
	// returns, or a function's result set. For mutations its Filters and
	// Logic are the WHERE of the UPDATE or DELETE.
	Root   *Node
	Media  parse.MediaType
	Prefer parse.Preferences
	// ReadOnly runs the transaction READ ONLY: reads, GET calls and calls of
	// stable or immutable functions.
	ReadOnly bool

	// Payload is the decoded body of a mutation or POST call.
	Payload *Payload
	// Columns are the columns an insert, update or upsert writes.
	Columns []*schemacache.Column
	// OnConflict is the conflict target of an upsert (on_conflict or the
	// primary key); Resolution is empty when the insert is no upsert.
	OnConflict []string
	Resolution parse.Resolution

	// Args are the arguments of a call, in parameter order; WholeBody
	// passes the raw body to the single unnamed parameter instead.
	Args      []Arg
	WholeBody bool
	// Settings are the called function's hoisted SET clauses.
	Settings []schemacache.Setting
}

// Arg is one argument of a function call.
type Arg struct {
	Param schemacache.Param
	// Value is the text of a query-string argument; for POST the
	// argument is read from the JSON body.
	Value string
	// Values holds every value of a repeated VARIADIC query argument.
	Values []string
}

// Node is one relation of the read tree: the root or an embed.
type Node struct {
	// Table is the relation, nil for a function result that is not a
	// relation's row type (RETURNS TABLE, scalars).
	Table *schemacache.Table
	// Types maps column names to their types, for JSON paths and full-text
	// filters; it may miss columns (PostgreSQL then reports them).
	Types map[string]string
	// RelName is the name relationships are looked up by.
	RelName string
	// Alias is the relation's SQL alias; Lateral the alias of the embed's
	// lateral subquery in its parent.
	Alias   string
	Lateral string
	// Key is the JSON key of an embed (its alias or relation name); Name
	// is the relation name it was asked for by.
	Key  string
	Name string
	// Rel is how an embed joins its parent; nil for the root.
	Rel    *schemacache.Relationship
	Inner  bool
	Spread bool
	Depth  int

	Items   []Item
	Filters []Filter
	Logic   []parse.LogicTree
	Order   []OrderTerm
	Range   parse.Range
	// Grouped is set when the node selects aggregates: its other fields
	// become the GROUP BY.
	Grouped bool
}

// Item is a field or an embed of a node's select list, in order.
type Item struct {
	Field *Field
	Embed *Node
}

// Field is a selected column, JSON path or aggregate.
type Field struct {
	parse.SelectField
	// Output is the JSON key, "" for *.
	Output string
	// Star is a plain * (all columns).
	Star bool
}

// Filter is a filter resolved to its node. Embed is set for a filter on an
// embed's name (rel=is.null / rel=not.is.null), which tests whether the
// embedded row exists.
type Filter struct {
	parse.Filter
	Embed *Node
}

// OrderTerm is an order term; Embed is set for rel(col) terms.
type OrderTerm struct {
	parse.OrderTerm
	Embed *Node
}

// EmbedByKey returns the embed of n named key (by alias, then relation
// name), or nil.
func (n *Node) EmbedByKey(key string) *Node {
	for _, it := range n.Items {
		if it.Embed != nil && it.Embed.Key == key {
			return it.Embed
		}
	}
	for _, it := range n.Items {
		if it.Embed != nil && it.Embed.Name == key {
			return it.Embed
		}
	}
	return nil
}

// ToMany reports whether an embed renders as an array.
func (n *Node) ToMany() bool { return n.Rel != nil && !n.Rel.ToOne() }

type planner struct {
	snap   *schemacache.Snapshot
	schema string
	cfg    Config
	req    *parse.Request
}

// New plans req in schema (already checked to be exposed). media is the
// negotiated response media type; payload the decoded body of mutations
// and POST calls (nil otherwise).
func New(snap *schemacache.Snapshot, schema string, req *parse.Request, media parse.MediaType, payload *Payload, cfg Config) (*Plan, error) {
	pl := &planner{snap: snap, schema: schema, cfg: cfg, req: req}
	p := &Plan{Schema: schema, Media: media, Prefer: req.Prefer, Payload: payload}
	switch req.Action {
	case parse.ActionCall:
		return p, pl.call(p)
	case parse.ActionRead, parse.ActionCreate, parse.ActionUpdate, parse.ActionUpsert, parse.ActionDelete:
	default:
		return nil, &Error{Status: http.StatusMethodNotAllowed, Code: "PGRST117", Message: "Unsupported HTTP method: " + req.Method}
	}
	tbl, err := snap.LookupTable(schema, req.Resource.Name)
	if err != nil {
		return nil, err
	}
	p.Table = tbl
	root, err := pl.tree(tbl, tbl.Name, columnTypes(tbl), tbl.Name)
	if err != nil {
		return nil, err
	}
	p.Root = root
	switch req.Action {
	case parse.ActionRead:
		p.Kind, p.ReadOnly = Read, true
		pl.capRows(root)
		return p, nil
	case parse.ActionDelete:
		p.Kind = Delete
		return p, nil
	}
	if payload == nil {
		return nil, InvalidBody("Empty or invalid json")
	}
	cols := req.Columns
	if cols == nil {
		cols = payload.Keys
	}
	for _, name := range cols {
		c := tbl.Column(name)
		if c == nil {
			return nil, &schemacache.ColumnNotFoundError{Table: tbl.Name, Column: name}
		}
		p.Columns = append(p.Columns, c)
	}
	switch req.Action {
	case parse.ActionCreate:
		p.Kind = Insert
		if req.Prefer.Resolution != "" {
			p.OnConflict = req.OnConflict
			if p.OnConflict == nil {
				p.OnConflict = tbl.PrimaryKey
			}
			if len(p.OnConflict) > 0 {
				p.Resolution = req.Prefer.Resolution
			}
		}
	case parse.ActionUpdate:
		p.Kind = Update
	case parse.ActionUpsert:
		p.Kind = Upsert
		if err := checkPut(tbl, req, payload); err != nil {
			return nil, err
		}
		p.OnConflict, p.Resolution = tbl.PrimaryKey, parse.MergeDuplicates
	}
	return p, nil
}

// capRows applies MaxRows to the root's limit.
func (pl *planner) capRows(root *Node) {
	if pl.cfg.MaxRows <= 0 {
		return
	}
	if !root.Range.HasLimit || root.Range.Limit > pl.cfg.MaxRows {
		root.Range.Limit, root.Range.HasLimit = pl.cfg.MaxRows, true
	}
}

// checkPut enforces PUT's rules: the filters are exactly the primary key
// columns with eq (405 PGRST105), and the body is one row whose key
// matches them (400 PGRST115).
func checkPut(tbl *schemacache.Table, req *parse.Request, payload *Payload) error {
	if len(req.Logic) > 0 || len(tbl.PrimaryKey) == 0 {
		return invalidPutFilters()
	}
	urlVals := map[string]string{}
	for _, f := range req.Filters {
		if len(f.Path) > 0 || f.Op != parse.OpEq || f.Negate || f.Quantifier != "" || len(f.Field.JSONPath) > 0 {
			return invalidPutFilters()
		}
		urlVals[f.Field.Name] = f.Value
	}
	keys := req.FilterKeys()
	slices.Sort(keys)
	pk := slices.Clone(tbl.PrimaryKey)
	slices.Sort(pk)
	if !slices.Equal(slices.Compact(keys), pk) {
		return invalidPutFilters()
	}
	if payload.Count != 1 {
		return PutMatchingPK()
	}
	for _, k := range tbl.PrimaryKey {
		raw, ok := payload.First[k]
		if !ok || jsonText(raw) != urlVals[k] {
			return PutMatchingPK()
		}
	}
	return nil
}

// jsonText renders a JSON value as PostgreSQL reads it from json: strings
// unquoted, everything else as written.
func jsonText(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return s
	}
	return string(raw)
}

func columnTypes(t *schemacache.Table) map[string]string { return t.ColumnTypes() }

// tree builds the root node and assigns the request's filters, logic
// trees, orders and embed ranges to the nodes they name.
func (pl *planner) tree(tbl *schemacache.Table, relName string, types map[string]string, alias string) (*Node, error) {
	root := &Node{Table: tbl, Types: types, RelName: relName, Alias: alias, Name: relName}
	sel := pl.req.Select
	if len(sel) == 0 {
		sel = []parse.SelectItem{{Field: &parse.SelectField{Field: parse.Field{Name: "*"}}}}
	}
	if err := pl.items(root, sel); err != nil {
		return nil, err
	}
	if !pl.req.Action.IsMutation() {
		root.Range = pl.req.Range
	}
	for _, f := range pl.req.Filters {
		n, err := findNode(root, f.Path)
		if err != nil {
			return nil, err
		}
		rf := Filter{Filter: f}
		if len(f.Field.JSONPath) == 0 {
			if e := n.EmbedByKey(f.Field.Name); e != nil {
				if f.Op != parse.OpIs || (f.Is != parse.IsNull && f.Is != parse.IsNotNull) {
					return nil, unacceptableFilter(f.Field.Name)
				}
				rf.Embed = e
			}
		}
		n.Filters = append(n.Filters, rf)
	}
	for _, l := range pl.req.Logic {
		n, err := findNode(root, l.Path)
		if err != nil {
			return nil, err
		}
		n.Logic = append(n.Logic, l.Tree)
	}
	ordered := map[*Node]bool{}
	for _, o := range pl.req.Order {
		n, err := findNode(root, o.Path)
		if err != nil {
			return nil, err
		}
		if ordered[n] {
			continue // PostgREST uses the first order parameter of a node
		}
		ordered[n] = true
		for _, t := range o.Terms {
			term := OrderTerm{OrderTerm: t}
			if t.Relation != "" {
				e := n.EmbedByKey(t.Relation)
				if e == nil {
					return nil, notEmbedded(t.Relation)
				}
				if e.ToMany() || e.Spread {
					return nil, relatedOrder(n.Name, t.Relation)
				}
				term.Embed = e
			}
			n.Order = append(n.Order, term)
		}
	}
	for _, r := range pl.req.EmbedRanges {
		n, err := findNode(root, r.Path)
		if err != nil {
			return nil, err
		}
		n.Range = r.Range
	}
	return root, nil
}

// findNode walks an embed path (aliases or relation names) from root.
func findNode(root *Node, path []string) (*Node, error) {
	n := root
	for _, p := range path {
		e := n.EmbedByKey(p)
		if e == nil {
			return nil, notEmbedded(p)
		}
		n = e
	}
	return n, nil
}

// items resolves a select list into n.
func (pl *planner) items(n *Node, sel []parse.SelectItem) error {
	for _, it := range sel {
		switch {
		case it.Field != nil:
			f := *it.Field
			if !safeCast(f.Cast) || !safeCast(f.AggregateCast) {
				return unsafeCast(f.Cast + f.AggregateCast)
			}
			if f.Aggregate != "" {
				if !pl.cfg.AggregatesEnabled {
					return aggregatesNotAllowed()
				}
				n.Grouped = true
			}
			fld := &Field{SelectField: f}
			switch {
			case f.Alias != "":
				fld.Output = f.Alias
			case f.Aggregate != "":
				fld.Output = string(f.Aggregate)
			case len(f.Field.JSONPath) > 0:
				last := f.Field.JSONPath[len(f.Field.JSONPath)-1]
				fld.Output = last.Key
				if last.Index {
					fld.Output = f.Field.Name
				}
			case f.Field.Name == "*":
				fld.Star = f.Cast == ""
				if !fld.Star {
					fld.Output = "*"
				}
			default:
				fld.Output = f.Field.Name
			}
			n.Items = append(n.Items, Item{Field: fld})
		case it.Embed != nil:
			child, err := pl.embed(n, it.Embed)
			if err != nil {
				return err
			}
			n.Items = append(n.Items, Item{Embed: child})
		}
	}
	return nil
}

func (pl *planner) embed(parent *Node, e *parse.Embed) (*Node, error) {
	rel, err := pl.snap.FindRelationship(pl.schema, parent.RelName, e.Relation, e.Hint)
	if err != nil {
		return nil, err
	}
	tbl := pl.snap.Table(rel.ForeignTable.Schema, rel.ForeignTable.Name)
	if tbl == nil {
		return nil, &schemacache.TableNotFoundError{Schema: rel.ForeignTable.Schema, Name: rel.ForeignTable.Name}
	}
	key := e.Relation
	if e.Alias != "" {
		key = e.Alias
	}
	depth := parent.Depth + 1
	// PostgREST's relAggAlias: two embeds under one key without aliases
	// (users!first_user(*), users!second_user(*)) get the same name, and
	// PostgreSQL refuses the statement as PostgREST's is refused: 42712
	// 'table name "best_friends_users_1" specified more than once'.
	lat := parent.Name + "_" + key + "_" + strconv.Itoa(depth)
	child := &Node{
		Table: tbl, Types: columnTypes(tbl), RelName: tbl.Name, Name: e.Relation, Key: key,
		Alias: tbl.Name + "_" + strconv.Itoa(depth), Lateral: lat,
		Rel: &rel, Inner: e.Join == parse.JoinInner, Spread: e.Spread, Depth: depth,
	}
	if err := pl.items(child, e.Select); err != nil {
		return nil, err
	}
	if child.Spread && child.ToMany() && child.Grouped {
		return nil, notImplemented("Aggregates are not implemented for one-to-many or many-to-many spreads.")
	}
	return child, nil
}

// safeCast accepts the type names the select grammar allows (letters,
// digits, '_', '$', spaces, and [] for arrays); casts are rendered
// unquoted, as PostgREST does, so anything else is refused.
func safeCast(s string) bool {
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '_', r == '$', r == ' ', r == '[', r == ']':
		default:
			return false
		}
	}
	return true
}

// call plans /rpc/{fn}.
func (pl *planner) call(p *Plan) error {
	req := pl.req
	p.Kind = Call
	kind := schemacache.PayloadQuery
	var keys []string
	if req.Method == http.MethodPost {
		if p.Payload == nil {
			return InvalidBody("Empty or invalid json")
		}
		kind = p.Payload.Kind
		keys = sortedKeys(p.Payload.First)
		if req.Columns != nil {
			keys = req.Columns
		}
	} else {
		for _, a := range req.Args {
			keys = append(keys, a.Name)
		}
	}
	fn, err := pl.snap.FindFunction(pl.schema, req.Resource.Name, keys, kind)
	if err != nil {
		return err
	}
	p.Func = fn
	p.ReadOnly = req.Method != http.MethodPost || fn.Volatility != schemacache.Volatile
	for _, s := range fn.Settings {
		switch s.Name {
		case "statement_timeout", "default_transaction_isolation", "plan_filter.statement_cost_limit":
			p.Settings = append(p.Settings, s)
		}
	}
	if req.Prefer.Handling == parse.HandlingStrict && req.Prefer.HasMaxAffected && !fn.Return.SetOf {
		return maxAffectedRPC()
	}
	// A single unnamed parameter always receives the whole body, even when
	// the body names it with the "" key (PostgREST's OnePosParam).
	if _, ok := fn.SingleUnnamedParam(); ok && kind != schemacache.PayloadQuery {
		p.WholeBody = true
	} else {
		given := map[string]bool{}
		for _, k := range keys {
			given[k] = true
		}
		for _, prm := range fn.Params {
			if !given[prm.Name] {
				continue
			}
			a := Arg{Param: prm}
			for _, qa := range req.Args {
				if qa.Name == prm.Name {
					a.Value = qa.Value
					a.Values = append(a.Values, qa.Value)
				}
			}
			p.Args = append(p.Args, a)
		}
	}
	types := map[string]string{}
	var tbl *schemacache.Table
	relName := fn.Return.Name
	if fn.Return.Composite {
		tbl = pl.snap.Table(fn.Return.Schema, fn.Return.Name)
		for _, c := range fn.Return.Columns {
			types[c.Name] = c.Type
		}
		if tbl != nil {
			types = columnTypes(tbl)
		}
	}
	root, err := pl.tree(tbl, relName, types, fn.Name)
	if err != nil {
		return err
	}
	if fn.Return.SetOf {
		pl.capRows(root)
	}
	p.Root = root
	return nil
}
