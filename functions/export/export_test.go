package export_test

import (
	"encoding/json"
	"strings"
	"testing"

	"daybase/functions/export"
	"daybase/functions/internal/fntest"
	"daybase/internal/pgtest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

func TestExport(t *testing.T) {
	b := fntest.New(t)
	me := b.User("export@example.test")
	other := b.User("other-export@example.test")
	b.Exec(`INSERT INTO public.tasks (user_id, title, tags, due_date) VALUES ($1, 'Mine, "quoted"', 'a, b', '2026-05-01'), ($1, '=HYPERLINK("x")', NULL, NULL)`, me)
	b.Exec(`INSERT INTO public.tasks (user_id, title, is_deleted) VALUES ($1, 'Gone', true)`, me)
	b.Exec(`INSERT INTO public.tasks (user_id, title) VALUES ($1, 'Not mine')`, other)
	srv := b.Server(export.Function())
	id := fntest.As(me)

	res := fntest.Invoke(srv, "POST", "/export-data", &id, map[string]any{"format": "json"})
	if res.Code != 200 || !strings.Contains(res.Header.Get("Content-Disposition"), "daybase-export-") {
		t.Fatalf("json: %d %v %s", res.Code, res.Header, res.Body)
	}
	var out struct {
		Profile    map[string]any   `json:"profile"`
		Tasks      []map[string]any `json:"tasks"`
		Notes      []map[string]any `json:"notes"`
		Journals   []map[string]any `json:"journals"`
		ExportedAt string           `json:"exportedAt"`
	}
	res.JSON(t, &out)
	if out.Profile["email"] != "export@example.test" || len(out.Tasks) != 2 || out.Notes == nil || out.Journals == nil || out.ExportedAt == "" {
		t.Errorf("export = %+v", out)
	}
	// Projects and folders come too (for import-data); each row is a line,
	// and X-Export-Rows says how many rows follow.
	var keys map[string]json.RawMessage
	res.JSON(t, &keys)
	for _, k := range []string{"projects", "noteFolders", "journalFolders"} {
		if string(keys[k]) != "[]" {
			t.Errorf("%s = %s", k, keys[k])
		}
	}
	if got := res.Header.Get("X-Export-Rows"); got != "2" || strings.Count(res.Body, "\n") != 3 {
		t.Errorf("X-Export-Rows %q, %d lines:\n%s", got, strings.Count(res.Body, "\n"), res.Body)
	}

	res = fntest.Invoke(srv, "POST", "/export-data?format=csv", &id, nil)
	lines := strings.Split(strings.TrimSpace(res.Body), "\n")
	if res.Code != 200 || res.Header.Get("Content-Type") != "text/csv; charset=utf-8" || len(lines) != 3 || res.Header.Get("X-Export-Rows") != "2" {
		t.Fatalf("csv: %d %s", res.Code, res.Body)
	}
	if !strings.HasPrefix(lines[0], "id,title,notes,due_date") || !strings.Contains(res.Body, `"Mine, ""quoted"""`) ||
		!strings.Contains(res.Body, `"'=HYPERLINK(""x"")"`) {
		t.Errorf("csv body:\n%s", res.Body)
	}
	if res := fntest.Invoke(srv, "POST", "/export-data", &id, map[string]any{"format": "xml"}); res.Code != 400 {
		t.Errorf("xml: %d", res.Code)
	}
}
