package parse

import (
	"errors"
	"net/http"
	"strings"
	"testing"
)

// FuzzParse checks that no request makes Parse panic, that every failure
// is a *Error with a 4xx status, and that what parses renders back to
// query parameters that parse to the same values.
func FuzzParse(f *testing.F) {
	type seed struct{ method, path, query, prefer, accept, rng string }
	seeds := []seed{
		// Ordinary supabase-js requests.
		{"GET", "/todos", "select=*", "", "", ""},
		{"GET", "/todos", "select=id,name,owner:users!inner(id,email)&owner.email=ilike.*%40x.com&order=created_at.desc.nullslast&limit=10&offset=20", "count=exact", "application/json", ""},
		{"POST", "/todos", `columns="a","b"&select=id&on_conflict=id`, "resolution=merge-duplicates, return=representation", "application/vnd.pgrst.object+json", ""},
		{"PATCH", "/todos", "id=in.(1,2,3)&done=is.false", "return=minimal, handling=strict, max-affected=2", "", ""},
		{"DELETE", "/todos", "or=(id.eq.1,and(done.is.true,title.like.*x*))", "tx=rollback", "text/csv", ""},
		{"GET", "/rpc/search", "q=hello&limit=5&select=id&id=gt.3", "", "", "0-9"},
		{"HEAD", "/rpc/f", "v=1&v=2&v={3,4}", "count=planned", "*/*", ""},
		{"GET", "/", "", "", "application/openapi+json", ""},
		{"GET", "/t", "select=total:count(),amount.sum()::int,...rel!fk(a,b)&rel.not.or=(a.eq.1,b.neq.2)&rel.order=a&rel.limit=1", "", "", ""},
		{"GET", "/t", "data->a->>b=eq.1&data->0=eq.2&select=data->a->>b::text", "", "", ""},
		{"GET", "/t", "tsv=wfts(english).fat cat&r=adj.[1,5)&x=eq(any).{1,2}&y=like(all).{a*,*b}", "", "", ""},
		// Quoting and escaping.
		{"GET", "/t", `name=in.("a,b","c\"d",e\f)&or=(name.eq."x,y)",tags.cs.{a,b})&select="my:col","a\"b"`, "", "", ""},
		{"GET", "/t", `select=rel!"left"(*),"count"&order="a,b".desc`, "", "", ""},
		{"GET", "/t", "select=%22%5C&a=in.(%22", "", "", ""},
		// Truncated and unbalanced input.
		{"GET", "/t", "select=rel(a,b(c", "", "", ""},
		{"GET", "/t", "or=(a.eq.1,and(b.eq.2", "", "", ""},
		{"GET", "/t", "select=a,&order=a.&x=in.(", "", "", ""},
		{"GET", "/t", "select=data->&x=eq(any", "", "", ""},
		{"GET", "/t", "select=)))(((&or=)(&order=,", "", "", ""},
		{"GET", "/t", "a=not.&b=not.not.eq.1&c=is.&d=fts(", "", "", ""},
		// Deep nesting, long runs.
		{"GET", "/t", "select=" + strings.Repeat("a(", 150), "", "", ""},
		{"GET", "/t", "or=" + strings.Repeat("(or", 150) + "(a.eq.1", "", "", ""},
		{"GET", "/t", "select=" + strings.Repeat("a,", 500) + "a", "", "", ""},
		{"GET", "/t", "order=" + strings.Repeat("a->b", 200), "", "", ""},
		// Control characters, tabs, newlines and non-UTF-8.
		{"GET", "/t", "select=a%09%0A%0Db&x=eq.%00", "", "", ""},
		{"GET", "/t", "select=%FF%FE&%C3=1", "", "", ""},
		{"GET", "/%FF/x", "", "", "", ""},
		{"GET", "/t", "select=\u00e9\u20ac\U0001F600(*)", "", "", ""},
		// Ranges and numbers.
		{"GET", "/t", "limit=-1&offset=99999999999999999999999", "", "", "5-2"},
		{"GET", "/t", "limit=0&offset=5", "", "", ""},
		{"PUT", "/t", "id=eq.1&limit=1", "", "", ""},
		{"GET", "/t", "limit=(0x10)&offset= -0o7 &x.limit=1e3", "", "", "18446744073709551616-"},
		// Headers.
		{"GET", "/t", "", ",,, ,return=representation,,timezone=,max-affected=99999999999999999999", "text/html;q=NaN, */*;q=-1e400", ""},
		{"GET", "/t", "", "handling=strict, foo", `application/vnd.pgrst.plan+json; for="application/vnd.pgrst.plan; for=\"text/csv\""; options=analyze|wal`, ""},
		// Methods and paths.
		{"BREW", "/t", "", "", "", ""},
		{"DELETE", "/rpc/f", "", "", "", ""},
		{"GET", "/rpc/", "", "", "", ""},
		{"GET", "//", "", "", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.query, s.prefer, s.accept, s.rng)
	}
	f.Fuzz(func(t *testing.T, method, path, query, prefer, accept, rng string) {
		h := http.Header{}
		if prefer != "" {
			h.Set("Prefer", prefer)
		}
		if accept != "" {
			h.Set("Accept", accept)
		}
		if rng != "" {
			h.Set("Range", rng)
		}
		cfg := Config{TxAllowOverride: true, Timezones: func(n string) bool { return n == "UTC" }}
		r, err := Parse(method, path, query, h, cfg)
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) {
				t.Fatalf("error %v is %T, want *Error", err, err)
			}
			if pe.Status < 400 || pe.Status > 499 || pe.Code == "" || pe.Message == "" {
				t.Fatalf("bad error %#v", pe)
			}
			return
		}
		_, _ = Negotiate(r.Accept, true)
		_ = r.Prefer.Applied(r.Action)
		checkRoundTrips(t, r)
	})
}

// checkRoundTrips renders each part of a parsed request back into the URL
// grammar and checks that it parses to the same value.
func checkRoundTrips(t *testing.T, r *Request) {
	t.Helper()
	sel := FormatSelect(r.Select)
	again, err := ParseSelect(sel)
	if err != nil {
		t.Fatalf("select %q does not parse back: %v", sel, err)
	}
	diff(t, r.Select, again)
	for _, flt := range r.Filters {
		key, value := flt.Param()
		got, err := ParseFilter(key, value)
		if err != nil {
			t.Fatalf("filter %q=%q does not parse back: %v", key, value, err)
		}
		diff(t, flt, got)
	}
	for _, l := range r.Logic {
		if l.Tree.Filter != nil {
			continue
		}
		key, value := l.Param()
		got, err := ParseLogic(key, value)
		if err != nil {
			t.Fatalf("logic %q=%q does not parse back: %v", key, value, err)
		}
		diff(t, l, got)
	}
	for _, o := range r.Order {
		var key strings.Builder
		for _, p := range o.Path {
			key.WriteString(quoteName(p) + ".")
		}
		key.WriteString("order")
		got, err := ParseOrder(key.String(), FormatOrder(o.Terms))
		if err != nil {
			t.Fatalf("order %q=%q does not parse back: %v", key.String(), FormatOrder(o.Terms), err)
		}
		diff(t, o, got)
	}
}
