package schemacache

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// A view definition as PostgreSQL 15 stores it, trimmed of fields the
// reader ignores: CREATE VIEW v AS SELECT id, name AS "my col", 1 + id AS
// calc FROM t1.
const sampleView = `({QUERY :commandType 1 :querySource 0 :canSetTag true :utilityStmt <> ` +
	`:rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname t1 :colnames ("id" "my\ col")} :rtekind 0 :relid 16389 :relkind r}) ` +
	`:jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 3}) :quals <>} ` +
	`:targetList ({TARGETENTRY :expr {VAR :varno 3 :varattno 1 :vartype 23 :location 25} :resno 1 :resname id ` +
	`:ressortgroupref 0 :resorigtbl 16389 :resorigcol 1 :resjunk false} ` +
	`{TARGETENTRY :expr {VAR :varno 3 :varattno 2 :vartype 25 :location 29} :resno 2 :resname my\ col ` +
	`:ressortgroupref 0 :resorigtbl 16389 :resorigcol 2 :resjunk false} ` +
	`{TARGETENTRY :expr {OPEXPR :opno 551 :args ({CONST :consttype 23 :constlen 4 :constbyval true ` +
	`:constisnull false :location 47 :constvalue 4 [ 1 0 0 0 0 0 0 0 ]} {VAR :varno 3 :varattno 1}) :location 48} ` +
	`:resno 3 :resname calc :ressortgroupref 0 :resorigtbl 0 :resorigcol 0 :resjunk false} ` +
	`{TARGETENTRY :expr {VAR :varno 3 :varattno 1} :resno 4 :resname \{weird\)\ name :ressortgroupref 1 ` +
	`:resorigtbl 16389 :resorigcol 1 :resjunk true}) ` +
	`:override 0 :onConflict <> :stmt_location 0 :stmt_len 67})`

func TestReadViewOrigins(t *testing.T) {
	got, err := readViewOrigins(sampleView)
	if err != nil {
		t.Fatal(err)
	}
	want := []viewColumnOrigin{
		{column: 1, table: 16389, attnum: 1},
		{column: 2, table: 16389, attnum: 2},
		// calc is computed; the junk sort column is not a view column.
	}
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(viewColumnOrigin{})); diff != "" {
		t.Errorf("mismatch (-want +got):\n%s", diff)
	}
}

func TestReadViewOriginsErrors(t *testing.T) {
	for _, def := range []string{
		"",
		"(",
		"({QUERY :targetList (",
		"({QUERY :targetList ({TARGETENTRY :resno x :resorigtbl 1 :resorigcol 1})})",
		"({NOTAQUERY})",
		"())",
		"}",
	} {
		if _, err := readViewOrigins(def); err == nil {
			t.Errorf("readViewOrigins(%q) succeeded", def)
		}
	}
}

func FuzzReadViewOrigins(f *testing.F) {
	for _, seed := range []string{
		sampleView,
		"({QUERY :targetList <>})",
		`({QUERY :targetList ({TARGETENTRY :resno 1 :resname a\ :resorigtbl 1 :resorigcol 1 :resjunk false})})`,
		`\`, `({\`, "{{{{", "((((", ":::", "({QUERY :a :b :c})",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, def string) {
		origins, err := readViewOrigins(def)
		if err != nil {
			return
		}
		for _, o := range origins {
			if o.table == 0 || o.attnum == 0 {
				t.Errorf("origin without a table column: %+v", o)
			}
		}
	})
}

// A view definition the reader cannot follow costs the view its keys and
// is reported, not fatal.
func TestBuildWarnsOnUnreadableView(t *testing.T) {
	raw := &rawCatalog{
		relations: []rawRelation{{oid: 10, schema: "api", name: "v", kind: "v"}},
		columns:   []rawColumn{{relid: 10, attnum: 1, name: "id", dataType: "integer", nominalType: "integer", nullable: true}},
		views:     []rawView{{oid: 10, name: QualifiedName{"api", "v"}, def: "({QUERY :targetList ("}},
	}
	snap := build(Config{Schemas: []string{"api"}}.withDefaults(), raw)
	want := []string{"view api.v: node tree: unterminated list; it inherits no keys"}
	if diff := cmp.Diff(want, snap.Warnings); diff != "" {
		t.Errorf("warnings mismatch (-want +got):\n%s", diff)
	}
	if tbl := snap.Table("api", "v"); tbl == nil || len(tbl.PrimaryKey) != 0 {
		t.Errorf("view api.v: %+v", tbl)
	}
}
