package parse

import (
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// agreeFast checks the fast paths against the grammar on one input: when
// a fast path accepts s, the grammar must accept it with the same result.
func agreeFast(t *testing.T, s string) {
	t.Helper()
	check := func(what string, fastOK bool, fast any, slow func() (any, *perror)) {
		t.Helper()
		if !fastOK {
			return
		}
		want, perr := slow()
		if perr != nil {
			t.Errorf("%s %q: fast path accepts, grammar fails: %s", what, s, perr.details())
			return
		}
		if d := cmp.Diff(want, fast, equateEmpty, cmp.AllowUnexported(treePath{}, rpcOpExpr{})); d != "" {
			t.Errorf("%s %q: fast path differs (-grammar +fast):\n%s", what, s, d)
		}
	}
	items, ok := fastSelect(s)
	check("select", ok, items, func() (any, *perror) { v, e := run(pSelect, s); return v, e })
	tp, ok := fastTreePath(s)
	check("tree path", ok, tp, func() (any, *perror) { v, e := run(pTreePath, s); return v, e })
	terms, ok := fastOrder(s)
	check("order", ok, terms, func() (any, *perror) { v, e := run(pOrder, s); return v, e })
	f, ok := fastFilter(s)
	check("filter", ok, f, func() (any, *perror) { v, e := run(pTopOpExpr, s); return v, e })
	check("rpc filter", ok, rpcOpExpr{filter: f}, func() (any, *perror) { v, e := run(pRPCOpExpr, s); return v, e })
}

var fastSeeds = []string{
	"", "*", "id", "id,name", "id,name,done,projects(id,name)", "a:b", "a:b(c)", "a::int", "a:", ":a",
	"p(*)", "p()", "p(*),q!inner(x,y:z)", "p!fk(a)", "p!fk!inner(a)", "p!inner!fk(a)", "p!left!inner(a)",
	"p!a!b(c)", "p!a!b!c(d)", "p!leftover(a)", "p!innerx(a)", "p!(a)", "count", "count()", "count:id",
	"x:count", "a(b(c(d)))", "a(b)c", "a,b)", "*)", "*x", "a,,b", "a,", ",a", "a b", "a-b", "a->b", "a.sum()",
	"id.asc", "id.desc.nullslast", "id.nullsfirst", "id.", "id.asc.", "id.ascx", "a.asc,b.desc", "a,b",
	"a.b", "a.b.c", "a..b", ".a", "a.", "eq.7", "not.eq.7", "neq.x", "gte.1", "gt.1", "lte.1", "lt.1",
	"like.*a*", "ilike.a.b", "in.(1,2)", "is.null", "isdistinct.x", "is.x", "fts.a", "fts(english).a",
	"eq(any).{1}", "not.not.eq.1", "noteq.1", "not.5", "eq.", "match.^a", "imatch.a", "plfts.a b", "wfts.x",
	"phfts.x", "cs.{1}", "adj.x", "nxl.x", "nxr.x", "sl.x", "sr.x", "ov.x", "cd.x", "7", "eq", "not.",
}

func TestFastPathsAgree(t *testing.T) {
	for _, s := range fastSeeds {
		agreeFast(t, s)
	}
	// Random strings over the characters the fast paths care about.
	const alphabet = "ab1_:!(),*. -$\"count inner left asc desc nullsfirst eq not ilike fts in is"
	words := []string{"a", "b", "id", "count", "inner", "left", "leftx", "asc", "desc", "nullsfirst", "nullslast",
		"eq", "not", "neq", "like", "in", "is", "isdistinct", "fts", "any", "(", ")", ",", ":", "::", "!", ".", "*", "->", " ", "-"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range r.IntN(12) {
			if r.IntN(3) == 0 {
				b = append(b, alphabet[r.IntN(len(alphabet))])
			} else {
				b = append(b, words[r.IntN(len(words))]...)
			}
		}
		agreeFast(t, string(b))
	}
}

func FuzzFastPaths(f *testing.F) {
	for _, s := range fastSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 200 {
			return
		}
		agreeFast(t, s)
	})
}
