package parse

import "testing"

func TestParseFilter(t *testing.T) {
	id := f("id")
	tests := []struct {
		name    string
		key     string
		value   string
		want    Filter
		wantErr *Error
	}{
		// Every operator.
		{name: "eq", key: "id", value: "eq.1", want: Filter{Field: id, Op: OpEq, Value: "1"}},
		{name: "neq", key: "id", value: "neq.1", want: Filter{Field: id, Op: OpNeq, Value: "1"}},
		{name: "gt", key: "id", value: "gt.1", want: Filter{Field: id, Op: OpGt, Value: "1"}},
		{name: "gte", key: "id", value: "gte.1", want: Filter{Field: id, Op: OpGte, Value: "1"}},
		{name: "lt", key: "id", value: "lt.1", want: Filter{Field: id, Op: OpLt, Value: "1"}},
		{name: "lte", key: "id", value: "lte.1", want: Filter{Field: id, Op: OpLte, Value: "1"}},
		{name: "like", key: "name", value: "like.*a*", want: Filter{Field: f("name"), Op: OpLike, Value: "*a*"}},
		{name: "ilike", key: "name", value: "ilike.*A*", want: Filter{Field: f("name"), Op: OpILike, Value: "*A*"}},
		{name: "match", key: "name", value: "match.^a.*$", want: Filter{Field: f("name"), Op: OpMatch, Value: "^a.*$"}},
		{name: "imatch", key: "name", value: "imatch.^A", want: Filter{Field: f("name"), Op: OpIMatch, Value: "^A"}},
		{name: "in", key: "id", value: "in.(1,2,3)", want: Filter{Field: id, Op: OpIn, List: []string{"1", "2", "3"}}},
		{name: "is null", key: "id", value: "is.null", want: Filter{Field: id, Op: OpIs, Is: IsNull}},
		{name: "is not_null", key: "id", value: "is.not_null", want: Filter{Field: id, Op: OpIs, Is: IsNotNull}},
		{name: "is true", key: "ok", value: "is.true", want: Filter{Field: f("ok"), Op: OpIs, Is: IsTrue}},
		{name: "is false", key: "ok", value: "is.false", want: Filter{Field: f("ok"), Op: OpIs, Is: IsFalse}},
		{name: "is unknown", key: "ok", value: "is.unknown", want: Filter{Field: f("ok"), Op: OpIs, Is: IsUnknown}},
		{name: "is values are case-insensitive", key: "ok", value: "is.NuLl", want: Filter{Field: f("ok"), Op: OpIs, Is: IsNull}},
		{name: "is TRUE", key: "ok", value: "is.TRUE", want: Filter{Field: f("ok"), Op: OpIs, Is: IsTrue}},
		{name: "isdistinct", key: "id", value: "isdistinct.1", want: Filter{Field: id, Op: OpIsDistinct, Value: "1"}},
		{name: "fts", key: "tsv", value: "fts.cat & dog", want: Filter{Field: f("tsv"), Op: OpFts, Value: "cat & dog"}},
		{name: "fts with config", key: "tsv", value: "fts(english).cat", want: Filter{Field: f("tsv"), Op: OpFts, Language: "english", Value: "cat"}},
		{name: "plfts", key: "tsv", value: "plfts.fat cats", want: Filter{Field: f("tsv"), Op: OpPlFts, Value: "fat cats"}},
		{name: "phfts with config", key: "tsv", value: "phfts(simple).fat cats", want: Filter{Field: f("tsv"), Op: OpPhFts, Language: "simple", Value: "fat cats"}},
		{name: "wfts", key: "tsv", value: "wfts(english).\"fat cat\" -dog", want: Filter{Field: f("tsv"), Op: OpWFts, Language: "english", Value: `"fat cat" -dog`}},
		{name: "cs array", key: "tags", value: "cs.{a,b}", want: Filter{Field: f("tags"), Op: OpCs, Value: "{a,b}"}},
		{name: "cs json", key: "data", value: `cs.{"a":1}`, want: Filter{Field: f("data"), Op: OpCs, Value: `{"a":1}`}},
		{name: "cd", key: "tags", value: "cd.{a,b}", want: Filter{Field: f("tags"), Op: OpCd, Value: "{a,b}"}},
		{name: "ov", key: "r", value: "ov.[1,5)", want: Filter{Field: f("r"), Op: OpOv, Value: "[1,5)"}},
		{name: "sl", key: "r", value: "sl.(1,5)", want: Filter{Field: f("r"), Op: OpSl, Value: "(1,5)"}},
		{name: "sr", key: "r", value: "sr.[1,5]", want: Filter{Field: f("r"), Op: OpSr, Value: "[1,5]"}},
		{name: "nxr", key: "r", value: "nxr.[1,5)", want: Filter{Field: f("r"), Op: OpNxr, Value: "[1,5)"}},
		{name: "nxl", key: "r", value: "nxl.[1,5)", want: Filter{Field: f("r"), Op: OpNxl, Value: "[1,5)"}},
		{name: "adj", key: "r", value: "adj.[1,5)", want: Filter{Field: f("r"), Op: OpAdj, Value: "[1,5)"}},

		// Negation.
		{name: "not eq", key: "id", value: "not.eq.1", want: Filter{Field: id, Negate: true, Op: OpEq, Value: "1"}},
		{name: "not in", key: "id", value: "not.in.(1,2)", want: Filter{Field: id, Negate: true, Op: OpIn, List: []string{"1", "2"}}},
		{name: "not is null", key: "id", value: "not.is.null", want: Filter{Field: id, Negate: true, Op: OpIs, Is: IsNull}},
		{name: "not fts", key: "tsv", value: "not.fts(english).x", want: Filter{Field: f("tsv"), Negate: true, Op: OpFts, Language: "english", Value: "x"}},

		// any/all.
		{name: "eq any", key: "id", value: "eq(any).{1,2}", want: Filter{Field: id, Op: OpEq, Quantifier: QuantAny, Value: "{1,2}"}},
		{name: "eq all", key: "id", value: "eq(all).{1,2}", want: Filter{Field: id, Op: OpEq, Quantifier: QuantAll, Value: "{1,2}"}},
		{name: "gt any", key: "id", value: "gt(any).{1,2}", want: Filter{Field: id, Op: OpGt, Quantifier: QuantAny, Value: "{1,2}"}},
		{name: "gte all", key: "id", value: "gte(all).{1,2}", want: Filter{Field: id, Op: OpGte, Quantifier: QuantAll, Value: "{1,2}"}},
		{name: "lt any", key: "id", value: "lt(any).{1,2}", want: Filter{Field: id, Op: OpLt, Quantifier: QuantAny, Value: "{1,2}"}},
		{name: "lte all", key: "id", value: "lte(all).{1,2}", want: Filter{Field: id, Op: OpLte, Quantifier: QuantAll, Value: "{1,2}"}},
		{name: "like all", key: "name", value: "like(all).{a*,*b}", want: Filter{Field: f("name"), Op: OpLike, Quantifier: QuantAll, Value: "{a*,*b}"}},
		{name: "ilike any", key: "name", value: "ilike(any).{A*,*b}", want: Filter{Field: f("name"), Op: OpILike, Quantifier: QuantAny, Value: "{A*,*b}"}},
		{name: "match any", key: "name", value: "match(any).{^a,b$}", want: Filter{Field: f("name"), Op: OpMatch, Quantifier: QuantAny, Value: "{^a,b$}"}},
		{name: "imatch all", key: "name", value: "imatch(all).{a,b}", want: Filter{Field: f("name"), Op: OpIMatch, Quantifier: QuantAll, Value: "{a,b}"}},
		{name: "not eq all", key: "id", value: "not.eq(all).value", want: Filter{Field: id, Negate: true, Op: OpEq, Quantifier: QuantAll, Value: "value"}},

		// Values.
		{name: "value keeps dots", key: "v", value: "eq.a.b.c", want: Filter{Field: f("v"), Op: OpEq, Value: "a.b.c"}},
		{name: "value keeps double quotes", key: "name", value: `eq."a,b"`, want: Filter{Field: f("name"), Op: OpEq, Value: `"a,b"`}},
		{name: "value keeps commas and parens", key: "name", value: "eq.a,(b)", want: Filter{Field: f("name"), Op: OpEq, Value: "a,(b)"}},
		{name: "empty value", key: "name", value: "eq.", want: Filter{Field: f("name"), Op: OpEq, Value: ""}},
		{name: "null is just a string", key: "name", value: "eq.null", want: Filter{Field: f("name"), Op: OpEq, Value: "null"}},
		{name: "in with quoted values", key: "name", value: `in.("a,b","c\"d",e\f,"g\\h")`,
			want: Filter{Field: f("name"), Op: OpIn, List: []string{"a,b", `c"d`, `e\f`, `g\h`}}},
		{name: "in with a quote inside a raw value", key: "name", value: `in.(a"b,"c"d)`,
			want: Filter{Field: f("name"), Op: OpIn, List: []string{`a"b`, `"c"d`}}},
		{name: "in trims white space outside the parens only", key: "id", value: "in. ( 1 , 2 ) ",
			want: Filter{Field: id, Op: OpIn, List: []string{"1 ", " 2 "}}},
		{name: "in with a quoted empty string", key: "name", value: `in.("")`, want: Filter{Field: f("name"), Op: OpIn, List: []string{""}}},
		{name: "empty in", key: "id", value: "in.()", want: Filter{Field: id, Op: OpIn, List: []string{""}}},
		{name: "in with an empty element", key: "id", value: "in.(1,)", want: Filter{Field: id, Op: OpIn, List: []string{"1", ""}}},
		{name: "trailing input after in is ignored", key: "id", value: "in.(1,2)garbage", want: Filter{Field: id, Op: OpIn, List: []string{"1", "2"}}},
		{name: "trailing input after is is ignored", key: "id", value: "is.nullify", want: Filter{Field: id, Op: OpIs, Is: IsNull}},

		// Keys.
		{name: "embedded filter", key: "clients.name", value: "eq.x", want: Filter{Path: []string{"clients"}, Field: f("name"), Op: OpEq, Value: "x"}},
		{name: "nested embed path", key: "a.b.c", value: "eq.x", want: Filter{Path: []string{"a", "b"}, Field: f("c"), Op: OpEq, Value: "x"}},
		{name: "json path key", key: "data->a->>b", value: "eq.x", want: Filter{Field: f("data", arrow("a"), arrow2("b")), Op: OpEq, Value: "x"}},
		{name: "json index key", key: "data->0->>-1", value: "eq.x", want: Filter{Field: f("data", index("0"), index2("-1")), Op: OpEq, Value: "x"}},
		{name: "embedded json path", key: "rel.data->>k", value: "eq.x", want: Filter{Path: []string{"rel"}, Field: f("data", arrow2("k")), Op: OpEq, Value: "x"}},
		{name: "quoted key", key: `"my.col"`, value: "eq.x", want: Filter{Field: f("my.col"), Op: OpEq, Value: "x"}},
		{name: "not in a key is a path element", key: "not.x", value: "eq.1", want: Filter{Path: []string{"not"}, Field: f("x"), Op: OpEq, Value: "1"}},
		{name: "trailing input in a key is ignored", key: "a(b", value: "eq.1", want: Filter{Field: f("a"), Op: OpEq, Value: "1"}},

		// Errors.
		{name: "unknown operator", key: "a.b", value: "noop.0",
			wantErr: qpErr(`"failed to parse filter (noop.0)" (line 1, column 1)`, `unexpected "o" expecting "not" or operator (eq, gt, ...)`)},
		{name: "no operator", key: "id", value: "0",
			wantErr: qpErr(`"failed to parse filter (0)" (line 1, column 1)`, `unexpected "0" expecting "not" or operator (eq, gt, ...)`)},
		{name: "empty value", key: "id", value: "",
			wantErr: qpErr(`"failed to parse filter ()" (line 1, column 1)`, `unexpected end of input expecting "not" or operator (eq, gt, ...)`)},
		{name: "empty fts config", key: "id", value: "fts().value",
			wantErr: qpErr(`"failed to parse filter (fts().value)" (line 1, column 5)`, `unexpected ")" expecting operator (eq, gt, ...)`)},
		{name: "empty quantifier", key: "id", value: "eq().value",
			wantErr: qpErr(`"failed to parse filter (eq().value)" (line 1, column 4)`, `unexpected ")" expecting operator (eq, gt, ...)`)},
		{name: "quantifier on neq", key: "id", value: "neq(any).{1}",
			wantErr: qpErr(`"failed to parse filter (neq(any).{1})" (line 1, column 4)`, `unexpected "(" expecting operator (eq, gt, ...)`)},
		{name: "modifier on is", key: "id", value: "is().value",
			wantErr: qpErr(`"failed to parse filter (is().value)" (line 1, column 3)`, `unexpected "(" expecting operator (eq, gt, ...)`)},
		{name: "modifier on in", key: "id", value: "in().value",
			wantErr: qpErr(`"failed to parse filter (in().value)" (line 1, column 3)`, `unexpected "(" expecting operator (eq, gt, ...)`)},
		{name: "in without parens", key: "id", value: "in.1,2",
			wantErr: qpErr(`"failed to parse filter (in.1,2)" (line 1, column 4)`, `unexpected "1" expecting "("`)},
		{name: "unclosed in", key: "id", value: `in.("a,b`,
			wantErr: qpErr(`"failed to parse filter (in.("a,b)" (line 1, column 9)`, `unexpected end of input expecting "," or ")"`)},
		{name: "bad is value", key: "id", value: "is.maybe",
			wantErr: qpErr(`"failed to parse filter (is.maybe)" (line 1, column 4)`, `unexpected "m" expecting isVal: (null, not_null, true, false, unknown)`)},
		{name: "not without operator", key: "id", value: "not.1",
			wantErr: qpErr(`"failed to parse filter (not.1)" (line 1, column 5)`, `unexpected "1" expecting operator (eq, gt, ...)`)},
		{name: "bad key", key: ".x", value: "eq.1",
			wantErr: qpErr(`"failed to parse tree path (.x)" (line 1, column 1)`, `unexpected "." expecting field name (* or [a..z0..9_$])`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseFilter(tt.key, tt.value)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
			if err != nil {
				return
			}
			key, value := got.Param()
			again, err := ParseFilter(key, value)
			if err != nil {
				t.Fatalf("ParseFilter(%q, %q) of the rendered filter: %v", key, value, err)
			}
			diff(t, got, again)
		})
	}
}

func TestFilterOperand(t *testing.T) {
	tests := []struct {
		name string
		in   Filter
		want string
	}{
		{name: "like stars become percent", in: Filter{Op: OpLike, Value: "*a*b"}, want: "%a%b"},
		{name: "ilike stars become percent", in: Filter{Op: OpILike, Quantifier: QuantAny, Value: "{*a,b*}"}, want: "{%a,b%}"},
		{name: "other operators keep stars", in: Filter{Op: OpEq, Value: "*"}, want: "*"},
		{name: "match keeps stars", in: Filter{Op: OpMatch, Value: "a*"}, want: "a*"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			diff(t, tt.want, tt.in.Operand())
		})
	}
}

func TestFilterParam(t *testing.T) {
	tests := []struct {
		name      string
		in        Filter
		wantKey   string
		wantValue string
	}{
		{name: "plain", in: Filter{Field: f("id"), Op: OpEq, Value: "1"}, wantKey: "id", wantValue: "eq.1"},
		{name: "embedded json", in: Filter{Path: []string{"a b", "c.d"}, Field: f("x", arrow2("k")), Op: OpGt, Quantifier: QuantAny, Value: "{1}"},
			wantKey: `a b."c.d".x->>k`, wantValue: "gt(any).{1}"},
		{name: "negated in with quoting", in: Filter{Field: f("n"), Negate: true, Op: OpIn, List: []string{" a", "b,c", `d"`, "e"}},
			wantKey: "n", wantValue: `not.in.(" a","b,c","d\"",e)`},
		{name: "fts config", in: Filter{Field: f("t"), Op: OpWFts, Language: "english", Value: "a b"}, wantKey: "t", wantValue: "wfts(english).a b"},
		{name: "is", in: Filter{Field: f("t"), Op: OpIs, Is: IsNotNull}, wantKey: "t", wantValue: "is.not_null"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			key, value := tt.in.Param()
			diff(t, tt.wantKey, key)
			diff(t, tt.wantValue, value)
		})
	}
}
