package schemacache

import (
	"slices"
	"strings"
	"time"
)

// Snapshot is one load of the schema cache. It is never modified after
// Load returns it, so any number of requests may read it concurrently; a
// request should take one snapshot (Cache.Snapshot) and use it throughout.
type Snapshot struct {
	// Schemas are the exposed schemas in configuration order; the first is
	// the default one for requests without a profile header.
	Schemas []string
	// SchemaDescriptions holds the comments of the exposed schemas that
	// exist ("" when uncommented); a configured schema that does not exist
	// is missing.
	SchemaDescriptions map[string]string
	// Tables are the relations of the exposed schemas.
	Tables map[QualifiedName]*Table
	// Functions are the callable functions of the exposed schemas, each
	// name with its overloads, fewest parameters first.
	Functions map[QualifiedName][]*Function
	// Warnings describe catalog entries the load could not use, such as a
	// view definition it could not read (the view then inherits no keys).
	Warnings []string
	// LoadedAt is when the load started; LoadDuration how long it took.
	LoadedAt     time.Time
	LoadDuration time.Duration

	roleSettings map[string][]Setting
	rels         map[relKey][]Relationship
	timezones    map[string]struct{}
}

// HasTimezone reports whether name is in pg_timezone_names, which is what
// PostgREST accepts in Prefer: timezone (an unknown name is ignored).
func (s *Snapshot) HasTimezone(name string) bool {
	_, ok := s.timezones[name]
	return ok
}

// Table returns the named relation of an exposed schema, or nil.
func (s *Snapshot) Table(schema, name string) *Table {
	return s.Tables[QualifiedName{schema, name}]
}

// LookupTable returns the named relation, or a *TableNotFoundError
// (PGRST205) suggesting a similarly named one.
func (s *Snapshot) LookupTable(schema, name string) (*Table, error) {
	if t := s.Table(schema, name); t != nil {
		return t, nil
	}
	err := &TableNotFoundError{Schema: schema, Name: name}
	var names []string
	for qn := range s.Tables {
		if qn.Schema == schema {
			names = append(names, qn.Name)
		}
	}
	// PostgREST skips the (costly) fuzzy index for schemas of 500 or more
	// relations.
	if len(names) < 500 {
		slices.Sort(names)
		err.Suggestion = newFuzzySet(names).closest(name, 0.75)
	}
	return nil, err
}

// TablesIn returns the relations of schema ordered by name.
func (s *Snapshot) TablesIn(schema string) []*Table {
	var out []*Table
	for qn, t := range s.Tables {
		if qn.Schema == schema {
			out = append(out, t)
		}
	}
	slices.SortFunc(out, func(a, b *Table) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// FunctionsIn returns the functions of schema ordered by name, overloads
// fewest parameters first.
func (s *Snapshot) FunctionsIn(schema string) []*Function {
	var names []QualifiedName
	for qn := range s.Functions {
		if qn.Schema == schema {
			names = append(names, qn)
		}
	}
	slices.SortFunc(names, compareQN)
	var out []*Function
	for _, qn := range names {
		out = append(out, s.Functions[qn]...)
	}
	return out
}

// RoleSettings returns the settings PostgreSQL would apply at login as
// role (ALTER ROLE role [IN DATABASE db] SET name = value), sorted by
// name. SET ROLE does not apply them, so each request sets them for its
// role. Settings the authenticator may not change are left out.
func (s *Snapshot) RoleSettings(role string) []Setting {
	return s.roleSettings[role]
}

// Relationships returns every relationship from the relation
// schema.table to relations of the same schema, in PostgREST's order.
func (s *Snapshot) Relationships(schema, table string) []Relationship {
	return s.rels[relKey{QualifiedName{schema, table}, schema}]
}

// FindRelationships returns the relationships that an embedding of target
// (with !hint, "" for none) in a request on source can mean; one result
// is the relationship to use, none is PGRST200 and several are PGRST201
// (FindRelationship builds those errors). source may also be the name of
// a function's return type when embedding in an RPC result.
//
// As in PostgREST's findRel, without a hint target matches a relationship
// when it is the embedded table's name, or — when the embedded side is a
// table, not a view — the foreign key's name or its single column on the
// source side. With a hint, target must be the embedded table's name and
// the hint the foreign key's name, one of its single columns (either
// side) or a many-to-many junction table's name. A self-referencing
// foreign key is one-to-many when named by the table
// (children:tbl(*)) and many-to-one when named by its column (parent(*)).
// A computed relationship matches by its function's name.
func (s *Snapshot) FindRelationships(schema, source, target, hint string) []Relationship {
	var out []Relationship
	for _, r := range s.Relationships(schema, source) {
		if matchRelationship(r, target, hint) {
			out = append(out, r)
		}
	}
	return out
}

// FindRelationship is FindRelationships returning the only candidate, a
// *NoRelationshipError (PGRST200) when there is none or an
// *AmbiguousRelationshipError (PGRST201) when there are several.
func (s *Snapshot) FindRelationship(schema, source, target, hint string) (Relationship, error) {
	rels := s.FindRelationships(schema, source, target, hint)
	switch len(rels) {
	case 1:
		return rels[0], nil
	case 0:
		return Relationship{}, s.noRelationship(schema, source, target, hint)
	}
	return Relationship{}, &AmbiguousRelationshipError{Source: source, Target: target, Candidates: rels}
}

func matchRelationship(r Relationship, target, hint string) bool {
	if r.Function != nil {
		return target == r.Function.Name
	}
	single := len(r.Columns) == 1 && r.Cardinality != ManyToMany
	fkCol := func(name string) bool { return single && r.Columns[0].Column == name }
	refCol := func(name string) bool { return single && r.Columns[0].ForeignColumn == name }
	constraint := func(name string) bool { return r.Cardinality != ManyToMany && r.Constraint == name }
	if r.IsSelf {
		if hint == "" {
			return (target == r.ForeignTable.Name && r.Cardinality == OneToMany) ||
				(fkCol(target) && r.Cardinality == ManyToOne)
		}
		return target == r.ForeignTable.Name && r.Cardinality == OneToMany && refCol(hint)
	}
	if hint == "" {
		return target == r.ForeignTable.Name ||
			(constraint(target) && !r.ForeignTableIsView) ||
			(fkCol(target) && !r.ForeignTableIsView)
	}
	return target == r.ForeignTable.Name &&
		(constraint(hint) || fkCol(hint) || refCol(hint) ||
			(r.Junction != nil && r.Junction.Table.Name == hint))
}

// noRelationship builds PGRST200 with PostgREST's suggestion: a similar
// source name when the source has no relationships, else a similar
// target among the source's relationships.
func (s *Snapshot) noRelationship(schema, source, target, hint string) *NoRelationshipError {
	err := &NoRelationshipError{Schema: schema, Source: source, Target: target, Hint: hint}
	if rels := s.Relationships(schema, source); rels != nil {
		var targets []string
		for _, r := range rels {
			targets = append(targets, r.ForeignTable.Name)
		}
		for _, m := range newFuzzySet(targets).find(target, 0.33) {
			if m.score < 1 {
				err.SuggestedTarget = m.value
				break
			}
		}
		return err
	}
	var sources []string
	for k := range s.rels {
		if k.foreignSchema == schema {
			sources = append(sources, k.table.Name)
		}
	}
	slices.Sort(sources)
	err.SuggestedSource = newFuzzySet(sources).closest(source, 0.33)
	return err
}

// Payload says how an RPC call passes its arguments, which decides the
// functions it can call.
type Payload int

// Payloads of an RPC call.
const (
	// PayloadQuery: GET or HEAD, arguments from the query string.
	PayloadQuery Payload = iota
	// PayloadJSON: POST with a JSON object of arguments; a function with a
	// single unnamed json or jsonb parameter receives the whole body.
	PayloadJSON
	// PayloadForm: POST with application/x-www-form-urlencoded arguments.
	PayloadForm
	// PayloadText, PayloadXML and PayloadOctetStream: POST with a
	// text/plain, text/xml or application/octet-stream body for a function
	// with a single unnamed text, xml or bytea parameter.
	PayloadText
	PayloadXML
	PayloadOctetStream
)

func (p Payload) rawBody() bool {
	return p == PayloadText || p == PayloadXML || p == PayloadOctetStream
}

// Overloads returns the functions named schema.name, fewest parameters
// first.
func (s *Snapshot) Overloads(schema, name string) []*Function {
	return s.Functions[QualifiedName{schema, name}]
}

// FindFunction picks the overload of schema.name that a call with the
// given argument names (JSON keys or query parameters that are not
// filters) can mean, as PostgREST's findProc does: every required
// parameter is given and every argument is a parameter. When no overload
// matches, a POST whose body type fits the single unnamed json/jsonb (for
// JSON), text, xml or bytea parameter of an overload calls that one with
// the whole body.
//
// It returns a *FunctionNotFoundError (PGRST202) or an
// *AmbiguousFunctionError (PGRST203) when there is no single candidate.
func (s *Snapshot) FindFunction(schema, name string, args []string, payload Payload) (*Function, error) {
	keys := slices.Clone(args)
	slices.Sort(keys)
	keys = slices.Compact(keys)
	overloads := s.Overloads(schema, name)
	var matches, fallbacks []*Function
	for _, f := range overloads {
		switch {
		case matchesParams(f, keys, payload):
			matches = append(matches, f)
		case takesWholeBody(f, payload):
			fallbacks = append(fallbacks, f)
		}
	}
	switch {
	case len(matches) == 1:
		return matches[0], nil
	case len(matches) > 1:
		return nil, &AmbiguousFunctionError{Candidates: matches}
	case len(fallbacks) == 1:
		return fallbacks[0], nil
	case len(fallbacks) > 1:
		return nil, &AmbiguousFunctionError{Candidates: fallbacks}
	}
	err := &FunctionNotFoundError{Schema: schema, Name: name, Args: keys, Payload: payload}
	if !payload.rawBody() {
		err.Suggestion = s.suggestFunction(schema, name, keys, overloads)
	}
	return nil, err
}

func matchesParams(f *Function, keys []string, payload Payload) bool {
	if len(f.Params) == 0 {
		return len(keys) == 0 && !payload.rawBody()
	}
	have := map[string]bool{}
	for _, k := range keys {
		have[k] = true
	}
	for _, p := range f.Params {
		if p.Required && !have[p.Name] {
			return false
		}
		delete(have, p.Name)
	}
	return len(have) == 0
}

func takesWholeBody(f *Function, payload Payload) bool {
	p, ok := f.SingleUnnamedParam()
	if !ok {
		return false
	}
	switch payload {
	case PayloadJSON:
		return p.Type == "json" || p.Type == "jsonb"
	case PayloadText:
		return p.Type == "text"
	case PayloadXML:
		return p.Type == "xml"
	case PayloadOctetStream:
		return p.Type == "bytea"
	}
	return false
}

// suggestFunction returns what PGRST202's hint proposes after "schema.":
// a similarly named function when there is none of that name, else the
// overload whose parameter names are closest, as name(a, b).
func (s *Snapshot) suggestFunction(schema, name string, keys []string, overloads []*Function) string {
	if len(overloads) == 0 {
		var names []string
		for qn := range s.Functions {
			if qn.Schema == schema {
				names = append(names, qn.Name)
			}
		}
		slices.Sort(names)
		return newFuzzySet(names).closest(name, 0.75)
	}
	paramList := func(names []string) string {
		names = slices.Clone(names)
		slices.Sort(names)
		return "(" + strings.Join(names, ", ") + ")"
	}
	var lists []string
	for _, f := range overloads {
		var names []string
		for _, p := range f.Params {
			names = append(names, p.Name)
		}
		lists = append(lists, paramList(names))
	}
	if m := newFuzzySet(lists).closest(paramList(keys), 0.33); m != "" {
		return name + m
	}
	return ""
}
