package schemacache

import (
	"fmt"
	"strings"
	"testing"

	"daybase/internal/pgtest"
)

// bigSchema creates n tables in schema bench, each with a few columns, a
// foreign key to its predecessor, a junction table for every tenth, a view
// for every tenth and a function per table.
func bigSchema(n int) string {
	var b strings.Builder
	b.WriteString("CREATE SCHEMA bench;\n")
	for i := range n {
		fmt.Fprintf(&b, "CREATE TABLE bench.t%d (id int PRIMARY KEY, name text NOT NULL, note varchar(200), created timestamptz DEFAULT now()", i)
		if i > 0 {
			fmt.Fprintf(&b, ", parent_id int REFERENCES bench.t%d (id)", i-1)
		}
		b.WriteString(");\n")
		fmt.Fprintf(&b, "COMMENT ON TABLE bench.t%d IS 'table %d';\n", i, i)
		if i > 0 && i%10 == 0 {
			fmt.Fprintf(&b, "CREATE TABLE bench.j%d (a int REFERENCES bench.t%d (id), b int REFERENCES bench.t%d (id), PRIMARY KEY (a, b));\n", i, i, i-1)
			fmt.Fprintf(&b, "CREATE VIEW bench.v%d AS SELECT id, name, parent_id FROM bench.t%d;\n", i, i)
		}
		fmt.Fprintf(&b, "CREATE FUNCTION bench.f%d(a int, b text DEFAULT 'x') RETURNS SETOF bench.t%d LANGUAGE sql STABLE AS 'SELECT * FROM bench.t%d';\n", i, i, i)
	}
	return b.String()
}

func BenchmarkLoad(b *testing.B) {
	for _, n := range []int{0, 300} {
		b.Run(fmt.Sprintf("tables=%d", n), func(b *testing.B) {
			db := pgtest.New(b)
			if n > 0 {
				if _, err := db.Pool.Exec(b.Context(), bigSchema(n)); err != nil {
					b.Fatal(err)
				}
			}
			cfg := Config{Schemas: []string{"bench", "public"}}
			snap, err := Load(b.Context(), db.Pool, cfg)
			if err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(len(snap.Tables)), "relations")
			b.ResetTimer()
			for b.Loop() {
				if _, err := Load(b.Context(), db.Pool, cfg); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkFindRelationship(b *testing.B) {
	db := pgtest.New(b)
	if _, err := db.Pool.Exec(b.Context(), bigSchema(300)); err != nil {
		b.Fatal(err)
	}
	c := New(Config{Schemas: []string{"bench"}}, testLogger(b))
	if _, err := c.Reload(b.Context(), db.Pool); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := c.Snapshot().FindRelationship("bench", "t151", "t150", ""); err != nil {
			b.Fatal(err)
		}
	}
}
