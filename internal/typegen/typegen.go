// Package typegen prints TypeScript types for a database schema in the
// shape of the hosted CLI's generator (`supabase gen types typescript`), so
// apps type their client with createClient<Database>(...).
//
//	Database["public"]["Tables"]["tasks"]["Row" | "Insert" | "Update" | "Relationships"]
//	Database["public"]["Views"]["..."]["Row"], ["Functions"]["fn"]["Args" | "Returns"],
//	["Enums"], ["CompositeTypes"]
package typegen

import (
	"context"
	_ "embed"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/jackc/pgx/v5"
)

//go:embed introspect.sql
var introspectSQL string

//go:embed footer.ts
var footer string

// column is one column of a table, view or composite type.
type column struct {
	Name       string `json:"name"`
	Type       string `json:"type"`     // type name (element type for arrays)
	TypeSchema string `json:"schema"`   // schema of the type
	Array      bool   `json:"array"`    // an array of Type
	Category   string `json:"category"` // pg_type.typtype: b, e, c, d, ...
	Nullable   bool   `json:"nullable"`
	HasDefault bool   `json:"has_default"`
	Generated  bool   `json:"generated"`
}

type foreignKey struct {
	Name              string   `json:"name"`
	Columns           []string `json:"columns"`
	OneToOne          bool     `json:"one_to_one"`
	ReferencedRel     string   `json:"referenced_relation"`
	ReferencedColumns []string `json:"referenced_columns"`
}

type relation struct {
	Name      string       `json:"name"`
	Kind      string       `json:"kind"` // r, p (tables), v, m (views)
	Updatable bool         `json:"updatable"`
	Columns   []column     `json:"columns"`
	FKs       []foreignKey `json:"fks"`
}

type argument struct {
	Name       string `json:"name"`
	Type       string `json:"type"`
	TypeSchema string `json:"schema"`
	Array      bool   `json:"array"`
	Category   string `json:"category"`
	HasDefault bool   `json:"has_default"`
}

type function struct {
	Name        string     `json:"name"`
	Args        []argument `json:"args"`
	ReturnType  string     `json:"return_type"`
	ReturnArray bool       `json:"return_array"`
	ReturnCat   string     `json:"return_category"`
	ReturnSet   bool       `json:"returns_set"`
	ReturnRel   string     `json:"return_relation"` // table/view name when it returns its rows
	TableCols   []column   `json:"table_columns"`   // RETURNS TABLE (...) / OUT params
}

type enum struct {
	Name   string   `json:"name"`
	Values []string `json:"values"`
}

type composite struct {
	Name    string   `json:"name"`
	Columns []column `json:"columns"`
}

type schemaInfo struct {
	Relations  []relation  `json:"relations"`
	Functions  []function  `json:"functions"`
	Enums      []enum      `json:"enums"`
	Composites []composite `json:"composites"`
}

// TypeScript writes the types of the given schemas.
func TypeScript(ctx context.Context, conn *pgx.Conn, schemas []string, w io.Writer) error {
	g := &gen{w: w, schemas: map[string]*schemaInfo{}}
	for _, s := range schemas {
		var info schemaInfo
		if err := conn.QueryRow(ctx, introspectSQL, s).Scan(&info); err != nil {
			return fmt.Errorf("introspect schema %s: %w", s, err)
		}
		g.schemas[s] = &info
	}
	g.printf("export type Json =\n  | string\n  | number\n  | boolean\n  | null\n  | { [key: string]: Json | undefined }\n  | Json[]\n\n")
	g.printf("export type Database = {\n")
	for _, s := range schemas {
		g.schema(s, g.schemas[s])
	}
	g.printf("}\n")
	_, err := io.WriteString(w, footer)
	if err == nil {
		err = g.err
	}
	return err
}

type gen struct {
	w       io.Writer
	schemas map[string]*schemaInfo
	err     error
}

func (g *gen) printf(format string, args ...any) {
	if g.err == nil {
		_, g.err = fmt.Fprintf(g.w, format, args...)
	}
}

func (g *gen) schema(name string, s *schemaInfo) {
	g.printf("  %s: {\n", name)
	var tables, views []relation
	for _, r := range s.Relations {
		if r.Kind == "r" || r.Kind == "p" {
			tables = append(tables, r)
		} else {
			views = append(views, r)
		}
	}
	g.relations("Tables", name, tables, true)
	g.relations("Views", name, views, false)

	g.printf("    Functions: {\n")
	if len(s.Functions) == 0 {
		g.printf("      [_ in never]: never\n")
	}
	for _, f := range s.Functions {
		g.printf("      %s: {\n", key(f.Name))
		if len(f.Args) == 0 {
			g.printf("        Args: never\n")
		} else {
			g.printf("        Args: {")
			for _, a := range sortedArgs(f.Args) {
				opt := ""
				if a.HasDefault {
					opt = "?"
				}
				g.printf(" %s%s: %s;", key(a.Name), opt, g.tsType(name, a.Type, a.TypeSchema, a.Category, a.Array))
			}
			g.printf(" }\n")
		}
		g.printf("        Returns: %s\n", g.returns(name, f))
		g.printf("      }\n")
	}
	g.printf("    }\n")

	g.printf("    Enums: {\n")
	if len(s.Enums) == 0 {
		g.printf("      [_ in never]: never\n")
	}
	for _, e := range s.Enums {
		quoted := make([]string, len(e.Values))
		for i, v := range e.Values {
			quoted[i] = fmt.Sprintf("%q", v)
		}
		g.printf("      %s: %s\n", key(e.Name), strings.Join(quoted, " | "))
	}
	g.printf("    }\n")

	g.printf("    CompositeTypes: {\n")
	if len(s.Composites) == 0 {
		g.printf("      [_ in never]: never\n")
	}
	for _, c := range s.Composites {
		g.printf("      %s: {\n", key(c.Name))
		for _, col := range c.Columns {
			g.printf("        %s: %s | null\n", key(col.Name), g.tsType(name, col.Type, col.TypeSchema, col.Category, col.Array))
		}
		g.printf("      }\n")
	}
	g.printf("    }\n")
	g.printf("  }\n")
}

func (g *gen) relations(section, schema string, rels []relation, tables bool) {
	g.printf("    %s: {\n", section)
	if len(rels) == 0 {
		g.printf("      [_ in never]: never\n")
	}
	for _, r := range rels {
		g.printf("      %s: {\n", key(r.Name))
		g.printf("        Row: {\n")
		for _, c := range r.Columns {
			t := g.tsType(schema, c.Type, c.TypeSchema, c.Category, c.Array)
			if c.Nullable || !tables {
				t += " | null"
			}
			g.printf("          %s: %s\n", key(c.Name), t)
		}
		g.printf("        }\n")
		if tables || r.Updatable {
			for _, part := range []string{"Insert", "Update"} {
				g.printf("        %s: {\n", part)
				for _, c := range r.Columns {
					t := g.tsType(schema, c.Type, c.TypeSchema, c.Category, c.Array)
					if c.Nullable || !tables {
						t += " | null"
					}
					opt := ""
					if part == "Update" || c.Nullable || c.HasDefault || !tables {
						opt = "?"
					}
					if c.Generated {
						opt, t = "?", "never"
					}
					g.printf("          %s%s: %s\n", key(c.Name), opt, t)
				}
				g.printf("        }\n")
			}
		}
		g.printf("        Relationships: [")
		if len(r.FKs) == 0 {
			g.printf("]\n")
		} else {
			g.printf("\n")
			for _, fk := range r.FKs {
				g.printf("          {\n            foreignKeyName: %q\n            columns: [%s]\n            isOneToOne: %v\n            referencedRelation: %q\n            referencedColumns: [%s]\n          },\n",
					fk.Name, quoteList(fk.Columns), fk.OneToOne, fk.ReferencedRel, quoteList(fk.ReferencedColumns))
			}
			g.printf("        ]\n")
		}
		g.printf("      }\n")
	}
	g.printf("    }\n")
}

func (g *gen) returns(schema string, f function) string {
	var t string
	switch {
	case len(f.TableCols) > 0:
		fields := make([]string, len(f.TableCols))
		for i, c := range f.TableCols {
			fields[i] = fmt.Sprintf("%s: %s", key(c.Name), g.tsType(schema, c.Type, c.TypeSchema, c.Category, c.Array))
		}
		t = "{ " + strings.Join(fields, "; ") + " }"
	case f.ReturnRel != "":
		t = fmt.Sprintf("Database[%q][%q][%q][\"Row\"]", schema, g.sectionOf(schema, f.ReturnRel), f.ReturnRel)
	default:
		t = g.tsType(schema, f.ReturnType, schema, f.ReturnCat, f.ReturnArray)
	}
	if f.ReturnSet {
		t += "[]"
	}
	return t
}

func (g *gen) sectionOf(schema, rel string) string {
	for _, r := range g.schemas[schema].Relations {
		if r.Name == rel && (r.Kind == "v" || r.Kind == "m") {
			return "Views"
		}
	}
	return "Tables"
}

// tsType maps a PostgreSQL type to TypeScript like the hosted generator.
func (g *gen) tsType(schema, typ, typSchema, category string, array bool) string {
	t := scalarType(typ)
	switch {
	case category == "e":
		if _, ok := g.schemas[typSchema]; ok {
			t = fmt.Sprintf("Database[%q][\"Enums\"][%q]", typSchema, typ)
		} else {
			t = "string"
		}
	case category == "c" && t == "unknown":
		if _, ok := g.schemas[typSchema]; ok {
			t = fmt.Sprintf("Database[%q][\"CompositeTypes\"][%q]", typSchema, typ)
		}
	}
	if array {
		return t + "[]"
	}
	return t
}

func scalarType(typ string) string {
	switch typ {
	case "bool":
		return "boolean"
	case "int2", "int4", "int8", "float4", "float8", "numeric", "oid":
		return "number"
	case "json", "jsonb":
		return "Json"
	case "void":
		return "undefined"
	case "record":
		return "Record<string, unknown>"
	case "text", "varchar", "bpchar", "char", "name", "uuid", "date", "time", "timetz", "timestamp",
		"timestamptz", "interval", "inet", "cidr", "macaddr", "bytea", "tsvector", "tsquery", "citext",
		"money", "bit", "varbit", "xml", "int4range", "int8range", "numrange", "tsrange", "tstzrange", "daterange":
		return "string"
	}
	return "unknown"
}

func sortedArgs(args []argument) []argument {
	out := append([]argument(nil), args...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func quoteList(xs []string) string {
	q := make([]string, len(xs))
	for i, x := range xs {
		q[i] = fmt.Sprintf("%q", x)
	}
	return strings.Join(q, ", ")
}

// key quotes property names that are not plain identifiers.
func key(name string) string {
	for i, r := range name {
		if !(r == '_' || r == '$' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9') {
			return fmt.Sprintf("%q", name)
		}
	}
	if name == "" {
		return `""`
	}
	return name
}
