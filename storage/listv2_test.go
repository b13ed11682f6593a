package storage_test

import (
	"net/http"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// listV2 answers as the hosted API's search_v2: names are full paths,
// folders end in '/', keys are the segment below the prefix, and cursors
// page through any order without repeating or skipping a row.
var listV2Cases = []testCase{
	{"listV2 lists flat or by folder", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		for _, name := range []string{"a/1.txt", "a/2.txt", "a/sub/3.txt", "b.txt", "a-z.txt"} {
			wantOK(t, b.put(svc, "docs/"+name, "text/plain", []byte(name)))
		}
		list := func(body map[string]any) listV2Page {
			t.Helper()
			r := b.callJSON(http.MethodPost, "/object/list-v2/docs", body, svc)
			wantOK(t, r)
			var p listV2Page
			decode(t, r, &p)
			return p
		}
		for _, tc := range []struct {
			name             string
			body             map[string]any
			folders, objects []string
		}{
			{"flat, everything", map[string]any{}, nil, []string{"a-z.txt", "a/1.txt", "a/2.txt", "a/sub/3.txt", "b.txt"}},
			{"flat, by a name prefix", map[string]any{"prefix": "a/"}, nil, []string{"a/1.txt", "a/2.txt", "a/sub/3.txt"}},
			{"top folder", map[string]any{"with_delimiter": true}, []string{"a/|a"}, []string{"a-z.txt|a-z.txt", "b.txt|b.txt"}},
			{"inside a folder", map[string]any{"prefix": "a/", "with_delimiter": true}, []string{"a/sub/|sub"}, []string{"a/1.txt|1.txt", "a/2.txt|2.txt"}},
			{"prefix not ending in /", map[string]any{"prefix": "a", "with_delimiter": true}, []string{"a/|a"}, []string{"a-z.txt|a-z.txt"}},
			{"descending", map[string]any{"with_delimiter": true, "sortBy": map[string]any{"column": "name", "order": "desc"}},
				[]string{"a/|a"}, []string{"b.txt|b.txt", "a-z.txt|a-z.txt"}},
		} {
			p := list(tc.body)
			if p.HasNext || p.NextCursor != "" {
				t.Errorf("%s: one page expected, got hasNext %v", tc.name, p.HasNext)
			}
			if diff := cmp.Diff(tc.folders, p.names(p.Folders)); diff != "" {
				t.Errorf("%s: folders (-want +got):\n%s", tc.name, diff)
			}
			if diff := cmp.Diff(tc.objects, p.names(p.Objects)); diff != "" {
				t.Errorf("%s: objects (-want +got):\n%s", tc.name, diff)
			}
		}
		// Objects carry their row; folders listed by name have none.
		p := list(map[string]any{"with_delimiter": true})
		o := p.Objects[0]
		if o.ID == nil || o.Metadata["size"] != float64(len("a-z.txt")) || o.CreatedAt == nil || o.UpdatedAt == nil {
			t.Errorf("object entry lacks its row: %+v", o)
		}
		if f := p.Folders[0]; f.ID != nil || f.Metadata != nil || f.CreatedAt != nil {
			t.Errorf("folder entry %+v: want null id, metadata and times", f)
		}
	}},

	{"listV2 pages with cursors in every order", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		suffixes := []string{"zz", "bb", "xx", "ww", "cc", "aa", "yy", "oo"}
		for _, s := range suffixes {
			wantOK(t, b.put(svc, "docs/p/f-"+s, "text/plain", []byte(s)))
			time.Sleep(2 * time.Millisecond) // distinct creation times at millisecond precision
		}
		sortedNames := []string{"p/f-aa", "p/f-bb", "p/f-cc", "p/f-oo", "p/f-ww", "p/f-xx", "p/f-yy", "p/f-zz"}
		created := make([]string, len(suffixes))
		for i, s := range suffixes {
			created[i] = "p/f-" + s
		}
		for _, tc := range []struct {
			sortBy map[string]any
			want   []string
		}{
			{nil, sortedNames},
			{map[string]any{"column": "name", "order": "desc"}, reversed(sortedNames)},
			{map[string]any{"column": "created_at", "order": "asc"}, created},
			{map[string]any{"column": "created_at", "order": "desc"}, reversed(created)},
			{map[string]any{"column": "updated_at", "order": "asc"}, created},
		} {
			var got []string
			cursor, pages := "", 0
			for {
				body := map[string]any{"prefix": "p/", "with_delimiter": true, "limit": 3}
				if tc.sortBy != nil {
					body["sortBy"] = tc.sortBy
				}
				if cursor != "" {
					body["cursor"] = cursor
				}
				r := b.callJSON(http.MethodPost, "/object/list-v2/docs", body, svc)
				wantOK(t, r)
				var p listV2Page
				decode(t, r, &p)
				pages++
				for _, o := range p.Objects {
					got = append(got, o.Name)
				}
				if !p.HasNext {
					break
				}
				if p.NextCursorKey != got[len(got)-1] {
					t.Errorf("nextCursorKey %q, want the page's last name %q", p.NextCursorKey, got[len(got)-1])
				}
				cursor = p.NextCursor
				if pages > 10 {
					t.Fatal("cursor does not advance")
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" || pages != 3 {
				t.Errorf("sortBy %v: %d pages, names (-want +got):\n%s", tc.sortBy, pages, diff)
			}
		}
		wantError(t, b.callJSON(http.MethodPost, "/object/list-v2/docs", map[string]any{"cursor": "bm90IGEgY3Vyc29y"}, svc),
			400, "400", "InvalidParameter", "InvalidParameter", "Invalid Parameter cursor")
		wantError(t, b.callJSON(http.MethodPost, "/object/list-v2/docs", map[string]any{"sortBy": map[string]any{"column": "size"}}, svc),
			400, "400", "InvalidRequest", "InvalidRequest", "sortBy.column must be name, created_at or updated_at")
	}},

	{"listV2 shows a user only what the policies let them see", nil, func(t *testing.T, b *bundle) {
		b.createBucket("task-attachments-like", false, nil)
		b.exec(`CREATE POLICY "own folder" ON storage.objects FOR ALL TO authenticated
			USING (bucket_id = 'task-attachments-like' AND (storage.foldername(name))[1] = auth.uid()::text)
			WITH CHECK (bucket_id = 'task-attachments-like' AND (storage.foldername(name))[1] = auth.uid()::text)`)
		alice, aliceTok := b.user()
		bob, bobTok := b.user()
		wantOK(t, b.put(as(aliceTok), "task-attachments-like/"+alice+"/a.txt", "text/plain", []byte("a")))
		wantOK(t, b.put(as(bobTok), "task-attachments-like/"+bob+"/b.txt", "text/plain", []byte("b")))
		r := b.callJSON(http.MethodPost, "/object/list-v2/task-attachments-like", map[string]any{"with_delimiter": true}, as(aliceTok))
		wantOK(t, r)
		var p listV2Page
		decode(t, r, &p)
		if diff := cmp.Diff([]string{alice + "/|" + alice}, p.names(p.Folders)); diff != "" || len(p.Objects) != 0 {
			t.Errorf("alice's top level (-want +got):\n%s objects %v", diff, p.Objects)
		}
		wantError(t, b.callJSON(http.MethodPost, "/object/list-v2/task-attachments-like", map[string]any{}, nobody),
			403, "403", "AccessDenied", "Unauthorized", "Invalid Compact JWS")
	}},
}

type listV2Page struct {
	HasNext       bool   `json:"hasNext"`
	NextCursor    string `json:"nextCursor"`
	NextCursorKey string `json:"nextCursorKey"`
	Folders       []listV2Item
	Objects       []listV2Item
}

type listV2Item struct {
	Key       *string        `json:"key"`
	Name      string         `json:"name"`
	ID        *string        `json:"id"`
	CreatedAt *string        `json:"created_at"`
	UpdatedAt *string        `json:"updated_at"`
	Metadata  map[string]any `json:"metadata"`
}

// names renders entries as "name|key" (just the name without a key).
func (listV2Page) names(items []listV2Item) []string {
	var out []string
	for _, it := range items {
		s := it.Name
		if it.Key != nil {
			s += "|" + *it.Key
		}
		out = append(out, s)
	}
	return out
}

func reversed(s []string) []string {
	out := make([]string, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}
