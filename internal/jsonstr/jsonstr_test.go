package jsonstr_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"daybase/internal/jsonstr"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

var samples = []string{
	"", "plain", "quote\"back\\slash", "ctl\x00\x01\x08\x0c\x1f\x7f\n\r\t", "é ü 漢字 🎉",
	"bad\xffutf8\xc3", "\u2028\u2029", "<script>&amp;</script>", "a/b", "\xed\xa0\x80 surrogate",
}

func goJSON(s string, escapeHTML bool) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(escapeHTML)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

func checkGo(t *testing.T, s string) {
	t.Helper()
	if got, want := string(jsonstr.Append(nil, s)), goJSON(s, true); got != want {
		t.Errorf("Append(%q) = %s, encoding/json writes %s", s, got, want)
	}
	if got, want := string(jsonstr.AppendNoHTML(nil, s)), goJSON(s, false); got != want {
		t.Errorf("AppendNoHTML(%q) = %s, encoding/json without HTML escaping writes %s", s, got, want)
	}
}

func TestAppendIsEncodingJSON(t *testing.T) {
	for _, s := range samples {
		checkGo(t, s)
	}
	var all strings.Builder
	for c := range 0x80 {
		all.WriteByte(byte(c))
	}
	checkGo(t, all.String())
}

func FuzzAppend(f *testing.F) {
	for _, s := range samples {
		f.Add(s)
	}
	f.Fuzz(checkGo)
}

// AppendPostgres is checked against PostgreSQL's own to_json(text), for
// every ASCII character and a spread of others (text holds neither NUL nor
// invalid UTF-8, so neither is asked).
func TestAppendPostgresIsToJSON(t *testing.T) {
	db := pgtest.New(t)
	var ascii strings.Builder
	for c := 1; c < 0x80; c++ {
		ascii.WriteByte(byte(c))
	}
	for _, s := range append([]string{ascii.String()}, samples...) {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			continue
		}
		var want string
		if err := db.Pool.QueryRow(t.Context(), "SELECT to_json($1::text)::text", s).Scan(&want); err != nil {
			t.Fatal(err)
		}
		if got := string(jsonstr.AppendPostgres(nil, s)); got != want {
			t.Errorf("AppendPostgres(%q) = %s, PostgreSQL writes %s", s, got, want)
		}
		if got := string(jsonstr.AppendPostgres(nil, []byte(s))); got != want {
			t.Errorf("AppendPostgres([]byte %q) = %s, PostgreSQL writes %s", s, got, want)
		}
	}
}
