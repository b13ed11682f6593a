package pgtext

import (
	"encoding/json"
	"testing"
)

func TestAppendDateAndTimestamp(t *testing.T) {
	tests := []struct {
		in, want string
		kind     string // date, ts or tstz
	}{
		{"2026-11-23", `"2026-11-23"`, "date"},
		{"0044-03-15 BC", `"0044-03-15 BC"`, "date"},
		{"infinity", `"infinity"`, "date"},
		{"11/23/2026", "", "date"},
		{"2026-11-23 21:30:59.445127", `"2026-11-23T21:30:59.445127"`, "ts"},
		{"0044-03-15 12:00:00 BC", `"0044-03-15T12:00:00 BC"`, "ts"},
		{"2026-11-23 21:30:59+00", "", "ts"},
		{"2026-11-23 21:30:59.5+00", `"2026-11-23T21:30:59.5+00:00"`, "tstz"},
		{"2026-11-23 21:30:59+05:30", `"2026-11-23T21:30:59+05:30"`, "tstz"},
		{"1900-01-01 00:00:00+00:19:32", `"1900-01-01T00:00:00+00:19:32"`, "tstz"},
		{"0044-03-15 12:00:00+00 BC", `"0044-03-15T12:00:00+00:00 BC"`, "tstz"},
		{"-infinity", `"-infinity"`, "tstz"},
		{"2026-11-23 21:30:59", "", "tstz"},
		{"2026-11-23 21:30:59.+00", "", "tstz"},
	}
	for _, tt := range tests {
		var out []byte
		var ok bool
		if tt.kind == "date" {
			out, ok = AppendDate(nil, []byte(tt.in))
		} else {
			out, ok = AppendTimestamp(nil, []byte(tt.in), tt.kind == "tstz")
		}
		if got := string(out); ok != (tt.want != "") || got != tt.want {
			t.Errorf("%s %q = %s, %v; want %s", tt.kind, tt.in, got, ok, tt.want)
		}
	}
}

func quoteElem(b, e []byte, _ bool) ([]byte, bool) {
	js, _ := json.Marshal(string(e))
	return append(b, js...), true
}

func TestAppendArray(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{}`, `[]`},
		{`{a,"b c",NULL,"NULL","d\"e",""}`, `["a","b c",null,"NULL","d\"e",""]`},
		{`{{1,2},{3,NULL}}`, `[["1","2"],["3",null]]`},
		{`[0:1]={7,8}`, `["7","8"]`},
		{`{1,2`, ``},
		{`{1,,2}`, ``},
		{`{a\b}`, ``},
		{`[0:1]{1}`, ``},
	}
	for _, tt := range tests {
		out, ok := AppendArray(nil, []byte(tt.in), ',', quoteElem)
		if got := string(out); ok != (tt.want != "") || (ok && got != tt.want) {
			t.Errorf("%q = %s, %v; want %s", tt.in, got, ok, tt.want)
		}
	}
}

// FuzzAppendArray: whatever the text, an accepted array is valid JSON.
func FuzzAppendArray(f *testing.F) {
	for _, s := range []string{`{a,"b",NULL}`, `{{1},{2}}`, `[1:2]={x}`, `{"\`, `{,}`, `{{}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if out, ok := AppendArray(nil, []byte(s), ',', quoteElem); ok && !json.Valid(out) {
			t.Fatalf("%q → invalid JSON %s", s, out)
		}
	})
}
