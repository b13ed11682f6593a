package rest

import (
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// FuzzHandler sends arbitrary paths, query strings and Prefer/Accept
// headers through the whole engine — parser, planner, SQL, database — and
// requires that nothing answers 5xx: every bad input must be a 4xx in
// PostgREST's shape. Run longer with
//
//	go run ./internal/pgtest/cmd/withpg -- go test ./gateway/rest -run '^$' -fuzz FuzzHandler -fuzztime 60s
func FuzzHandler(f *testing.F) {
	seeds := []struct{ method, path, query, prefer, accept string }{
		{"GET", "/tasks", "select=id,projects(name,clients(*))&projects.order=id.desc&or=(id.eq.1,done.is.true)", "count=exact", ""},
		{"GET", "/projects", "select=id,settings->meta->>stars::int,tags->0&settings->>lang=in.(c,\"c++\")", "", "text/csv"},
		{"GET", "/clients", "select=id,...projects(name)&order=projects(name).desc.nullslast", "count=planned", ""},
		{"GET", "/tasks", "select=done,count(),priority.sum()::text&limit=-1&offset=x", "", "application/vnd.pgrst.object+json"},
		{"GET", "/messages", "select=*,users!sender!inner(*)&users.id=not.eq.1&users=not.is.null", "", ""},
		{"GET", "/ranges", "r=adj.[1,2)&r=not.sl.(,)&id=eq(all).{1,2}", "handling=strict, foo", ""},
		{"GET", "/rpc/projects_of", "client=1&id=gt.1&select=id,tasks(id)", "count=estimated", ""},
		{"GET", "/rpc/add", "a=x&b=1", "", ""},
		{"GET", "/rpc/numbers", "n=3&order=numbers", "", ""},
		{"DELETE", "/tasks", "id=eq.9999&select=id,projects(*)", "return=representation, max-affected=0, handling=strict", ""},
		{"PATCH", "/tasks", "id=eq.9999&columns=name,nope", "missing=default", ""},
		{"GET", "/tasks", "name=fts(xx).a&name=wfts.\"&id=match.(", "", ""},
		{"GET", "/tasks", "select=a:b:c,\"x\"\"y\"(*)", "", ""},
		{"GET", "/", "", "", "application/openapi+json"},
		{"GET", "/rpc/", "", "", ""},
		{"GET", "/tasks", "select=id::text[]&id=is.unknown&due=isdistinct.2024-99-99", "", ""},
	}
	for _, s := range seeds {
		f.Add(s.method, s.path, s.query, s.prefer, s.accept)
	}
	// The engine logs each refused request; inside the fuzz target that
	// must not go to f (testing panics on f.Log there, and the server
	// would drop the connection instead of answering).
	b := setupREST(f, func(c *Config) { c.Log = slog.New(slog.DiscardHandler) })
	f.Fuzz(func(t *testing.T, method, path, query, prefer, accept string) {
		switch method {
		case "GET", "HEAD", "DELETE", "PATCH", "OPTIONS":
		default:
			method = "GET"
		}
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		u := b.srv.URL + (&url.URL{Path: path}).EscapedPath() + "?" + query
		req, err := http.NewRequest(method, u, strings.NewReader(`{"name":"x"}`))
		if err != nil {
			return // not a URL net/http can send
		}
		if prefer != "" {
			req.Header.Set("Prefer", strings.ToValidUTF8(strings.Map(dropCtl, prefer), ""))
		}
		if accept != "" {
			req.Header.Set("Accept", strings.ToValidUTF8(strings.Map(dropCtl, accept), ""))
		}
		// Writes go through a transaction that is always rolled back.
		req.Header.Add("Prefer", "tx=rollback")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Errorf("%s %s?%s Prefer %q Accept %q: no answer: %v", method, path, query, prefer, accept, err)
			return
		}
		res.Body.Close()
		if res.StatusCode >= 500 {
			t.Errorf("%s %s?%s Prefer %q Accept %q: status %d", method, path, query, prefer, accept, res.StatusCode)
		}
	})
}

func dropCtl(r rune) rune {
	if r < 0x20 || r == 0x7f {
		return -1
	}
	return r
}
