package parse

import (
	"net/http"
	"testing"
)

// BenchmarkParse parses the requests of the REST benchmark (see
// gateway/rest/bench_test.go) as the handler does.
func BenchmarkParse(b *testing.B) {
	hdr := http.Header{"Accept": {"application/json"}}
	for _, c := range []struct{ name, path, query string }{
		{"pk", "/notes", "id=eq.7"},
		{"list50_embed", "/tasks", "select=id,name,done,projects(id,name)&order=id&limit=50"},
		{"app_tasks", "/tasks", "select=*,project:projects!inner(id,name,color),labels(*)&is_deleted=eq.false&or=(title.ilike.*a*,notes.ilike.*a*)&order=sort_order.asc,created_at.desc.nullslast&limit=100"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Parse(http.MethodGet, c.path, c.query, hdr, Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
