package schemacache

import (
	"context"
	_ "embed"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

var (
	//go:embed sql/relations.sql
	relationsSQL string
	//go:embed sql/columns.sql
	columnsSQL string
	//go:embed sql/constraints.sql
	constraintsSQL string
	//go:embed sql/views.sql
	viewsSQL string
	//go:embed sql/functions.sql
	functionsSQL string
	//go:embed sql/function_params.sql
	functionParamsSQL string
	//go:embed sql/computed_relationships.sql
	computedRelationshipsSQL string
	//go:embed sql/role_settings.sql
	roleSettingsSQL string
	//go:embed sql/schemas.sql
	schemasSQL string
	//go:embed sql/empty_search_path.sql
	emptySearchPathSQL string
	//go:embed sql/timezone_names.sql
	timezoneNamesSQL string
)

// TxBeginner starts the read-only transaction the catalog queries run in;
// *pgxpool.Pool, *pgxpool.Conn and *pgx.Conn implement it.
type TxBeginner interface {
	BeginTx(ctx context.Context, opts pgx.TxOptions) (pgx.Tx, error)
}

// Load reads the schema cache from the database in one repeatable-read
// transaction: the catalog queries go out as one batch (one round trip
// after the transaction starts). The connecting role needs no privileges
// on the exposed objects; the catalogs are readable by everyone.
func Load(ctx context.Context, db TxBeginner, cfg Config) (snap *Snapshot, err error) {
	cfg = cfg.withDefaults()
	start := time.Now()
	tx, err := db.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("load schema cache: begin: %w", err)
	}
	defer tx.Rollback(ctx) //nolint:errcheck // read-only; nothing to keep

	raw, err := query(ctx, tx, cfg)
	if err != nil {
		return nil, fmt.Errorf("load schema cache: %w", err)
	}
	snap = build(cfg, raw)
	snap.LoadedAt = start
	snap.LoadDuration = time.Since(start)
	return snap, nil
}

// rawCatalog is what the catalog queries return, before the snapshot is
// built from it.
type rawCatalog struct {
	schemas     []rawSchema
	relations   []rawRelation
	columns     []rawColumn
	constraints []rawConstraint
	views       []rawView
	functions   []rawFunction
	params      []rawParam
	computed    []rawComputed
	roles       []rawRoleSetting
	timezones   []string
}

type rawSchema struct{ name, description string }

type rawRelation struct {
	oid                              uint32
	schema, name, kind, description  string
	insertable, updatable, deletable bool
}

type rawColumn struct {
	relid                 uint32
	attnum                int
	name, description     string
	nullable              bool
	dataType, nominalType string
	maxLength             int
	defaultExpr           string
	enum                  []string
	generated             bool
	identity              string
}

type rawConstraint struct {
	name, kind string // kind: p, u or f
	rel        uint32
	relName    QualifiedName
	relKind    string
	keys       []int
	cols       []string
	frel       uint32 // f only
	frelName   QualifiedName
	frelKind   string
	fkeys      []int
	fcols      []string
}

type rawView struct {
	oid  uint32
	name QualifiedName
	def  string
}

type rawFunction struct {
	oid                              uint32
	schema, name, description        string
	retSchema, retName               string
	setOf, composite, compositeAlias bool
	volatility                       string
	hasVariadic                      bool
	config                           []string
	attNames, attTypes               []string
}

type rawParam struct {
	oid                          uint32
	idx                          int
	name, mode, typ, defaultExpr string
}

type rawComputed struct {
	function, table, foreignTable QualifiedName
	toOne                         bool
}

type rawRoleSetting struct {
	role, name, value string
	databaseSpecific  bool
}

func query(ctx context.Context, tx pgx.Tx, cfg Config) (*rawCatalog, error) {
	// format_type and regtype print types outside search_path with their
	// schema; an empty search_path makes every non-catalog type qualified.
	viewSchemas := append(append([]string{}, cfg.Schemas...), cfg.ExtraSearchPath...)
	b := &pgx.Batch{}
	b.Queue(emptySearchPathSQL)
	b.Queue(schemasSQL, cfg.Schemas)
	b.Queue(relationsSQL, cfg.Schemas)
	b.Queue(columnsSQL, cfg.Schemas)
	b.Queue(constraintsSQL)
	b.Queue(viewsSQL, viewSchemas)
	b.Queue(functionsSQL, cfg.Schemas)
	b.Queue(functionParamsSQL, cfg.Schemas)
	b.Queue(computedRelationshipsSQL)
	b.Queue(roleSettingsSQL, cfg.Authenticator)
	b.Queue(timezoneNamesSQL)
	br := tx.SendBatch(ctx, b)
	defer br.Close()

	raw := &rawCatalog{}
	if _, err := br.Exec(); err != nil {
		return nil, fmt.Errorf("set search_path: %w", err)
	}
	steps := []struct {
		name string
		scan func(pgx.Rows) error
	}{
		{"schemas", func(r pgx.Rows) error {
			var s rawSchema
			err := r.Scan(&s.name, &s.description)
			raw.schemas = append(raw.schemas, s)
			return err
		}},
		{"relations", func(r pgx.Rows) error {
			var t rawRelation
			err := r.Scan(&t.oid, &t.schema, &t.name, &t.kind, &t.description, &t.insertable, &t.updatable, &t.deletable)
			raw.relations = append(raw.relations, t)
			return err
		}},
		{"columns", func(r pgx.Rows) error {
			var c rawColumn
			err := r.Scan(&c.relid, &c.attnum, &c.name, &c.description, &c.nullable, &c.dataType, &c.nominalType,
				&c.maxLength, &c.defaultExpr, &c.enum, &c.generated, &c.identity)
			raw.columns = append(raw.columns, c)
			return err
		}},
		{"constraints", func(r pgx.Rows) error {
			var c rawConstraint
			err := r.Scan(&c.name, &c.kind, &c.rel, &c.relName.Schema, &c.relName.Name, &c.relKind, &c.keys, &c.cols,
				&c.frel, &c.frelName.Schema, &c.frelName.Name, &c.frelKind, &c.fkeys, &c.fcols)
			raw.constraints = append(raw.constraints, c)
			return err
		}},
		{"views", func(r pgx.Rows) error {
			var v rawView
			err := r.Scan(&v.oid, &v.name.Schema, &v.name.Name, &v.def)
			raw.views = append(raw.views, v)
			return err
		}},
		{"functions", func(r pgx.Rows) error {
			var f rawFunction
			err := r.Scan(&f.oid, &f.schema, &f.name, &f.description, &f.retSchema, &f.retName, &f.setOf,
				&f.composite, &f.compositeAlias, &f.volatility, &f.hasVariadic, &f.config, &f.attNames, &f.attTypes)
			raw.functions = append(raw.functions, f)
			return err
		}},
		{"function parameters", func(r pgx.Rows) error {
			var p rawParam
			err := r.Scan(&p.oid, &p.idx, &p.name, &p.mode, &p.typ, &p.defaultExpr)
			raw.params = append(raw.params, p)
			return err
		}},
		{"computed relationships", func(r pgx.Rows) error {
			var c rawComputed
			err := r.Scan(&c.function.Schema, &c.function.Name, &c.table.Schema, &c.table.Name,
				&c.foreignTable.Schema, &c.foreignTable.Name, &c.toOne)
			raw.computed = append(raw.computed, c)
			return err
		}},
		{"role settings", func(r pgx.Rows) error {
			var s rawRoleSetting
			err := r.Scan(&s.role, &s.name, &s.value, &s.databaseSpecific)
			raw.roles = append(raw.roles, s)
			return err
		}},
		{"time zones", func(r pgx.Rows) error {
			var name string
			err := r.Scan(&name)
			raw.timezones = append(raw.timezones, name)
			return err
		}},
	}
	for _, step := range steps {
		rows, err := br.Query()
		if err != nil {
			return nil, fmt.Errorf("query %s: %w", step.name, err)
		}
		for rows.Next() {
			if err := step.scan(rows); err != nil {
				rows.Close()
				return nil, fmt.Errorf("scan %s: %w", step.name, err)
			}
		}
		if err := rows.Err(); err != nil {
			return nil, fmt.Errorf("query %s: %w", step.name, err)
		}
	}
	return raw, nil
}

// parseSetting splits a "name=value" entry of proconfig or setconfig.
func parseSetting(s string) Setting {
	name, value, _ := strings.Cut(s, "=")
	return Setting{Name: name, Value: value}
}
