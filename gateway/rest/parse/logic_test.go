package parse

import (
	"strings"
	"testing"
)

func TestParseLogic(t *testing.T) {
	eq := func(field Field, v string) LogicTree { return leaf(Filter{Field: field, Op: OpEq, Value: v}) }
	tests := []struct {
		name    string
		key     string
		value   string
		want    Logic
		wantErr *Error
	}{
		{name: "or", key: "or", value: "(id.eq.1,id.eq.2)", want: Logic{Tree: or(eq(f("id"), "1"), eq(f("id"), "2"))}},
		{name: "and", key: "and", value: "(a.gte.1,a.lte.5)", want: Logic{Tree: and(
			leaf(Filter{Field: f("a"), Op: OpGte, Value: "1"}), leaf(Filter{Field: f("a"), Op: OpLte, Value: "5"}))}},
		{name: "single condition", key: "or", value: "(id.eq.1)", want: Logic{Tree: or(eq(f("id"), "1"))}},
		{name: "negated by the key", key: "not.or", value: "(a.eq.1,b.eq.2)", want: Logic{Tree: not(or(eq(f("a"), "1"), eq(f("b"), "2")))}},
		{name: "nested", key: "or", value: "(a.eq.1,and(b.eq.2,c.eq.3))", want: Logic{Tree: or(eq(f("a"), "1"), and(eq(f("b"), "2"), eq(f("c"), "3")))}},
		{name: "negated nested", key: "and", value: "(a.eq.1,not.or(b.eq.2,not.and(c.eq.3,d.eq.4)))",
			want: Logic{Tree: and(eq(f("a"), "1"), not(or(eq(f("b"), "2"), not(and(eq(f("c"), "3"), eq(f("d"), "4"))))))}},
		{name: "on an embed", key: "clients.or", value: "(a.eq.1,b.eq.2)", want: Logic{Path: []string{"clients"}, Tree: or(eq(f("a"), "1"), eq(f("b"), "2"))}},
		{name: "negated on a nested embed", key: "a.b.not.and", value: "(x.eq.1)", want: Logic{Path: []string{"a", "b"}, Tree: not(and(eq(f("x"), "1")))}},
		{name: "not anywhere in the path negates", key: "not.a.or", value: "(x.eq.1)", want: Logic{Path: []string{"a"}, Tree: not(or(eq(f("x"), "1")))}},
		{name: "negated conditions", key: "or", value: "(a.not.eq.1,b.not.is.null)", want: Logic{Tree: or(
			leaf(Filter{Field: f("a"), Negate: true, Op: OpEq, Value: "1"}), leaf(Filter{Field: f("b"), Negate: true, Op: OpIs, Is: IsNull}))}},
		{name: "operators with lists, arrays and quotes", key: "or", value: `(id.in.(1,2),tags.cs.{a,b},name.eq."x,y)",name.is.null)`,
			want: Logic{Tree: or(
				leaf(Filter{Field: f("id"), Op: OpIn, List: []string{"1", "2"}}),
				leaf(Filter{Field: f("tags"), Op: OpCs, Value: "{a,b}"}),
				leaf(Filter{Field: f("name"), Op: OpEq, Value: "x,y)"}),
				leaf(Filter{Field: f("name"), Op: OpIs, Is: IsNull}))}},
		{name: "backslash escapes in quoted values", key: "or", value: `(name.eq."a\"b\\c",name.eq.d\e)`,
			want: Logic{Tree: or(eq(f("name"), `a"b\c`), eq(f("name"), `d\e`))}},
		{name: "quoted value followed by more text is raw", key: "or", value: `(name.eq."a"b)`,
			want: Logic{Tree: or(eq(f("name"), `"a"b`))}},
		{name: "any with an array literal", key: "or", value: "(id.eq(any).{1,2},name.like(all).{a*,*b})", want: Logic{Tree: or(
			leaf(Filter{Field: f("id"), Op: OpEq, Quantifier: QuantAny, Value: "{1,2}"}),
			leaf(Filter{Field: f("name"), Op: OpLike, Quantifier: QuantAll, Value: "{a*,*b}"}))}},
		{name: "full-text search with config", key: "or", value: "(tsv.fts(english).cat,tsv.not.wfts.dog)", want: Logic{Tree: or(
			leaf(Filter{Field: f("tsv"), Op: OpFts, Language: "english", Value: "cat"}),
			leaf(Filter{Field: f("tsv"), Negate: true, Op: OpWFts, Value: "dog"}))}},
		{name: "json paths", key: "or", value: "(data->a->>b.eq.1,data->0.eq.2)", want: Logic{Tree: or(
			eq(f("data", arrow("a"), arrow2("b")), "1"), eq(f("data", index("0")), "2"))}},
		{name: "white space around separators; raw values keep theirs", key: "or", value: "( a.eq.1 , b.eq.2 )",
			want: Logic{Tree: or(eq(f("a"), "1 "), eq(f("b"), "2 "))}},
		{name: "trailing input is ignored", key: "or", value: "(a.eq.1)garbage", want: Logic{Tree: or(eq(f("a"), "1"))}},
		// PostgREST parses "or" + value as one string, so this is a filter on
		// a column named "or".
		{name: "leaf root", key: "or", value: ".eq.5", want: Logic{Tree: eq(f("or"), "5")}},

		// Errors (doctests and spec of QueryParams.hs).
		{name: "no conditions", key: "or", value: "()",
			wantErr: qpErr(`"failed to parse logic tree (())" (line 1, column 4)`,
				`unexpected ")" expecting field name (* or [a..z0..9_$]), negation operator (not) or logic operator (and, or)`)},
		{name: "in without parens", key: "or", value: "(id.in.1,2,id.eq.3)",
			wantErr: qpErr(`"failed to parse logic tree ((id.in.1,2,id.eq.3))" (line 1, column 10)`, `unexpected "1" expecting "("`)},
		{name: "reversed parens", key: "or", value: ")(",
			wantErr: qpErr(`"failed to parse logic tree ()()" (line 1, column 3)`, `unexpected ")" expecting "("`)},
		{name: "misspelled operator", key: "and", value: "(ord(id.eq.1,id.eq.1),id.eq.2)",
			wantErr: qpErr(`"failed to parse logic tree ((ord(id.eq.1,id.eq.1),id.eq.2))" (line 1, column 7)`, `unexpected "d" expecting "("`)},
		{name: "unknown logic operator", key: "or", value: "(id.eq.1,not.xor(id.eq.2,id.eq.3))",
			wantErr: qpErr(`"failed to parse logic tree ((id.eq.1,not.xor(id.eq.2,id.eq.3)))" (line 1, column 16)`,
				`unexpected "x" expecting logic operator (and, or)`)},
		{name: "columns count from the operator", key: "not.or", value: "(a.eq.1",
			wantErr: qpErr(`"failed to parse logic tree ((a.eq.1)" (line 1, column 14)`, `unexpected end of input expecting "," or ")"`)},
		{name: "bad path", key: ".or", value: "(a.eq.1)",
			wantErr: qpErr(`"failed to parse logic path (.or)" (line 1, column 1)`, `unexpected "." expecting field name (* or [a..z0..9_$])`)},
		{name: "nesting deeper than the limit", key: "or", value: strings.Repeat("(or", maxNesting) + "(a.eq.1",
			wantErr: qpErr(`"failed to parse logic tree (`+strings.Repeat("(or", maxNesting)+`(a.eq.1)" (line 1, column 304)`,
				`nesting deeper than 100 levels`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseLogic(tt.key, tt.value)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
			if err != nil || got.Tree.Filter != nil {
				return
			}
			key, value := got.Param()
			again, err := ParseLogic(key, value)
			if err != nil {
				t.Fatalf("ParseLogic(%q, %q) of the rendered tree: %v", key, value, err)
			}
			diff(t, got, again)
		})
	}
}

func TestLogicParam(t *testing.T) {
	l := Logic{Path: []string{"rel"}, Tree: not(or(
		leaf(Filter{Field: f("a"), Op: OpEq, Value: "x,y"}),
		and(leaf(Filter{Field: f("b"), Op: OpIn, List: []string{"1", "2"}}), leaf(Filter{Field: f("c"), Op: OpCs, Value: "{1,2}"})),
	))}
	key, value := l.Param()
	diff(t, "rel.not.or", key)
	diff(t, `(a.eq."x,y",and(b.in.(1,2),c.cs."{1,2}"))`, value)
}
