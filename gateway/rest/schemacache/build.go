package schemacache

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// build turns the catalog rows into a snapshot. It is a pure function so
// the relationship rules can be tested without a database.
func build(cfg Config, raw *rawCatalog) *Snapshot {
	s := &Snapshot{
		Schemas:            slices.Clone(cfg.Schemas),
		SchemaDescriptions: map[string]string{},
		Tables:             map[QualifiedName]*Table{},
		Functions:          map[QualifiedName][]*Function{},
		roleSettings:       map[string][]Setting{},
		rels:               map[relKey][]Relationship{},
	}
	for _, sc := range raw.schemas {
		s.SchemaDescriptions[sc.name] = sc.description
	}

	byOID := map[uint32]*Table{}
	for _, r := range raw.relations {
		t := &Table{
			OID: r.oid, Schema: r.schema, Name: r.name, Kind: RelKind(r.kind), Description: r.description,
			Insertable: r.insertable, Updatable: r.updatable, Deletable: r.deletable,
			byName: map[string]*Column{}, types: map[string]string{},
		}
		byOID[r.oid] = t
		s.Tables[t.QualifiedName()] = t
	}
	for _, c := range raw.columns {
		t := byOID[c.relid]
		if t == nil {
			continue
		}
		col := &Column{
			Name: c.name, Position: c.attnum, Description: c.description, Nullable: c.nullable,
			DataType: c.dataType, NominalType: c.nominalType, MaxLength: c.maxLength, Default: c.defaultExpr,
			Enum: c.enum, Generated: c.generated, Identity: c.identity,
		}
		if len(col.Enum) == 0 {
			col.Enum = nil
		}
		t.Columns = append(t.Columns, col)
		t.byName[col.Name] = col
		t.types[col.Name] = col.DataType
	}
	for _, c := range raw.constraints {
		if c.kind != "p" {
			continue
		}
		if t := byOID[c.rel]; t != nil {
			t.PrimaryKey = slices.Clone(c.cols)
		}
	}

	deps, warnings := viewKeyDependencies(raw, byOID, cfg.Schemas)
	s.Warnings = warnings
	addViewPrimaryKeys(s.Tables, deps)
	for _, t := range s.Tables {
		for _, name := range t.PrimaryKey {
			if col := t.byName[name]; col != nil {
				col.PrimaryKey = true
			}
		}
	}

	s.rels = relationships(cfg.Schemas, s.Tables, raw, deps)
	s.Functions = functions(raw)
	s.roleSettings = roleSettings(raw.roles)
	s.timezones = make(map[string]struct{}, len(raw.timezones))
	for _, tz := range raw.timezones {
		s.timezones[tz] = struct{}{}
	}
	return s
}

// keyDepKind says which key a view's key dependency stands for.
type keyDepKind int

const (
	pkDep    keyDepKind = iota // the base table's primary key
	fkDep                      // a foreign key's columns on its table
	fkRefDep                   // a foreign key's referenced columns
)

// keyDep records that a view selects every column of a key of a base
// table. PostgREST's ViewKeyDependency.
type keyDep struct {
	table      QualifiedName
	view       QualifiedName
	constraint string
	kind       keyDepKind
	// cols are in key order: each key column with the view columns that
	// select it (several when the view selects it more than once).
	cols []keyDepCol
}

type keyDepCol struct {
	tableCol string
	viewCols []string
}

type relAtt struct {
	rel    uint32
	attnum int
}

// viewKeyDependencies follows every column of the views of the exposed
// schemas down through views of views (in the exposed schemas or the extra
// search path) to table columns, and returns the primary and foreign keys
// whose columns a view selects completely.
func viewKeyDependencies(raw *rawCatalog, tables map[uint32]*Table, exposed []string) (deps []keyDep, warnings []string) {
	origins := map[uint32]map[int]relAtt{}
	for _, v := range raw.views {
		os, err := readViewOrigins(v.def)
		if err != nil {
			// A definition this reader does not understand only costs the
			// view its inherited keys.
			warnings = append(warnings, fmt.Sprintf("view %s: %v; it inherits no keys", v.name, err))
			continue
		}
		m := map[int]relAtt{}
		for _, o := range os {
			m[o.column] = relAtt{o.table, o.attnum}
		}
		origins[v.oid] = m
	}

	for _, v := range raw.views {
		if !slices.Contains(exposed, v.name.Schema) || tables[v.oid] == nil {
			continue
		}
		view := tables[v.oid]
		// refs: base column -> view columns selecting it, in view order.
		refs := map[relAtt][]string{}
		for _, col := range view.Columns {
			cur, ok := origins[v.oid][col.Position]
			visited := map[uint32]bool{v.oid: true}
			for ok {
				if !slices.Contains(refs[cur], col.Name) {
					refs[cur] = append(refs[cur], col.Name)
				}
				next, isView := origins[cur.rel]
				if !isView || visited[cur.rel] {
					break
				}
				visited[cur.rel] = true
				cur, ok = next[cur.attnum]
			}
		}
		if len(refs) == 0 {
			continue
		}
		match := func(rel uint32, relName QualifiedName, keys []int, cols []string, name string, kind keyDepKind) {
			if len(keys) == 0 || len(keys) != len(cols) {
				return
			}
			dep := keyDep{table: relName, view: v.name, constraint: name, kind: kind}
			for i, k := range keys {
				vcols := refs[relAtt{rel, k}]
				if len(vcols) == 0 {
					return
				}
				dep.cols = append(dep.cols, keyDepCol{tableCol: cols[i], viewCols: vcols})
			}
			deps = append(deps, dep)
		}
		referenced := map[uint32]bool{}
		for ra := range refs {
			referenced[ra.rel] = true
		}
		for _, c := range raw.constraints {
			if !referenced[c.rel] && !referenced[c.frel] {
				continue
			}
			switch c.kind {
			case "p":
				match(c.rel, c.relName, c.keys, c.cols, c.name, pkDep)
			case "f":
				match(c.rel, c.relName, c.keys, c.cols, c.name, fkDep)
				match(c.frel, c.frelName, c.fkeys, c.fcols, c.name, fkRefDep)
			}
		}
	}
	return deps, warnings
}

// addViewPrimaryKeys gives views the primary keys of the tables they
// select every key column of, taking the first view column when a key
// column is selected more than once.
func addViewPrimaryKeys(tables map[QualifiedName]*Table, deps []keyDep) {
	for _, d := range deps {
		if d.kind != pkDep {
			continue
		}
		t := tables[d.view]
		if t == nil || !t.IsView() {
			continue
		}
		for _, c := range d.cols {
			if !slices.Contains(t.PrimaryKey, c.viewCols[0]) {
				t.PrimaryKey = append(t.PrimaryKey, c.viewCols[0])
			}
		}
	}
}

type relKey struct {
	table         QualifiedName
	foreignSchema string
}

// relationships derives every relationship PostgREST knows of, following
// SchemaCache.hs: many-to-one and one-to-one from foreign keys, the same
// through views, many-to-many through junction tables, the inverse of
// each, computed relationships replacing foreign key ones of the same
// name; then keeps those between exposed schemas, indexed by origin and
// sorted as PostgREST sorts them.
func relationships(exposed []string, tables map[QualifiedName]*Table, raw *rawCatalog, deps []keyDep) map[relKey][]Relationship {
	// Unique column sets per table, for one-to-one detection.
	uniques := map[uint32][][]int{}
	for _, c := range raw.constraints {
		if c.kind == "p" || c.kind == "u" {
			uniques[c.rel] = append(uniques[c.rel], sortedInts(c.keys))
		}
	}
	var rels []Relationship
	for _, c := range raw.constraints {
		if c.kind != "f" || len(c.cols) != len(c.fcols) {
			continue
		}
		card := ManyToOne
		keys := sortedInts(c.keys)
		for _, u := range uniques[c.rel] {
			if slices.Equal(u, keys) {
				card = OneToOne
				break
			}
		}
		r := Relationship{
			Table: c.relName, ForeignTable: c.frelName, IsSelf: c.rel == c.frel,
			Cardinality: card, Constraint: c.name,
		}
		for i := range c.cols {
			r.Columns = append(r.Columns, ColumnPair{c.cols[i], c.fcols[i]})
		}
		rels = append(rels, r)
	}
	rels = append(rels, viewRelationships(rels, deps)...)
	rels = append(rels, manyToMany(rels, tables)...)
	rels = append(rels, inverse(rels)...)
	rels = overrideComputed(rels, computedRelationships(raw.computed, tables))

	out := map[relKey][]Relationship{}
	for _, r := range rels {
		if !slices.Contains(exposed, r.Table.Schema) || !slices.Contains(exposed, r.ForeignTable.Schema) {
			continue
		}
		if r.Junction != nil && !slices.Contains(exposed, r.Junction.Table.Schema) {
			continue
		}
		k := relKey{r.Table, r.ForeignTable.Schema}
		out[k] = append(out[k], r)
	}
	for _, list := range out {
		slices.SortStableFunc(list, compareRel)
	}
	return out
}

// viewRelationships copies each foreign key relationship onto the views
// that select all of its columns: view to table, table to view and view
// to view, once for every combination of view columns selecting the key.
func viewRelationships(rels []Relationship, deps []keyDep) []Relationship {
	type depKey struct {
		table      QualifiedName
		constraint string
		kind       keyDepKind
	}
	index := map[depKey][]keyDep{}
	for _, d := range deps {
		k := depKey{d.table, d.constraint, d.kind}
		index[k] = append(index[k], d)
	}
	var out []Relationship
	for _, r := range rels {
		from := index[depKey{r.Table, r.Constraint, fkDep}]
		to := index[depKey{r.ForeignTable, r.Constraint, fkRefDep}]
		with := func(table, foreign QualifiedName, cols, fcols []string, tableIsView, foreignIsView bool) Relationship {
			v := Relationship{
				Table: table, ForeignTable: foreign, Cardinality: r.Cardinality, Constraint: r.Constraint,
				TableIsView: tableIsView, ForeignTableIsView: foreignIsView,
			}
			for i := range min(len(cols), len(fcols)) {
				v.Columns = append(v.Columns, ColumnPair{cols[i], fcols[i]})
			}
			return v
		}
		tableCols, foreignCols := r.columnSides()
		for _, d := range from {
			for _, vcols := range expandKeyDep(d.cols) {
				out = append(out, with(d.view, r.ForeignTable, vcols, foreignCols, true, false))
			}
		}
		for _, d := range to {
			for _, vcols := range expandKeyDep(d.cols) {
				out = append(out, with(r.Table, d.view, tableCols, vcols, false, true))
			}
		}
		for _, d1 := range from {
			for _, vcols1 := range expandKeyDep(d1.cols) {
				for _, d2 := range to {
					for _, vcols2 := range expandKeyDep(d2.cols) {
						v := with(d1.view, d2.view, vcols1, vcols2, true, true)
						v.IsSelf = d1.view == d2.view
						out = append(out, v)
					}
				}
			}
		}
	}
	return out
}

func (r Relationship) columnSides() (cols, fcols []string) {
	for _, p := range r.Columns {
		cols = append(cols, p.Column)
		fcols = append(fcols, p.ForeignColumn)
	}
	return cols, fcols
}

// expandKeyDep lists every choice of one view column per key column, the
// first key column varying slowest.
func expandKeyDep(cols []keyDepCol) [][]string {
	out := [][]string{nil}
	for _, c := range cols {
		var next [][]string
		for _, prefix := range out {
			for _, vc := range c.viewCols {
				next = append(next, append(slices.Clone(prefix), vc))
			}
		}
		out = next
	}
	return out
}

// manyToMany finds junction tables: a table with many-to-one
// relationships to two tables (through different foreign keys) whose
// columns all belong to its primary key.
func manyToMany(rels []Relationship, tables map[QualifiedName]*Table) []Relationship {
	byTable := map[QualifiedName][]Relationship{}
	for _, r := range rels {
		byTable[r.Table] = append(byTable[r.Table], r)
	}
	var out []Relationship
	for _, r1 := range rels {
		if r1.Cardinality != ManyToOne {
			continue
		}
		jt := tables[r1.Table]
		if jt == nil {
			continue
		}
		for _, r2 := range byTable[r1.Table] {
			if r2.Cardinality != ManyToOne || r2.Constraint == r1.Constraint {
				continue
			}
			inPK := true
			for _, p := range append(slices.Clone(r1.Columns), r2.Columns...) {
				if !slices.Contains(jt.PrimaryKey, p.Column) {
					inPK = false
					break
				}
			}
			if !inPK {
				continue
			}
			j := &Junction{Table: r1.Table, SourceConstraint: r1.Constraint, TargetConstraint: r2.Constraint}
			for _, p := range r1.Columns {
				j.SourceColumns = append(j.SourceColumns, ColumnPair{p.ForeignColumn, p.Column})
			}
			for _, p := range r2.Columns {
				j.TargetColumns = append(j.TargetColumns, ColumnPair{p.ForeignColumn, p.Column})
			}
			out = append(out, Relationship{
				Table: r1.ForeignTable, ForeignTable: r2.ForeignTable, IsSelf: r1.ForeignTable == r2.ForeignTable,
				Cardinality: ManyToMany, Junction: j,
				TableIsView: r1.ForeignTableIsView, ForeignTableIsView: r2.ForeignTableIsView,
			})
		}
	}
	return out
}

// inverse returns the way back of every many-to-one (one-to-many) and
// one-to-one relationship.
func inverse(rels []Relationship) []Relationship {
	var out []Relationship
	for _, r := range rels {
		if r.Cardinality != ManyToOne && r.Cardinality != OneToOne {
			continue
		}
		inv := Relationship{
			Table: r.ForeignTable, ForeignTable: r.Table, IsSelf: r.IsSelf, Constraint: r.Constraint,
			TableIsView: r.ForeignTableIsView, ForeignTableIsView: r.TableIsView,
		}
		if r.Cardinality == ManyToOne {
			inv.Cardinality = OneToMany
		} else {
			inv.Cardinality = OneToOne
			inv.IsParent = !r.IsParent
		}
		for _, p := range r.Columns {
			inv.Columns = append(inv.Columns, ColumnPair{p.ForeignColumn, p.Column})
		}
		out = append(out, inv)
	}
	return out
}

func computedRelationships(rows []rawComputed, tables map[QualifiedName]*Table) []Relationship {
	var out []Relationship
	for _, c := range rows {
		fn := c.function
		r := Relationship{
			Table: c.table, ForeignTable: c.foreignTable, IsSelf: c.table == c.foreignTable,
			Cardinality: OneToMany, Function: &fn,
		}
		if c.toOne {
			r.Cardinality = ManyToOne
		}
		if t := tables[c.table]; t != nil {
			r.TableIsView = t.IsView()
		}
		if t := tables[c.foreignTable]; t != nil {
			r.ForeignTableIsView = t.IsView()
		}
		out = append(out, r)
	}
	return out
}

// overrideComputed adds the computed relationships; a function named like
// a table replaces the foreign key relationships from its argument's table
// to that table.
func overrideComputed(rels, computed []Relationship) []Relationship {
	type pair struct{ table, target QualifiedName }
	replaced := map[pair]bool{}
	for _, c := range computed {
		replaced[pair{c.Table, *c.Function}] = true
	}
	out := rels[:0:0]
	for _, r := range rels {
		if !replaced[pair{r.Table, r.ForeignTable}] {
			out = append(out, r)
		}
	}
	return append(out, computed...)
}

// compareRel orders relationships as Haskell's derived Ord does for
// PostgREST's Relationship: foreign key relationships before computed
// ones, then field by field in declaration order. PGRST201 lists
// candidates in this order.
func compareRel(a, b Relationship) int {
	if ac, bc := a.Function != nil, b.Function != nil; ac != bc {
		if ac {
			return 1
		}
		return -1
	}
	if a.Function != nil {
		return cmp.Or(
			compareQN(*a.Function, *b.Function),
			compareQN(a.Table, b.Table),
			compareQN(a.ForeignTable, b.ForeignTable),
			compareBool(a.ToOne(), b.ToOne()),
			compareBool(a.IsSelf, b.IsSelf),
		)
	}
	c := cmp.Or(
		compareQN(a.Table, b.Table),
		compareQN(a.ForeignTable, b.ForeignTable),
		compareBool(a.IsSelf, b.IsSelf),
		cmp.Compare(a.Cardinality, b.Cardinality),
	)
	if c != 0 {
		return c
	}
	if a.Cardinality == ManyToMany {
		ja, jb := a.Junction, b.Junction
		c = cmp.Or(
			compareQN(ja.Table, jb.Table),
			strings.Compare(ja.SourceConstraint, jb.SourceConstraint),
			strings.Compare(ja.TargetConstraint, jb.TargetConstraint),
			comparePairs(ja.SourceColumns, jb.SourceColumns),
			comparePairs(ja.TargetColumns, jb.TargetColumns),
		)
	} else {
		c = cmp.Or(
			strings.Compare(a.Constraint, b.Constraint),
			comparePairs(a.Columns, b.Columns),
			compareBool(a.IsParent, b.IsParent),
		)
	}
	return cmp.Or(c, compareBool(a.TableIsView, b.TableIsView), compareBool(a.ForeignTableIsView, b.ForeignTableIsView))
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case b:
		return -1
	}
	return 1
}

func comparePairs(a, b []ColumnPair) int {
	return slices.CompareFunc(a, b, func(x, y ColumnPair) int {
		return cmp.Or(strings.Compare(x.Column, y.Column), strings.Compare(x.ForeignColumn, y.ForeignColumn))
	})
}

func sortedInts(s []int) []int {
	s = slices.Clone(s)
	slices.Sort(s)
	return s
}

// functions groups the callable functions by name, overloads with fewer
// parameters first (PostgREST's Ord instance for Routine).
func functions(raw *rawCatalog) map[QualifiedName][]*Function {
	params := map[uint32][]rawParam{}
	for _, p := range raw.params {
		params[p.oid] = append(params[p.oid], p)
	}
	out := map[QualifiedName][]*Function{}
	for _, rf := range raw.functions {
		f := &Function{
			OID: rf.oid, Schema: rf.schema, Name: rf.name, Description: rf.description,
			Return: ReturnType{
				Schema: rf.retSchema, Name: rf.retName, SetOf: rf.setOf,
				Composite: rf.composite, CompositeAlias: rf.compositeAlias,
			},
			Volatility: Volatility(rf.volatility), HasVariadic: rf.hasVariadic,
		}
		for _, s := range rf.config {
			f.Settings = append(f.Settings, parseSetting(s))
		}
		unnamed := 0
		unnamedCallable := false
		for _, p := range params[rf.oid] {
			if p.mode == "o" || p.mode == "b" || p.mode == "t" {
				f.Return.Columns = append(f.Return.Columns, ReturnColumn{Name: p.name, Type: p.typ})
			}
			if p.mode == "o" || p.mode == "t" {
				continue
			}
			f.Params = append(f.Params, Param{
				Name: p.name, Type: p.typ, TypeMaxLength: widenType(p.typ),
				Required: p.defaultExpr == "", Variadic: p.mode == "v", Default: p.defaultExpr,
			})
			if p.name == "" {
				unnamed++
				switch p.typ {
				case "bytea", "json", "jsonb", "text", "xml":
					unnamedCallable = true
				}
			}
		}
		if unnamed > 1 || (unnamed == 1 && !unnamedCallable) {
			continue
		}
		if f.Return.Composite && !(f.Return.Schema == "pg_catalog" && f.Return.Name == "record") {
			f.Return.Columns = nil
			for i := range rf.attNames {
				f.Return.Columns = append(f.Return.Columns, ReturnColumn{Name: rf.attNames[i], Type: rf.attTypes[i]})
			}
		}
		if !f.Return.Composite {
			f.Return.Columns = nil
		}
		qn := f.QualifiedName()
		out[qn] = append(out[qn], f)
	}
	for _, list := range out {
		slices.SortStableFunc(list, compareFunc)
	}
	return out
}

func compareFunc(a, b *Function) int {
	return cmp.Or(
		cmp.Compare(len(a.Params), len(b.Params)),
		strings.Compare(a.Description, b.Description),
		slices.CompareFunc(a.Params, b.Params, func(x, y Param) int {
			return cmp.Or(strings.Compare(x.Name, y.Name), strings.Compare(x.Type, y.Type),
				compareBool(x.Required, y.Required), compareBool(x.Variadic, y.Variadic))
		}),
		cmp.Compare(a.OID, b.OID),
	)
}

// widenType turns character and bit types into their varying forms: an
// argument cast to character(1) would be cut to one character silently.
func widenType(t string) string {
	switch t {
	case "bit":
		return "bit varying"
	case "bit[]":
		return "bit varying[]"
	case "character":
		return "character varying"
	case "character[]":
		return "character varying[]"
	}
	return t
}

// roleSettings merges role-wide and database-specific settings per role;
// the database-specific value wins, as it does when PostgreSQL applies
// them at login.
func roleSettings(rows []rawRoleSetting) map[string][]Setting {
	out := map[string][]Setting{}
	for _, r := range rows {
		list := out[r.role]
		i := slices.IndexFunc(list, func(s Setting) bool { return s.Name == r.name })
		if i >= 0 {
			list[i].Value = r.value
		} else {
			list = append(list, Setting{r.name, r.value})
		}
		out[r.role] = list
	}
	for _, list := range out {
		slices.SortFunc(list, func(a, b Setting) int { return strings.Compare(a.Name, b.Name) })
	}
	return out
}
