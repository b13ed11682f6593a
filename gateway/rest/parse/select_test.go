package parse

import (
	"strings"
	"testing"
)

func TestParseSelect(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    []SelectItem
		wantErr *Error
	}{
		// Columns.
		{name: "empty", in: "", want: nil},
		{name: "star", in: "*", want: []SelectItem{star}},
		{name: "columns", in: "id,name", want: []SelectItem{name("id"), name("name")}},
		{name: "white space around items", in: " id ,\tname ", want: []SelectItem{name("id"), name("name")}},
		{name: "spaces inside a name", in: "first name", want: []SelectItem{name("first name")}},
		{name: "dashes", in: "identifier-with-dashes", want: []SelectItem{name("identifier-with-dashes")}},
		{name: "digits, underscore and dollar", in: "_1$a,123", want: []SelectItem{name("_1$a"), name("123")}},
		{name: "unicode letters", in: "größe", want: []SelectItem{name("größe")}},
		{name: "quoted name with reserved characters", in: `"my:col","a,b"`, want: []SelectItem{name("my:col"), name("a,b")}},
		{name: "quoted name keeps spaces", in: `" padded "`, want: []SelectItem{name(" padded ")}},
		{name: "backslash escapes in quoted name", in: `"a\"b\\c\d"`, want: []SelectItem{name(`a"b\cd`)}},

		// Aliases and casts.
		{name: "alias", in: "alias:name", want: []SelectItem{col(SelectField{Field: f("name"), Alias: "alias"})}},
		{name: "quoted alias", in: `"my alias:x":name`, want: []SelectItem{col(SelectField{Field: f("name"), Alias: "my alias:x"})}},
		{name: "cast", in: "name::text", want: []SelectItem{col(SelectField{Field: f("name"), Cast: "text"})}},
		{name: "cast with spaces", in: "name::double precision", want: []SelectItem{col(SelectField{Field: f("name"), Cast: "double precision"})}},
		{name: "alias, json path and cast", in: "alias:name->jsonpath::cast",
			want: []SelectItem{col(SelectField{Field: f("name", arrow("jsonpath")), Alias: "alias", Cast: "cast"})}},

		// JSON paths.
		{name: "json arrows", in: "data->a->>b", want: []SelectItem{col(SelectField{Field: f("data", arrow("a"), arrow2("b"))})}},
		{name: "json array index", in: "data->0,data->>-1", want: []SelectItem{col(SelectField{Field: f("data", index("0"))}), col(SelectField{Field: f("data", index2("-1"))})}},
		{name: "json index followed by a cast", in: "data->1::int", want: []SelectItem{col(SelectField{Field: f("data", index("1")), Cast: "int"})}},
		{name: "json digits before a paren are a key", in: "rel(data->0)", want: []SelectItem{embed(Embed{Relation: "rel", Select: []SelectItem{col(SelectField{Field: f("data", arrow("0"))})}})}},
		{name: "json key with special characters", in: "alias:name->!@#$%^&*_a::cast",
			want: []SelectItem{col(SelectField{Field: f("name", arrow("!@#$%^&*_a")), Alias: "alias", Cast: "cast"})}},
		{name: "quoted json key", in: `data->"a,b"->>"c.d"`, want: []SelectItem{col(SelectField{Field: f("data", arrow("a,b"), arrow2("c.d"))})}},
		{name: "json key with dashes", in: "data->a-b", want: []SelectItem{col(SelectField{Field: f("data", arrow("a-b"))})}},

		// Embedding.
		{name: "embed", in: "client(id)", want: []SelectItem{embed(Embed{Relation: "client", Select: []SelectItem{name("id")}})}},
		{name: "nested embeds", in: "*,client(*,nested(*))", want: []SelectItem{star, embed(Embed{Relation: "client", Select: []SelectItem{
			star, embed(Embed{Relation: "nested", Select: []SelectItem{star}})}})}},
		{name: "empty embed", in: "id,rel()", want: []SelectItem{name("id"), embed(Embed{Relation: "rel"})}},
		{name: "embed alias", in: "alias:rel(*)", want: []SelectItem{embed(Embed{Relation: "rel", Alias: "alias", Select: []SelectItem{star}})}},
		{name: "embed hint", in: "rel!fk_name(*)", want: []SelectItem{embed(Embed{Relation: "rel", Hint: "fk_name", Select: []SelectItem{star}})}},
		{name: "embed inner", in: "rel!inner(*)", want: []SelectItem{embed(Embed{Relation: "rel", Join: JoinInner, Select: []SelectItem{star}})}},
		{name: "embed left", in: "rel!left(*)", want: []SelectItem{embed(Embed{Relation: "rel", Join: JoinLeft, Select: []SelectItem{star}})}},
		{name: "hint then join", in: "rel!hint!inner(*)", want: []SelectItem{embed(Embed{Relation: "rel", Hint: "hint", Join: JoinInner, Select: []SelectItem{star}})}},
		{name: "alias, join then hint", in: "alias:rel!inner!hint(*)",
			want: []SelectItem{embed(Embed{Relation: "rel", Alias: "alias", Hint: "hint", Join: JoinInner, Select: []SelectItem{star}})}},
		{name: "quoted hint named like a join", in: `rel!"left"(*)`, want: []SelectItem{embed(Embed{Relation: "rel", Hint: "left", Select: []SelectItem{star}})}},
		{name: "first hint and first join win", in: "rel!inner!left(*)", want: []SelectItem{embed(Embed{Relation: "rel", Join: JoinInner, Select: []SelectItem{star}})}},
		{name: "spread", in: "*,...rel(*),other(*)", want: []SelectItem{star,
			embed(Embed{Relation: "rel", Spread: true, Select: []SelectItem{star}}),
			embed(Embed{Relation: "other", Select: []SelectItem{star}})}},
		{name: "spread with hint and join", in: "...rel!hint!inner(a,b)",
			want: []SelectItem{embed(Embed{Relation: "rel", Hint: "hint", Join: JoinInner, Spread: true, Select: []SelectItem{name("a"), name("b")}})}},
		{name: "white space inside embeds", in: "id, name, clients(id, name)", want: []SelectItem{name("id"), name("name"),
			embed(Embed{Relation: "clients", Select: []SelectItem{name("id"), name("name")}})}},
		{name: "quoted relation", in: `"my rel"(*)`, want: []SelectItem{embed(Embed{Relation: "my rel", Select: []SelectItem{star}})}},

		// Aggregates.
		{name: "count()", in: "count()", want: []SelectItem{col(SelectField{Field: f("*"), Aggregate: AggCount})}},
		{name: "aliased count() with cast", in: "total:count()::int",
			want: []SelectItem{col(SelectField{Field: f("*"), Aggregate: AggCount, AggregateCast: "int", Alias: "total"})}},
		{name: "sum", in: "amount.sum()", want: []SelectItem{col(SelectField{Field: f("amount"), Aggregate: AggSum})}},
		{name: "avg with aggregate cast", in: "amount.avg()::int", want: []SelectItem{col(SelectField{Field: f("amount"), Aggregate: AggAvg, AggregateCast: "int"})}},
		{name: "cast before aggregate", in: "amount::numeric.max()", want: []SelectItem{col(SelectField{Field: f("amount"), Cast: "numeric", Aggregate: AggMax})}},
		{name: "min and count on a column", in: "a.min(),b.count()",
			want: []SelectItem{col(SelectField{Field: f("a"), Aggregate: AggMin}), col(SelectField{Field: f("b"), Aggregate: AggCount})}},
		{name: "aggregate on a json path", in: "data->>n.sum()", want: []SelectItem{col(SelectField{Field: f("data", arrow2("n")), Aggregate: AggSum})}},
		{name: "aggregate in an embed", in: "name,orders(amount.sum())", want: []SelectItem{name("name"),
			embed(Embed{Relation: "orders", Select: []SelectItem{col(SelectField{Field: f("amount"), Aggregate: AggSum})}})}},

		// PostgREST quirks: the parser stops where it stops.
		{name: "trailing input after a complete list is ignored", in: "id)garbage", want: []SelectItem{name("id")}},
		{name: "an unparseable first item gives an empty list", in: "*!hint", want: nil},
		{name: "a json path before a spread's parens gives an empty list", in: "...rel->jsonpath(*)", want: nil},

		// Errors, as PostgREST words them (doctests and spec of QueryParams.hs).
		{name: "bracket after a name", in: "id,clients(name[])",
			wantErr: qpErr(`"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)`,
				`unexpected '[' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "bad negative json index", in: "data->>-78xy",
			wantErr: qpErr(`"failed to parse select parameter (data->>-78xy)" (line 1, column 11)`,
				`unexpected 'x' expecting digit, "->", "::", ".", "," or end of input`)},
		{name: "double minus in json index", in: "data->>--34",
			wantErr: qpErr(`"failed to parse select parameter (data->>--34)" (line 1, column 9)`, `unexpected "-" expecting digit`)},
		{name: "reserved character in json key", in: "data->(!@#$%^&*_d->>!@#$%^&*_e::integer",
			wantErr: qpErr(`"failed to parse select parameter (data->(!@#$%^&*_d->>!@#$%^&*_e::integer)" (line 1, column 7)`,
				`unexpected "(" expecting "-", digit or any non reserved character different from: .,>()`)},
		{name: "hint on a column", in: "name!hint",
			wantErr: qpErr(`"failed to parse select parameter (name!hint)" (line 1, column 5)`,
				`unexpected '!' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "empty cast", in: "name::",
			wantErr: qpErr(`"failed to parse select parameter (name::)" (line 1, column 7)`, `unexpected end of input expecting letter or digit`)},
		{name: "json path before an embed's parens", in: "rel->jsonpath(*)",
			wantErr: qpErr(`"failed to parse select parameter (rel->jsonpath(*))" (line 1, column 14)`,
				`unexpected '(' expecting "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "alias on a spread", in: "alias:...rel(*)",
			wantErr: qpErr(`"failed to parse select parameter (alias:...rel(*))" (line 1, column 7)`,
				`unexpected "." expecting ":" or field name (* or [a..z0..9_$])`)},
		{name: "relation named count", in: "count(*)",
			wantErr: qpErr(`"failed to parse select parameter (count(*))" (line 1, column 6)`,
				`unexpected '(' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "trailing comma", in: "a,",
			wantErr: qpErr(`"failed to parse select parameter (a,)" (line 1, column 3)`,
				`unexpected end of input expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`)},
		// eof succeeded inside the embed before ")" failed, so parsec lists it.
		{name: "unclosed embed", in: "rel(id",
			wantErr: qpErr(`"failed to parse select parameter (rel(id)" (line 1, column 7)`,
				`unexpected end of input expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "non-ASCII character is shown as Haskell does", in: "a€",
			wantErr: qpErr(`"failed to parse select parameter (a€)" (line 1, column 2)`,
				`unexpected '\8364' expecting letter, digit, "-", "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "tab moves the column to the next tab stop", in: "a\t!",
			wantErr: qpErr("\"failed to parse select parameter (a\t!)\" (line 1, column 9)",
				`unexpected '!' expecting "::", ".", ")", "," or end of input`)},
		{name: "newline is not white space", in: "a,\n!",
			wantErr: qpErr("\"failed to parse select parameter (a,\n!)\" (line 1, column 3)",
				`unexpected "\n" expecting "...", field name (* or [a..z0..9_$]), "*" or "count()"`)},
		{name: "newline in a quoted name starts line 2", in: "\"x\ny\"!",
			wantErr: qpErr("\"failed to parse select parameter (\"x\ny\"!)\" (line 2, column 3)",
				`unexpected '!' expecting "->>", "->", "::", ".", ")", "," or end of input`)},
		{name: "nesting deeper than the limit", in: strings.Repeat("a(", maxNesting+1),
			wantErr: qpErr(`"failed to parse select parameter (`+strings.Repeat("a(", maxNesting+1)+`)" (line 1, column 203)`,
				`nesting deeper than 100 levels`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseSelect(tt.in)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
			if err != nil {
				return
			}
			// Rendering gives a string that parses to the same list.
			again, err := ParseSelect(FormatSelect(got))
			if err != nil {
				t.Fatalf("ParseSelect(FormatSelect(%q) = %q): %v", tt.in, FormatSelect(got), err)
			}
			diff(t, got, again)
		})
	}
}

func TestFormatSelect(t *testing.T) {
	tests := []struct {
		name string
		in   []SelectItem
		want string
	}{
		{name: "star", in: []SelectItem{star}, want: "*"},
		{name: "quoting", in: []SelectItem{name("a,b"), name("first name"), name("")}, want: `"a,b",first name,""`},
		{name: "json", in: []SelectItem{col(SelectField{Field: f("d", arrow("0"), index2("-1"), arrow(`a"b`))})}, want: `d->"0"->>-1->a"b`},
		{name: "aggregates", in: []SelectItem{
			col(SelectField{Field: f("*"), Aggregate: AggCount, Alias: "n", AggregateCast: "int"}),
			col(SelectField{Field: f("x"), Cast: "numeric", Aggregate: AggSum, AggregateCast: "text"}),
			col(SelectField{Field: f("*"), Cast: "text"}),
		}, want: `n:count()::int,x::numeric.sum()::text,"*"::text`},
		{name: "embeds", in: []SelectItem{
			embed(Embed{Relation: "r", Alias: "a", Hint: "leftish", Join: JoinLeft, Select: []SelectItem{star}}),
			embed(Embed{Relation: "s", Spread: true, Hint: "h"}),
		}, want: `a:r!"leftish"!left(*),...s!h()`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff(t, tt.want, FormatSelect(tt.in))
		})
	}
}
