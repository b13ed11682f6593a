package pgjson

import (
	"encoding/json"
	"testing"
)

var (
	text   = &Type{Name: "text", Kind: String}
	int4   = &Type{Name: "int4", Kind: Number}
	tstz   = &Type{Name: "timestamptz", Kind: TimestampTZ}
	textA  = &Type{Name: "_text", Kind: Array, Elem: text, Delim: ','}
	int4A  = &Type{Name: "_int4", Kind: Array, Elem: int4, Delim: ','}
	tstzA  = &Type{Name: "_timestamptz", Kind: Array, Elem: tstz, Delim: ','}
	boolT  = &Type{Name: "bool", Kind: Bool}
	jsonbT = &Type{Name: "jsonb", Kind: JSON}
)

func TestAppend(t *testing.T) {
	tests := []struct {
		typ  *Type
		in   string
		want string
	}{
		{text, `a "b" \c`, `"a \"b\" \\c"`},
		{int4, "42", "42"},
		{&Type{Kind: Number}, "NaN", `"NaN"`},
		{&Type{Kind: Number}, "-Infinity", `"-Infinity"`},
		{&Type{Kind: Number}, "1e+20", "1e+20"},
		{boolT, "t", "true"},
		{boolT, "f", "false"},
		{jsonbT, `{"a": [1]}`, `{"a": [1]}`},
		{tstz, "2024-05-02 09:00:00.5+00", `"2024-05-02T09:00:00.5+00:00"`},
		{tstz, "2024-05-02 09:00:00+05:30", `"2024-05-02T09:00:00+05:30"`},
		{tstz, "infinity", `"infinity"`},
		{tstz, "0044-03-15 12:00:00+00 BC", `"0044-03-15T12:00:00+00:00 BC"`},
		{tstz, "Tue Mar 15 12:00:00 2044 UTC", `"Tue Mar 15 12:00:00 2044 UTC"`}, // another DateStyle: kept
		{&Type{Kind: Timestamp}, "2024-05-02 09:00:00", `"2024-05-02T09:00:00"`},
		{&Type{Kind: TimeTZ}, "09:00:00-07", `"09:00:00-07:00"`},
		{textA, `{a,"b c",NULL,"NULL","d\"e",""}`, `["a","b c",null,"NULL","d\"e",""]`},
		{int4A, `{{1,2},{3,NULL}}`, `[[1,2],[3,null]]`},
		{int4A, `[0:1]={7,8}`, `[7,8]`},
		{int4A, `{}`, `[]`},
		{tstzA, `{"2024-01-01 00:00:00+00",infinity}`, `["2024-01-01T00:00:00+00:00","infinity"]`},
		{int4A, `{1,2`, `"{1,2"`}, // malformed: kept as a string
	}
	for _, tt := range tests {
		got := string(tt.typ.Append(nil, []byte(tt.in)))
		if got != tt.want {
			t.Errorf("%s %q → %s, want %s", tt.typ.Name, tt.in, got, tt.want)
		}
	}
}

// FuzzAppend: any text of any kind gives valid JSON.
func FuzzAppend(f *testing.F) {
	for _, s := range []string{`{a,"b",NULL}`, `{{1},{2}}`, `[1:2]={x}`, `{"\`, `{,}`, "NaN", "2024-01-01 00:00:00+00", `{"a":1}`} {
		f.Add(s, uint8(Array))
	}
	f.Fuzz(func(t *testing.T, s string, k uint8) {
		elem := &Type{Kind: Kind(k % 8)}
		if elem.Kind == Array || elem.Kind == JSON {
			elem.Kind = String
		}
		typ := &Type{Kind: Kind(k % 8), Elem: elem, Delim: ','}
		if typ.Kind == JSON && !json.Valid([]byte(s)) {
			return // json columns always hold valid JSON
		}
		if out := typ.Append(nil, []byte(s)); !json.Valid(out) {
			t.Fatalf("kind %d, %q → invalid JSON %s", typ.Kind, s, out)
		}
	})
}
