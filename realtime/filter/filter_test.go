package filter

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"daybase/realtime/pgjson"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Filter
	}{
		{"", nil},
		{"user_id=eq.5", Filter{{Column: "user_id", Op: Eq, Value: "5"}}},
		{"a=neq.x,b=gte.2", Filter{{Column: "a", Op: Neq, Value: "x"}, {Column: "b", Op: Gte, Value: "2"}}},
		{`s=in.(open,"in progress","a,b","q\"t")`, Filter{{Column: "s", Op: In, Values: []string{"open", "in progress", "a,b", `q"t`}}}},
		{"s=not.in.(1,2)", Filter{{Column: "s", Op: In, Not: true, Values: []string{"1", "2"}}}},
		{"d=is.NULL", Filter{{Column: "d", Op: Is, Value: "null"}}},
		{`t=eq." padded "`, Filter{{Column: "t", Op: Eq, Value: " padded "}}},
		{"t=eq.a.b.c", Filter{{Column: "t", Op: Eq, Value: "a.b.c"}}},
		{"t=isdistinct.null", Filter{{Column: "t", Op: IsDistinct, Value: "null", Null: true}}},
		{`t=isdistinct."null"`, Filter{{Column: "t", Op: IsDistinct, Value: "null"}}},
	}
	for _, tt := range tests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if diff := cmp.Diff(tt.want, got, cmpopts.IgnoreUnexported(Condition{})); diff != "" {
			t.Errorf("Parse(%q) mismatch (-want +got):\n%s", tt.in, diff)
		}
	}
}

func TestParseErrors(t *testing.T) {
	for _, in := range []string{
		"user_id", "=eq.1", "a=foo.1", "a=eq", "a=in.1,2", "a=in.(1", `a=eq."open`, "a=is.maybe",
		"a=match.(", `a=in.("x)`, "a=eq.1,", "a=eq.1)",
	} {
		if _, err := Parse(in); !errors.Is(err, ErrSyntax) {
			t.Errorf("Parse(%q) err = %v, want ErrSyntax", in, err)
		}
	}
}

type row map[string]*string

var types = map[string]*pgjson.Type{
	"id":    {Name: "int8", Kind: pgjson.Number},
	"price": {Name: "numeric", Kind: pgjson.Number},
	"title": {Name: "text", Kind: pgjson.String},
	"done":  {Name: "bool", Kind: pgjson.Bool},
	"due":   {Name: "timestamptz", Kind: pgjson.TimestampTZ},
	"owner": {Name: "uuid", Kind: pgjson.String},
	"note":  {Name: "text", Kind: pgjson.String},
}

func (r row) Value(col string) (string, bool, *pgjson.Type, bool) {
	v, ok := r[col]
	if !ok {
		return "", false, nil, false
	}
	if v == nil {
		return "", true, types[col], true
	}
	return *v, false, types[col], true
}

func p(s string) *string { return &s }

func TestMatch(t *testing.T) {
	r := row{
		"id": p("42"), "price": p("9.50"), "title": p("Buy Milk"), "done": p("f"),
		"due": p("2024-05-02 09:00:00+00"), "owner": p("6f1c0a9e-0000-4000-8000-00000000000a"), "note": nil,
	}
	tests := []struct {
		filter string
		want   bool
	}{
		{"id=eq.42", true},
		{"id=eq.042", true},
		{"id=eq.43", false},
		{"id=neq.43", true},
		{"id=gt.9", true}, // numeric, not byte order
		{"id=lt.100", true},
		{"price=eq.9.5", true},
		{"price=gte.9.51", false},
		{"title=eq.Buy Milk", true},
		{"title=ilike.*milk", true},
		{"title=like.%milk", false},
		{"title=like.Buy_Milk", true},
		{"title=match.^Buy", true},
		{"title=imatch.^buy", true},
		{"title=in.(Eggs,Buy Milk)", true},
		{"title=not.in.(Eggs,Buy Milk)", false},
		{"done=eq.false", true},
		{"done=is.false", true},
		{"done=is.true", false},
		{"due=gt.2024-05-02", true},
		{"due=eq.2024-05-02T09:00:00Z", true},
		{"due=lt.2024-05-02T10:00:00+02:00", false},
		{"owner=eq.6F1C0A9E-0000-4000-8000-00000000000A", true},
		{"note=is.null", true},
		{"note=not.is.null", false},
		{"note=eq.x", false},
		{"note=neq.x", false},    // NULL <> 'x' is unknown
		{"note=not.eq.x", false}, // NOT unknown is unknown
		{"note=isdistinct.x", true},
		{"note=isdistinct.null", false},
		{"title=isdistinct.null", true},
		{"id=eq.42,done=eq.true", false},
		{"id=eq.42,done=eq.false", true},
		{"missing=eq.1", false},
	}
	for _, tt := range tests {
		f, err := Parse(tt.filter)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.filter, err)
		}
		if got := f.Match(r); got != tt.want {
			t.Errorf("%q matched %v, want %v", tt.filter, got, tt.want)
		}
	}
}

// FuzzParse: no filter string panics the parser or the matcher.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"user_id=eq.5", `s=in.(a,"b,c",\)`, "a=not.like.%x_", "a=match.[", `a=eq."\"`,
		"a=in.()", "=", ",,,", "a=is.unknown,b=isdistinct.null", "a=imatch.(?i)x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		flt, err := Parse(s)
		if err != nil {
			return
		}
		flt.Match(row{"id": p("1"), "title": p("x"), "note": nil})
	})
}
