// Package rls answers "may this role, with these JWT claims, see this
// row?" the way PostgreSQL's row-level security would — for many
// subscribers and many rows in one round trip.
//
// # Design
//
// The row in question is not read from its table: it is the row as the
// change had it (a deleted row is gone, an updated one may have changed
// again). So the check is a query over a synthetic row, built from the
// change's text values with casts to the column types, aliased as the
// table, and filtered by the table's policies:
//
//	SELECT __rt.__rt_ord
//	FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS __rt(__rt_r, __rt_ord)
//	CROSS JOIN LATERAL (SELECT (__rt.__rt_r->>0)::uuid AS "id", (__rt.__rt_r->>1)::uuid AS "user_id", ...) AS "tasks"
//	WHERE ((("user_id" = auth.uid())))
//
// The WHERE clause is what PostgreSQL itself would apply: the USING
// expressions of the SELECT (or ALL) policies that apply to the role —
// permissive ones OR-ed, restrictive ones AND-ed, none means no rows —
// read from pg_policy with pg_get_expr under an empty search_path, so every
// name in them is schema-qualified. Sub-queries in policies (membership
// tables, say) run as the subscriber's role with its claims, exactly as in
// a REST request. Roles with BYPASSRLS and table owners skip the policies;
// tables without RLS need only the privilege.
//
// A [Check] runs that statement for one (table, role, claims) and many
// rows; [Run] sends any number of checks in one pipeline inside one
// read-only transaction: set_config('role'), set_config('request.jwt.claims')
// and the statement, per check. Subscribers with the same role and claims
// (the same user in several tabs, every anonymous client) share one check,
// and one check covers a whole batch of changes — so 1,000 subscribers
// cost at most one statement per distinct claims set per batch, never one
// query per subscriber per change, and a single network round trip. The
// statements are prepared once per connection.
//
// The checks run on the API pool, logged in as the authenticator role, so
// a subscriber can only ever become a role the REST gateway could become.
package rls

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/pgident"
	"daybase/realtime/pgjson"
)

// ErrNotFound means the table does not exist.
var ErrNotFound = errors.New("table not found")

// Catalog caches what checks need to know about tables, types, privileges
// and policies. Reads go to a superuser pool. Entries live for TTL or
// until Invalidate (called on schema changes).
type Catalog struct {
	pool *pgxpool.Pool
	ttl  time.Duration
	now  func() time.Time

	mu       sync.Mutex // guards all following fields
	tables   map[uint32]*Table
	byName   map[string]uint32
	types    map[uint32]*pgjson.Type
	pub      map[string]map[string]bool // publication → "schema.table" set
	loadedAt time.Time
}

// NewCatalog returns a catalog reading with pool (a superuser pool).
func NewCatalog(pool *pgxpool.Pool, ttl time.Duration) *Catalog {
	if ttl <= 0 {
		ttl = 30 * time.Second
	}
	c := &Catalog{pool: pool, ttl: ttl, now: time.Now}
	c.resetLocked()
	return c
}

func (c *Catalog) resetLocked() {
	c.tables = map[uint32]*Table{}
	c.byName = map[string]uint32{}
	c.types = map[uint32]*pgjson.Type{}
	c.pub = map[string]map[string]bool{}
	c.loadedAt = c.now()
}

// Invalidate forgets everything.
func (c *Catalog) Invalidate() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.resetLocked()
}

func (c *Catalog) expireLocked() {
	if c.now().Sub(c.loadedAt) > c.ttl {
		c.resetLocked()
	}
}

// Table is a table's shape and RLS settings.
type Table struct {
	OID      uint32
	Schema   string
	Name     string
	Columns  []Column // attnum order, dropped columns left out
	RLS      bool     // relrowsecurity
	ForceRLS bool

	mu    sync.Mutex // guards views
	views map[viewKey]*View
}

// Column is one column of a Table.
type Column struct {
	Name    string
	TypeOID uint32
	SQLType string // format_type(), schema-qualified: the cast target
	Type    *pgjson.Type
	PK      bool
}

// Index returns the position of the named column, or -1.
func (t *Table) Index(name string) int {
	for i, c := range t.Columns {
		if c.Name == name {
			return i
		}
	}
	return -1
}

// Mode is the command whose policies apply.
type Mode uint8

// Modes.
const (
	Select Mode = iota // USING of SELECT and ALL policies
	Insert             // WITH CHECK (or USING) of INSERT and ALL policies
)

type viewKey struct {
	role string
	mode Mode
}

// View is what one role may do with a table.
type View struct {
	// Allowed says the role holds the privilege: INSERT, or SELECT on at
	// least one column.
	Allowed bool
	// Columns marks, per Table column, those the role may SELECT.
	Columns []bool
	// Bypass says row-level security does not apply (RLS off, BYPASSRLS,
	// or the table's owner).
	Bypass bool
	// SQL is the check statement when !Bypass; "" when no policy lets any
	// row through.
	SQL string
}

// Visible reports whether rows need no per-row check: either every row is
// visible (true, true) or none is (false, true).
func (v *View) Visible() (visible, decided bool) {
	switch {
	case !v.Allowed:
		return false, true
	case v.Bypass:
		return true, true
	case v.SQL == "":
		return false, true
	}
	return false, false
}

// inTx runs f in a read-only transaction with an empty search_path, so
// format_type and pg_get_expr qualify every name.
func (c *Catalog) inTx(ctx context.Context, f func(pgx.Tx) error) error {
	return pgx.BeginTxFunc(ctx, c.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SET LOCAL search_path TO ''"); err != nil {
			return err
		}
		return f(tx)
	})
}

// TableByName returns the table schema.name.
func (c *Catalog) TableByName(ctx context.Context, schema, name string) (*Table, error) {
	c.mu.Lock()
	c.expireLocked()
	oid, ok := c.byName[schema+"."+name]
	c.mu.Unlock()
	if ok {
		return c.Table(ctx, oid)
	}
	err := c.pool.QueryRow(ctx, stmt.TableOid, schema, name).Scan(&oid)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, fmt.Errorf("%w: %s.%s", ErrNotFound, schema, name)
	}
	if err != nil {
		return nil, fmt.Errorf("rls: look up %s.%s: %w", schema, name, err)
	}
	return c.Table(ctx, oid)
}

// Table returns the table with the given OID.
func (c *Catalog) Table(ctx context.Context, oid uint32) (*Table, error) {
	c.mu.Lock()
	c.expireLocked()
	t, ok := c.tables[oid]
	c.mu.Unlock()
	if ok {
		return t, nil
	}
	t = &Table{OID: oid, views: map[viewKey]*View{}}
	var typeOIDs []uint32
	err := c.inTx(ctx, func(tx pgx.Tx) error {
		err := tx.QueryRow(ctx, stmt.Table, oid).Scan(&t.Schema, &t.Name, &t.RLS, &t.ForceRLS)
		if errors.Is(err, pgx.ErrNoRows) {
			return fmt.Errorf("%w: oid %d", ErrNotFound, oid)
		}
		if err != nil {
			return err
		}
		rows, _ := tx.Query(ctx, stmt.Columns, oid)
		var col Column
		_, err = pgx.ForEachRow(rows, []any{&col.Name, &col.TypeOID, &col.SQLType, &col.PK}, func() error {
			t.Columns = append(t.Columns, col)
			typeOIDs = append(typeOIDs, col.TypeOID)
			return nil
		})
		return err
	})
	if err != nil {
		if errors.Is(err, ErrNotFound) {
			return nil, err
		}
		return nil, fmt.Errorf("rls: load table %d: %w", oid, err)
	}
	types, err := c.Types(ctx, typeOIDs)
	if err != nil {
		return nil, err
	}
	for i := range t.Columns {
		t.Columns[i].Type = types[t.Columns[i].TypeOID]
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if prev, ok := c.tables[oid]; ok {
		return prev, nil
	}
	c.tables[oid] = t
	c.byName[t.Schema+"."+t.Name] = oid
	return t, nil
}

// Types returns conversion info for type OIDs, loading element and base
// types as needed.
func (c *Catalog) Types(ctx context.Context, oids []uint32) (map[uint32]*pgjson.Type, error) {
	c.mu.Lock()
	out := map[uint32]*pgjson.Type{}
	var missing []uint32
	for _, o := range oids {
		if t, ok := c.types[o]; ok {
			out[o] = t
		} else {
			missing = append(missing, o)
		}
	}
	c.mu.Unlock()
	if len(missing) == 0 {
		return out, nil
	}
	type row struct {
		name              string
		typtype, category string
		elem, base        uint32
		delim             string
	}
	raw := map[uint32]row{}
	for len(missing) > 0 {
		rows, _ := c.pool.Query(ctx, stmt.Types, missing)
		var o uint32
		var r row
		_, err := pgx.ForEachRow(rows, []any{&o, &r.name, &r.typtype, &r.category, &r.elem, &r.base, &r.delim}, func() error {
			raw[o] = r
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("rls: load types: %w", err)
		}
		missing = missing[:0]
		for _, r := range raw {
			for _, dep := range []uint32{r.elem, r.base} {
				if _, ok := raw[dep]; dep != 0 && !ok {
					missing = append(missing, dep)
				}
			}
		}
	}
	var build func(o uint32, depth int) *pgjson.Type
	build = func(o uint32, depth int) *pgjson.Type {
		r, ok := raw[o]
		if !ok || depth > 8 {
			return &pgjson.Type{Name: r.name, Kind: pgjson.String}
		}
		t := &pgjson.Type{Name: r.name}
		switch {
		case r.typtype == "d" && r.base != 0:
			base := build(r.base, depth+1)
			t.Kind, t.Elem, t.Delim = base.Kind, base.Elem, base.Delim
		case r.category == "A" && r.elem != 0:
			t.Kind, t.Elem = pgjson.Array, build(r.elem, depth+1)
			t.Delim = ','
			if d := raw[r.elem].delim; len(d) == 1 {
				t.Delim = d[0]
			}
		default:
			t.Kind = pgjson.KindOf(r.name)
		}
		return t
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, o := range oids {
		if _, ok := out[o]; ok {
			continue
		}
		t := build(o, 0)
		c.types[o] = t
		out[o] = t
	}
	return out, nil
}

// Published reports whether schema.table is in the publication. A "no"
// from the cache is asked of the database again: a table added to the
// publication just before a client subscribes is seen at once, not only
// once the schema change notification has reached Invalidate.
func (c *Catalog) Published(ctx context.Context, publication, schema, table string) (bool, error) {
	c.mu.Lock()
	c.expireLocked()
	set, ok := c.pub[publication]
	c.mu.Unlock()
	if ok && inPublication(set, schema, table) {
		return true, nil
	}
	set = map[string]bool{}
	rows, _ := c.pool.Query(ctx, stmt.PublicationTables, publication)
	var s, t string
	if _, err := pgx.ForEachRow(rows, []any{&s, &t}, func() error { set[s+"."+t] = true; return nil }); err != nil {
		return false, fmt.Errorf("rls: read publication %s: %w", publication, err)
	}
	c.mu.Lock()
	c.pub[publication] = set
	c.mu.Unlock()
	return inPublication(set, schema, table), nil
}

func inPublication(set map[string]bool, schema, table string) bool {
	if table == "*" || table == "" {
		for k := range set {
			if strings.HasPrefix(k, schema+".") {
				return true
			}
		}
		return false
	}
	return set[schema+"."+table]
}

// View returns what role may do with t in mode. An unknown role may do
// nothing.
func (c *Catalog) View(ctx context.Context, t *Table, role string, mode Mode) (*View, error) {
	t.mu.Lock()
	v, ok := t.views[viewKey{role, mode}]
	t.mu.Unlock()
	if ok {
		return v, nil
	}
	v = &View{Columns: make([]bool, len(t.Columns))}
	err := c.inTx(ctx, func(tx pgx.Tx) error {
		var exists bool
		if err := tx.QueryRow(ctx, stmt.RoleExists, role).Scan(&exists); err != nil || !exists {
			return err
		}
		priv := "SELECT"
		if mode == Insert {
			priv = "INSERT"
		}
		var cols []bool
		var bypass bool
		err := tx.QueryRow(ctx, stmt.Privileges, role, t.OID, priv).Scan(&v.Allowed, &cols, &bypass)
		if err != nil {
			return err
		}
		v.Bypass = bypass
		if len(cols) == len(v.Columns) {
			copy(v.Columns, cols)
		}
		if mode == Select {
			v.Allowed = false
			for _, ok := range v.Columns {
				v.Allowed = v.Allowed || ok
			}
		}
		if !v.Allowed || v.Bypass {
			return nil
		}
		policies := stmt.SelectPolicies
		if mode == Insert {
			policies = stmt.InsertPolicies
		}
		rows, _ := tx.Query(ctx, policies, t.OID, role)
		var permissive, restrictive []string
		var perm bool
		var q *string
		_, err = pgx.ForEachRow(rows, []any{&perm, &q}, func() error {
			// A policy without an expression for this command adds nothing,
			// as in PostgreSQL's add_security_quals.
			if q == nil {
				return nil
			}
			if perm {
				permissive = append(permissive, "("+*q+")")
			} else {
				restrictive = append(restrictive, "("+*q+")")
			}
			return nil
		})
		if err != nil {
			return err
		}
		if len(permissive) > 0 {
			where := "(" + strings.Join(permissive, " OR ") + ")"
			for _, r := range restrictive {
				where += " AND " + r
			}
			v.SQL = checkSQL(t, where)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("rls: privileges of %s on %s.%s: %w", role, t.Schema, t.Name, err)
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.views[viewKey{role, mode}] = v
	return v, nil
}

// checkSQL renders the statement that returns the 1-based positions of the
// rows (a JSON array of arrays of column texts, in Table column order)
// that pass where.
func checkSQL(t *Table, where string) string {
	var b strings.Builder
	b.WriteString("SELECT __rt.__rt_ord FROM jsonb_array_elements($1::text::jsonb) WITH ORDINALITY AS __rt(__rt_r, __rt_ord) CROSS JOIN LATERAL (SELECT ")
	for i, c := range t.Columns {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "(__rt.__rt_r->>%d)::%s AS %s", i, c.SQLType, pgident.Quote(c.Name))
	}
	b.WriteString(") AS ")
	b.WriteString(pgident.Quote(t.Name))
	b.WriteString(" WHERE ")
	b.WriteString(where)
	return b.String()
}
