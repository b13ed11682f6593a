package jsonstr

import (
	"encoding/json"
	"testing"
)

func TestAppendMatchesEncodingJSON(t *testing.T) {
	for _, s := range []string{"", "plain", "quote\"back\\slash", "ctl\x00\x1f\x7f\n\r\t", "é ü 漢字 🎉", "bad\xffutf8\xc3", "\u2028\u2029", "<>&"} {
		var got string
		if err := json.Unmarshal(Append(nil, s), &got); err != nil {
			t.Fatalf("%q: %v", s, err)
		}
		want, _ := json.Marshal(s)
		var wantS string
		json.Unmarshal(want, &wantS)
		if got != wantS {
			t.Errorf("Append(%q) decodes to %q, want %q", s, got, wantS)
		}
	}
}

func FuzzAppend(f *testing.F) {
	f.Add("a\"b\\c\x00\u2028\xff")
	f.Fuzz(func(t *testing.T, s string) {
		var got string
		if err := json.Unmarshal(Append(nil, s), &got); err != nil {
			t.Fatalf("invalid JSON for %q: %v", s, err)
		}
		want, _ := json.Marshal(s)
		var wantS string
		json.Unmarshal(want, &wantS)
		if got != wantS {
			t.Fatalf("Append(%q) = %q, want %q", s, got, wantS)
		}
	})
}
