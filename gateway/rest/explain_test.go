package rest

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// application/vnd.pgrst.plan is refused unless PlanEnabled (PostgREST's
// db-plan-enabled, off as on the hosted backend); enabled, it answers the
// EXPLAIN of the statement the request would run, as text or JSON, with
// the options asked for, for the media type named by for=.
func TestExplain(t *testing.T) {
	off := setupREST(t)
	runCases(t, off, []httpCase{
		{name: "off by default", path: "/tasks", headers: []string{"Accept: application/vnd.pgrst.plan+json"}, status: 406,
			want: `{"code":"PGRST107","details":null,"hint":null,"message":"None of these media types are available: application/vnd.pgrst.plan+json; for=\"application/json\""}`},
	})

	b := setupREST(t, func(c *Config) { c.PlanEnabled = true })
	text := b.do(t, "GET", "/tasks?select=name&done=eq.true", "", "Accept: application/vnd.pgrst.plan")
	if text.status != 200 || !regexp.MustCompile(`(?m)^Aggregate  \(cost=`).MatchString(text.body) || !strings.HasSuffix(text.body, "\n") {
		t.Errorf("text plan %d:\n%s", text.status, text.body)
	}
	if ct := text.header.Get("Content-Type"); ct != `application/vnd.pgrst.plan+text; for="application/json"; charset=utf-8` {
		t.Errorf("Content-Type %q", ct)
	}

	type node struct {
		Plan struct {
			NodeType string  `json:"Node Type"`
			Rows     float64 `json:"Actual Rows"`
		} `json:"Plan"`
		Settings map[string]string `json:"Settings"`
	}
	plans := func(r response) []node {
		t.Helper()
		var out []node
		if r.status != 200 || json.Unmarshal([]byte(r.body), &out) != nil || len(out) != 1 {
			t.Fatalf("JSON plan %d: %s", r.status, r.body)
		}
		return out
	}
	j := b.do(t, "GET", "/tasks?done=eq.true", "", `Accept: application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|settings|buffers|wal`)
	got := plans(j)
	if got[0].Plan.NodeType != "Aggregate" || got[0].Plan.Rows != 1 || got[0].Settings["search_path"] != `"test", "public", "extensions"` {
		t.Errorf("analyzed plan: %+v", got[0])
	}
	if ct := j.header.Get("Content-Type"); ct != `application/vnd.pgrst.plan+json; for="application/json"; options=analyze|verbose|settings|buffers|wal; charset=utf-8` {
		t.Errorf("Content-Type %q", ct)
	}
	// The plan of a singular response; a plan is no error for many rows.
	plans(b.do(t, "GET", "/tasks", "", `Accept: application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"`))

	// A write with analyze runs, and Prefer: tx=rollback undoes it.
	r := b.do(t, "POST", "/clients", `{"id": 9, "name": "Dunder Mifflin"}`, "Content-Type: application/json",
		"Accept: application/vnd.pgrst.plan+json; options=analyze", "Prefer: tx=rollback")
	if p := plans(r); p[0].Plan.NodeType == "" {
		t.Errorf("insert plan: %s", r.body)
	}
	runCases(t, b, []httpCase{
		{name: "rolled back", path: "/clients?id=eq.9", status: 200, want: `[]`},
		{name: "errors are still errors", path: "/nope", headers: []string{"Accept: application/vnd.pgrst.plan"}, status: 404},
	})
}
