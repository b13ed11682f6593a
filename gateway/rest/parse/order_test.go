package parse

import "testing"

func TestParseOrder(t *testing.T) {
	tests := []struct {
		name    string
		key     string
		value   string
		want    Order
		wantErr *Error
	}{
		{name: "column", key: "order", value: "id", want: Order{Terms: []OrderTerm{{Field: f("id")}}}},
		{name: "direction", key: "order", value: "id.desc", want: Order{Terms: []OrderTerm{{Field: f("id"), Direction: OrderDesc}}}},
		{name: "direction and nulls", key: "order", value: "name.desc.nullsfirst",
			want: Order{Terms: []OrderTerm{{Field: f("name"), Direction: OrderDesc, Nulls: NullsFirst}}}},
		{name: "nulls without direction", key: "order", value: "id.nullslast", want: Order{Terms: []OrderTerm{{Field: f("id"), Nulls: NullsLast}}}},
		{name: "several terms", key: "order", value: "a.asc,b.desc.nullslast,c", want: Order{Terms: []OrderTerm{
			{Field: f("a"), Direction: OrderAsc}, {Field: f("b"), Direction: OrderDesc, Nulls: NullsLast}, {Field: f("c")}}}},
		{name: "json path", key: "order", value: "json_col->key.asc.nullslast",
			want: Order{Terms: []OrderTerm{{Field: f("json_col", arrow("key")), Direction: OrderAsc, Nulls: NullsLast}}}},
		{name: "json key with special characters", key: "order", value: "json_col->!@#$%^&*_a.asc.nullslast",
			want: Order{Terms: []OrderTerm{{Field: f("json_col", arrow("!@#$%^&*_a")), Direction: OrderAsc, Nulls: NullsLast}}}},
		{name: "json index", key: "order", value: "data->0.desc,data->>-1",
			want: Order{Terms: []OrderTerm{{Field: f("data", index("0")), Direction: OrderDesc}, {Field: f("data", index2("-1"))}}}},
		{name: "related order", key: "order", value: "clients(json_col->key).desc.nullsfirst",
			want: Order{Terms: []OrderTerm{{Relation: "clients", Field: f("json_col", arrow("key")), Direction: OrderDesc, Nulls: NullsFirst}}}},
		{name: "related order among columns", key: "order", value: "name,clients(name),id", want: Order{Terms: []OrderTerm{
			{Field: f("name")}, {Relation: "clients", Field: f("name")}, {Field: f("id")}}}},
		{name: "white space around bare columns", key: "order", value: " a , b.desc", want: Order{Terms: []OrderTerm{{Field: f("a")}, {Field: f("b"), Direction: OrderDesc}}}},
		{name: "quoted column", key: "order", value: `"a,b".desc`, want: Order{Terms: []OrderTerm{{Field: f("a,b"), Direction: OrderDesc}}}},
		{name: "on an embed", key: "clients.order", value: "name.asc", want: Order{Path: []string{"clients"}, Terms: []OrderTerm{{Field: f("name"), Direction: OrderAsc}}}},
		{name: "on a nested embed", key: "projects.tasks.order", value: "id", want: Order{Path: []string{"projects", "tasks"}, Terms: []OrderTerm{{Field: f("id")}}}},

		// Errors (doctests and spec of QueryParams.hs).
		{name: "related order on two columns", key: "order", value: "clients(name,id)",
			wantErr: qpErr(`"failed to parse order (clients(name,id))" (line 1, column 8)`,
				`unexpected '(' expecting letter, digit, "-", "->>", "->", delimiter (.), "," or end of input`)},
		{name: "misspelled direction", key: "order", value: "id.ac",
			wantErr: qpErr(`"failed to parse order (id.ac)" (line 1, column 4)`, `unexpected "c" expecting "asc", "desc", "nullsfirst" or "nullslast"`)},
		{name: "direction with trailing letters", key: "order", value: "id.descc",
			wantErr: qpErr(`"failed to parse order (id.descc)" (line 1, column 8)`, `unexpected 'c' expecting delimiter (.), "," or end of input`)},
		{name: "misspelled nulls", key: "order", value: "id.nulsfist",
			wantErr: qpErr(`"failed to parse order (id.nulsfist)" (line 1, column 4)`, `unexpected "n" expecting "asc", "desc", "nullsfirst" or "nullslast"`)},
		{name: "nulls with trailing letters", key: "order", value: "id.nullslasttt",
			wantErr: qpErr(`"failed to parse order (id.nullslasttt)" (line 1, column 13)`, `unexpected 't' expecting "," or end of input`)},
		{name: "unknown modifier", key: "order", value: "id.smth34",
			wantErr: qpErr(`"failed to parse order (id.smth34)" (line 1, column 4)`, `unexpected "s" expecting "asc", "desc", "nullsfirst" or "nullslast"`)},
		{name: "misspelled nulls after direction", key: "order", value: "id.asc.nlsfst",
			wantErr: qpErr(`"failed to parse order (id.asc.nlsfst)" (line 1, column 8)`, `unexpected "l" expecting "nullsfirst" or "nullslast"`)},
		{name: "nulls after direction with trailing letters", key: "order", value: "id.asc.nullslasttt",
			wantErr: qpErr(`"failed to parse order (id.asc.nullslasttt)" (line 1, column 17)`, `unexpected 't' expecting "," or end of input`)},
		{name: "unknown modifier after direction", key: "order", value: "id.asc.smth34",
			wantErr: qpErr(`"failed to parse order (id.asc.smth34)" (line 1, column 8)`, `unexpected "s" expecting "nullsfirst" or "nullslast"`)},
		{name: "no white space after a modifier", key: "order", value: "a.desc ,b",
			wantErr: qpErr(`"failed to parse order (a.desc ,b)" (line 1, column 7)`, `unexpected ' ' expecting delimiter (.), "," or end of input`)},
		{name: "empty", key: "order", value: "",
			wantErr: qpErr(`"failed to parse order ()" (line 1, column 1)`, `unexpected end of input expecting field name (* or [a..z0..9_$])`)},
		{name: "bad key", key: "a..order", value: "id",
			wantErr: qpErr(`"failed to parse tree path (a..order)" (line 1, column 3)`, `unexpected "." expecting field name (* or [a..z0..9_$])`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseOrder(tt.key, tt.value)
			diff(t, tt.wantErr, asError(t, err))
			diff(t, tt.want, got)
			if err != nil {
				return
			}
			again, err := ParseOrder(tt.key, FormatOrder(got.Terms))
			if err != nil {
				t.Fatalf("ParseOrder of %q: %v", FormatOrder(got.Terms), err)
			}
			diff(t, got, again)
		})
	}
}
