package storage_test

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/zeebo/xxh3"
)

// testCase is one row of the table TestStorage runs on every backend.
type testCase struct {
	name string
	opts []option
	run  func(t *testing.T, b *bundle)
}

// TestStorage runs the whole table twice: on the disk store and on S3
// (a real MinIO server).
func TestStorage(t *testing.T) {
	var all []testCase
	for _, group := range [][]testCase{apiCases, accessCases, pathCases, ruleCases, limitCases, securityCases, attachmentCases, listV2Cases, renderCases} {
		all = append(all, group...)
	}
	for _, kind := range backends(t) {
		t.Run(kind.name, func(t *testing.T) {
			for _, tc := range all {
				t.Run(tc.name, func(t *testing.T) {
					t.Parallel()
					tc.run(t, setup(t, kind, tc.opts...))
				})
			}
		})
	}
}

var (
	pngBytes  = append([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR"), bytes.Repeat([]byte{7}, 64)...)
	jpegBytes = append([]byte{0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 'J', 'F', 'I', 'F'}, bytes.Repeat([]byte{1}, 64)...)
	svgBytes  = []byte(`<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>`)
	pdfBytes  = []byte("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n")
)

// etagOf is the ETag the server gives content: its XXH3-128 in hex.
func etagOf(b []byte) string {
	s := xxh3.Hash128(b).Bytes()
	return `"` + hex.EncodeToString(s[:]) + `"`
}

// decode unmarshals a JSON answer into v.
func decode(t *testing.T, r resp, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("decode %s: %v", r.body, err)
	}
}

var apiCases = []testCase{
	{"raw upload then download returns bytes and headers", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		r := b.put(svc, "docs/a/hello.txt", "text/plain;charset=UTF-8", []byte("hello"))
		wantOK(t, r)
		var up map[string]string
		decode(t, r, &up)
		if up["Key"] != "docs/a/hello.txt" || len(up["Id"]) != 36 {
			t.Fatalf("upload answer = %s", r.body)
		}
		for _, path := range []string{"/object/docs/a/hello.txt", "/object/authenticated/docs/a/hello.txt"} {
			g := b.call(http.MethodGet, path, nil, svc)
			wantOK(t, g)
			got := map[string]string{
				"body": string(g.body), "Content-Type": g.header.Get("Content-Type"), "ETag": g.header.Get("ETag"),
				"Cache-Control": g.header.Get("Cache-Control"), "X-Content-Type-Options": g.header.Get("X-Content-Type-Options"),
				"Accept-Ranges": g.header.Get("Accept-Ranges"),
			}
			want := map[string]string{
				"body": "hello", "Content-Type": "text/plain; charset=UTF-8", "ETag": etagOf([]byte("hello")),
				"Cache-Control": "max-age=3600", "X-Content-Type-Options": "nosniff", "Accept-Ranges": "bytes",
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("GET %s mismatch (-want +got):\n%s", path, diff)
			}
		}
	}},

	{"multipart upload takes the file part's type and the fields", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		body, ct := multipartBody("image/png", pngBytes, "metadata", `{"album":"cats"}`)
		r := b.call(http.MethodPost, "/object/docs/p.png", body, svc, "Content-Type", ct, "x-upsert", "false")
		wantOK(t, r)
		info := b.call(http.MethodGet, "/object/info/docs/p.png", nil, svc)
		wantOK(t, info)
		var got map[string]any
		decode(t, info, &got)
		for _, k := range []string{"id", "version", "last_modified", "created_at"} {
			if s, _ := got[k].(string); s == "" {
				t.Errorf("info.%s missing: %s", k, info.body)
			}
			delete(got, k)
		}
		want := map[string]any{
			"name": "p.png", "bucket_id": "docs", "size": float64(len(pngBytes)), "content_type": "image/png",
			"cache_control": "max-age=3600", "etag": etagOf(pngBytes), "metadata": map[string]any{"album": "cats"},
			"content_encoding": nil,
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("info mismatch (-want +got):\n%s", diff)
		}
		// A contentType field wins over the part's type; no cacheControl
		// field means no-cache.
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		mw.WriteField("contentType", "text/markdown")
		fw, _ := mw.CreateFormFile("file", "notes.txt")
		fw.Write([]byte("# notes"))
		mw.Close()
		wantOK(t, b.call(http.MethodPost, "/object/docs/notes.md", &buf, svc, "Content-Type", mw.FormDataContentType()))
		g := b.call(http.MethodGet, "/object/docs/notes.md", nil, svc)
		if got := [3]string{string(g.body), g.header.Get("Content-Type"), g.header.Get("Cache-Control")}; got != [3]string{"# notes", "text/markdown", "no-cache"} {
			t.Errorf("contentType field: got %q", got)
		}
		wantError(t, b.call(http.MethodPost, "/object/docs/none.txt", strings.NewReader("--x--\r\n"), svc, "Content-Type", "multipart/form-data; boundary=x"),
			400, "400", "InvalidRequest", "InvalidRequest", "No file part in the multipart body")
	}},

	{"a multipart file larger than the read buffers arrives intact", nil, func(t *testing.T, b *bundle) {
		// The file part is read through a 256 KiB buffer in blocks larger
		// than mime/multipart's 4 KiB; bytes that look like a boundary
		// must stay in the file.
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		data := make([]byte, 3<<20+777)
		for i := range data {
			data[i] = byte(i*31 + i>>9)
		}
		copy(data[300<<10:], "\r\n--not-the-boundary\r\n")
		body, ct := multipartBody("application/octet-stream", data)
		wantOK(t, b.call(http.MethodPost, "/object/docs/big.bin", body, svc, "Content-Type", ct))
		if g := b.call(http.MethodGet, "/object/docs/big.bin", nil, svc); !bytes.Equal(g.body, data) {
			t.Errorf("downloaded %d bytes, not the %d uploaded", len(g.body), len(data))
		}
	}},

	{"upload over an existing name without upsert is 409 Duplicate", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/x.txt", "text/plain", []byte("one")))
		r := b.put(svc, "docs/x.txt", "text/plain", []byte("two"))
		wantError(t, r, 400, "409", "ResourceAlreadyExists", "Duplicate", "The resource already exists")
		if keys := b.bucketKeys("docs"); len(keys) != 1 {
			t.Errorf("stored keys = %v, want only the first upload's", keys)
		}
	}},

	{"upsert and update replace the object and delete the old bytes", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/x.txt", "text/plain", []byte("one")))
		v1 := b.version("docs", "x.txt")
		wantOK(t, b.put(svc, "docs/x.txt", "text/plain", []byte("two"), "x-upsert", "true"))
		v2 := b.version("docs", "x.txt")
		r := b.call(http.MethodPut, "/object/docs/x.txt", strings.NewReader("three"), svc, "Content-Type", "text/plain")
		wantOK(t, r)
		v3 := b.version("docs", "x.txt")
		if v1 == v2 || v2 == v3 {
			t.Fatalf("versions did not change: %s %s %s", v1, v2, v3)
		}
		if b.stored("docs", v1) || b.stored("docs", v2) || !b.stored("docs", v3) {
			t.Errorf("stored: v1=%v v2=%v v3=%v, want only v3", b.stored("docs", v1), b.stored("docs", v2), b.stored("docs", v3))
		}
		if g := b.call(http.MethodGet, "/object/docs/x.txt", nil, svc); string(g.body) != "three" {
			t.Errorf("content = %q", g.body)
		}
	}},

	{"missing objects and buckets", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantError(t, b.call(http.MethodGet, "/object/docs/nope.txt", nil, svc), 400, "404", "NoSuchKey", "not_found", "Object not found")
		wantError(t, b.call(http.MethodGet, "/object/info/docs/nope.txt", nil, svc), 400, "404", "NoSuchKey", "not_found", "Object not found")
		wantError(t, b.call(http.MethodGet, "/object/nobucket/x.txt", nil, svc), 400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		wantError(t, b.put(svc, "nobucket/x.txt", "text/plain", []byte("x")), 400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
	}},

	{"range, conditional and HEAD requests", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/r.txt", "text/plain", []byte("hello world")))
		r := b.call(http.MethodGet, "/object/docs/r.txt", nil, svc, "Range", "bytes=6-10")
		if r.status != http.StatusPartialContent || string(r.body) != "world" || r.header.Get("Content-Range") != "bytes 6-10/11" {
			t.Errorf("range: %d %q %q", r.status, r.body, r.header.Get("Content-Range"))
		}
		etag := etagOf([]byte("hello world"))
		r = b.call(http.MethodGet, "/object/docs/r.txt", nil, svc, "If-None-Match", etag)
		if r.status != http.StatusNotModified || len(r.body) != 0 {
			t.Errorf("If-None-Match: %d %q", r.status, r.body)
		}
		r = b.call(http.MethodGet, "/object/docs/r.txt", nil, svc, "If-None-Match", `"other"`)
		if r.status != http.StatusOK {
			t.Errorf("If-None-Match other: %d", r.status)
		}
		r = b.call(http.MethodHead, "/object/docs/r.txt", nil, svc)
		if r.status != http.StatusOK || len(r.body) != 0 || r.header.Get("Content-Length") != "11" || r.header.Get("ETag") != etag {
			t.Errorf("HEAD: %d %q %v", r.status, r.body, r.header)
		}
		r = b.call(http.MethodGet, "/object/docs/r.txt", nil, svc, "Range", "bytes=50-60")
		if r.status != http.StatusRequestedRangeNotSatisfiable {
			t.Errorf("unsatisfiable range: %d", r.status)
		}
	}},

	{"list shows direct children with folders as null ids", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		for _, p := range []string{"a/2.txt", "a/1.txt", "a/sub/3.txt", "a/Sub2/x.txt", "b.txt", "a_b.txt"} {
			wantOK(t, b.put(svc, "docs/"+p, "text/plain", []byte(p)))
		}
		names := func(r resp) []string {
			t.Helper()
			wantOK(t, r)
			var entries []map[string]any
			decode(t, r, &entries)
			var out []string
			for _, e := range entries {
				n := e["name"].(string)
				if e["id"] == nil {
					if e["metadata"] != nil || e["created_at"] != nil || e["updated_at"] != nil || e["last_accessed_at"] != nil {
						t.Errorf("folder %s has non-null fields: %v", n, e)
					}
					n += "/"
				} else if m, _ := e["metadata"].(map[string]any); m["mimetype"] != "text/plain" || m["size"] == nil || m["eTag"] == nil {
					t.Errorf("file %s metadata = %v", n, e["metadata"])
				}
				out = append(out, n)
			}
			return out
		}
		list := func(body map[string]any) []string {
			t.Helper()
			return names(b.callJSON(http.MethodPost, "/object/list/docs", body, svc))
		}
		cases := []struct {
			name string
			body map[string]any
			want []string
		}{
			{"root", map[string]any{"prefix": ""}, []string{"a/", "a_b.txt", "b.txt"}},
			{"folder", map[string]any{"prefix": "a"}, []string{"1.txt", "2.txt", "Sub2/", "sub/"}},
			{"folder with slash", map[string]any{"prefix": "a/"}, []string{"1.txt", "2.txt", "Sub2/", "sub/"}},
			{"search is a case-insensitive prefix", map[string]any{"prefix": "a", "search": "SUB"}, []string{"Sub2/", "sub/"}},
			{"search escapes LIKE", map[string]any{"prefix": "", "search": "a_"}, []string{"a_b.txt"}},
			{"desc", map[string]any{"prefix": "a", "sortBy": map[string]any{"column": "name", "order": "desc"}}, []string{"sub/", "Sub2/", "2.txt", "1.txt"}},
			{"limit and offset", map[string]any{"prefix": "a", "limit": 2, "offset": 1}, []string{"2.txt", "Sub2/"}},
			{"time sort puts folders first", map[string]any{"prefix": "a", "sortBy": map[string]any{"column": "created_at", "order": "asc"}}, []string{"Sub2/", "sub/", "2.txt", "1.txt"}},
			{"empty folder", map[string]any{"prefix": "zzz"}, nil},
		}
		for _, c := range cases {
			if diff := cmp.Diff(c.want, list(c.body)); diff != "" {
				t.Errorf("%s (-want +got):\n%s", c.name, diff)
			}
		}
		wantError(t, b.callJSON(http.MethodPost, "/object/list/docs", map[string]any{"sortBy": map[string]any{"column": "size"}}, svc),
			400, "400", "InvalidRequest", "InvalidRequest", "sortBy.column must be name, updated_at, created_at or last_accessed_at")
	}},

	{"move within a bucket renames and keeps the bytes", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/from.txt", "text/plain", []byte("moving")))
		v := b.version("docs", "from.txt")
		r := b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "docs", "sourceKey": "from.txt", "destinationKey": "dir/to.txt"}, svc)
		wantOK(t, r)
		if got := r.json(t).(map[string]any)["message"]; got != "Successfully moved" {
			t.Errorf("message = %v", got)
		}
		if b.version("docs", "dir/to.txt") != v || !b.stored("docs", v) {
			t.Errorf("bytes were not kept under the same version")
		}
		wantError(t, b.call(http.MethodGet, "/object/docs/from.txt", nil, svc), 400, "404", "NoSuchKey", "not_found", "Object not found")
		if g := b.call(http.MethodGet, "/object/docs/dir/to.txt", nil, svc); string(g.body) != "moving" {
			t.Errorf("moved content = %q", g.body)
		}
		wantOK(t, b.put(svc, "docs/other.txt", "text/plain", []byte("x")))
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "docs", "sourceKey": "other.txt", "destinationKey": "dir/to.txt"}, svc),
			400, "409", "ResourceAlreadyExists", "Duplicate", "The resource already exists")
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "docs", "sourceKey": "gone.txt", "destinationKey": "x.txt"}, svc),
			400, "404", "NoSuchKey", "not_found", "Object not found")
	}},

	{"move to another bucket moves the bytes", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		b.createBucket("archive", false, nil)
		wantOK(t, b.put(svc, "docs/f.txt", "text/plain", []byte("far")))
		wantOK(t, b.callJSON(http.MethodPost, "/object/move",
			map[string]any{"bucketId": "docs", "sourceKey": "f.txt", "destinationKey": "f.txt", "destinationBucket": "archive"}, svc))
		if keys := b.bucketKeys("docs"); len(keys) != 0 {
			t.Errorf("source bytes left behind: %v", keys)
		}
		if g := b.call(http.MethodGet, "/object/archive/f.txt", nil, svc); string(g.body) != "far" {
			t.Errorf("moved content = %q (%d)", g.body, g.status)
		}
	}},

	{"copy makes an independent object", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/src.txt", "text/plain", []byte("original")))
		r := b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "docs", "sourceKey": "src.txt", "destinationKey": "copy.txt"}, svc)
		wantOK(t, r)
		if got := r.json(t).(map[string]any)["Key"]; got != "docs/copy.txt" {
			t.Errorf("Key = %v", got)
		}
		wantOK(t, b.callJSON(http.MethodDelete, "/object/docs", map[string]any{"prefixes": []string{"src.txt"}}, svc))
		if g := b.call(http.MethodGet, "/object/docs/copy.txt", nil, svc); string(g.body) != "original" {
			t.Errorf("copy content = %q", g.body)
		}
		wantOK(t, b.put(svc, "docs/src.txt", "text/plain", []byte("second")))
		wantError(t, b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "docs", "sourceKey": "src.txt", "destinationKey": "copy.txt"}, svc),
			400, "409", "ResourceAlreadyExists", "Duplicate", "The resource already exists")
		old := b.version("docs", "copy.txt")
		wantOK(t, b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "docs", "sourceKey": "src.txt", "destinationKey": "copy.txt"}, svc, "x-upsert", "true"))
		if g := b.call(http.MethodGet, "/object/docs/copy.txt", nil, svc); string(g.body) != "second" {
			t.Errorf("upserted copy = %q", g.body)
		}
		if b.stored("docs", old) {
			t.Error("the replaced copy's bytes were kept")
		}
	}},

	{"remove returns the deleted rows and deletes the bytes", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/a.txt", "text/plain", []byte("a")))
		wantOK(t, b.put(svc, "docs/dir/b.txt", "text/plain", []byte("b")))
		r := b.callJSON(http.MethodDelete, "/object/docs", map[string]any{"prefixes": []any{"a.txt", map[string]string{"path": "dir/b.txt"}, "missing.txt"}}, svc)
		wantOK(t, r)
		var rows []map[string]any
		decode(t, r, &rows)
		var got []string
		for _, row := range rows {
			got = append(got, row["bucket_id"].(string)+":"+row["name"].(string))
			if row["id"] == nil || row["metadata"] == nil {
				t.Errorf("row without id or metadata: %v", row)
			}
		}
		if diff := cmp.Diff([]string{"docs:a.txt", "docs:dir/b.txt"}, sortedStrings(got)); diff != "" {
			t.Errorf("deleted rows (-want +got):\n%s", diff)
		}
		if keys := b.bucketKeys("docs"); len(keys) != 0 {
			t.Errorf("bytes left: %v", keys)
		}
		r = b.callJSON(http.MethodDelete, "/object/docs", map[string]any{"prefixes": []string{"missing.txt"}}, svc)
		if r.status != 200 || strings.TrimSpace(string(r.body)) != "[]" {
			t.Errorf("removing nothing = %d %s", r.status, r.body)
		}
		wantOK(t, b.put(svc, "docs/c.txt", "text/plain", []byte("c")))
		wantOK(t, b.call(http.MethodDelete, "/object/docs/c.txt", nil, svc))
		wantError(t, b.call(http.MethodDelete, "/object/docs/c.txt", nil, svc), 400, "404", "NoSuchKey", "not_found", "Object not found")
	}},

	{"signed download URLs", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		wantOK(t, b.put(svc, "docs/dir/s.txt", "text/plain", []byte("secret")))
		r := b.callJSON(http.MethodPost, "/object/sign/docs/dir/s.txt", map[string]any{"expiresIn": 60}, svc)
		wantOK(t, r)
		var signed map[string]string
		decode(t, r, &signed)
		u := signed["signedURL"]
		if !strings.HasPrefix(u, "/object/sign/docs/dir/s.txt?token=") {
			t.Fatalf("signedURL = %q", u)
		}
		g := b.call(http.MethodGet, u, nil, nobody)
		if g.status != 200 || string(g.body) != "secret" {
			t.Fatalf("GET signed = %d %q", g.status, g.body)
		}
		g = b.call(http.MethodGet, u+"&download=report.txt", nil, nobody)
		if cd := g.header.Get("Content-Disposition"); cd != `attachment; filename=report.txt` {
			t.Errorf("Content-Disposition = %q", cd)
		}
		tok := strings.TrimPrefix(u, "/object/sign/docs/dir/s.txt?token=")
		wantError(t, b.call(http.MethodGet, "/object/sign/docs/other.txt?token="+tok, nil, nobody), 400, "400", "InvalidSignature", "InvalidSignature", "Invalid signature")
		wantError(t, b.call(http.MethodGet, u+"x", nil, nobody), 400, "400", "InvalidSignature", "InvalidSignature", "Invalid signature")
		b.clockShift.Store(int64(-2 * 3600 * 1e9))
		old := b.callJSON(http.MethodPost, "/object/sign/docs/dir/s.txt", map[string]any{"expiresIn": 60}, svc)
		b.clockShift.Store(0)
		decode(t, old, &signed)
		wantError(t, b.call(http.MethodGet, signed["signedURL"], nil, nobody), 400, "400", "ExpiredToken", "ExpiredToken", "The provided token has expired.")
		wantError(t, b.callJSON(http.MethodPost, "/object/sign/docs/missing.txt", map[string]any{"expiresIn": 60}, svc), 400, "404", "NoSuchKey", "not_found", "Object not found")
		wantError(t, b.callJSON(http.MethodPost, "/object/sign/docs/dir/s.txt", map[string]any{"expiresIn": 0}, svc), 400, "400", "InvalidRequest", "InvalidRequest", "expiresIn must be a number of seconds from 1 to 315360000")

		r = b.callJSON(http.MethodPost, "/object/sign/docs", map[string]any{"expiresIn": 60, "paths": []string{"dir/s.txt", "missing.txt"}}, svc)
		wantOK(t, r)
		var many []map[string]any
		decode(t, r, &many)
		if len(many) != 2 || many[0]["error"] != nil || many[0]["path"] != "dir/s.txt" || !strings.HasPrefix(many[0]["signedURL"].(string), "/object/sign/docs/dir/s.txt?token=") ||
			many[1]["error"] != "Either the object does not exist or you do not have access to it" || many[1]["signedURL"] != nil {
			t.Errorf("createSignedUrls = %s", r.body)
		}
	}},

	{"signed upload URLs", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("docs", false, nil)
		r := b.callJSON(http.MethodPost, "/object/upload/sign/docs/up/file.txt", map[string]any{}, svc)
		wantOK(t, r)
		var signed map[string]string
		decode(t, r, &signed)
		if signed["url"] != "/object/upload/sign/docs/up/file.txt?token="+signed["token"] || signed["token"] == "" {
			t.Fatalf("answer = %s", r.body)
		}
		up := b.call(http.MethodPut, signed["url"], strings.NewReader("via token"), nobody, "Content-Type", "text/plain")
		wantOK(t, up)
		if diff := cmp.Diff(map[string]any{"Key": "docs/up/file.txt"}, up.json(t)); diff != "" {
			t.Errorf("answer (-want +got):\n%s", diff)
		}
		if g := b.call(http.MethodGet, "/object/docs/up/file.txt", nil, svc); string(g.body) != "via token" {
			t.Errorf("content = %q", g.body)
		}
		wantError(t, b.call(http.MethodPut, signed["url"], strings.NewReader("again"), nobody, "Content-Type", "text/plain"),
			400, "409", "ResourceAlreadyExists", "Duplicate", "The resource already exists")
		wantError(t, b.call(http.MethodPut, "/object/upload/sign/docs/elsewhere.txt?token="+signed["token"], strings.NewReader("x"), nobody),
			400, "400", "InvalidSignature", "InvalidSignature", "Invalid signature")
		dl := b.callJSON(http.MethodPost, "/object/sign/docs/up/file.txt", map[string]any{"expiresIn": 60}, svc)
		var d map[string]string
		decode(t, dl, &d)
		tok := d["signedURL"][strings.Index(d["signedURL"], "token=")+6:]
		wantError(t, b.call(http.MethodPut, "/object/upload/sign/docs/up/file.txt?token="+tok, strings.NewReader("x"), nobody),
			400, "400", "InvalidSignature", "InvalidSignature", "Token is not scoped for upload")
		r = b.callJSON(http.MethodPost, "/object/upload/sign/docs/up/file.txt", map[string]any{}, svc, "x-upsert", "true")
		decode(t, r, &signed)
		wantOK(t, b.call(http.MethodPut, signed["url"], strings.NewReader("replaced"), nobody, "Content-Type", "text/plain"))
		if g := b.call(http.MethodGet, "/object/docs/up/file.txt", nil, svc); string(g.body) != "replaced" {
			t.Errorf("content after upsert = %q", g.body)
		}
	}},

	{"public buckets answer without credentials, private ones do not", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("pub", true, nil)
		b.createBucket("priv", false, nil)
		wantOK(t, b.put(svc, "pub/x.txt", "text/plain", []byte("open")))
		wantOK(t, b.put(svc, "priv/x.txt", "text/plain", []byte("closed")))
		for _, path := range []string{"/object/public/pub/x.txt", "/object/pub/x.txt", "/object/info/public/pub/x.txt"} {
			if g := b.call(http.MethodGet, path, nil, nobody); g.status != 200 {
				t.Errorf("GET %s = %d %s", path, g.status, g.body)
			}
		}
		for _, path := range []string{"/object/public/priv/x.txt", "/object/priv/x.txt", "/object/info/public/priv/x.txt"} {
			wantError(t, b.call(http.MethodGet, path, nil, nobody), 400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		}
		// The anon key sees a private object only through a policy; there is none.
		wantError(t, b.call(http.MethodGet, "/object/priv/x.txt", nil, as(b.anonKey)), 400, "404", "NoSuchKey", "not_found", "Object not found")
	}},

	{"buckets are managed by service_role", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		r := b.callJSON(http.MethodPost, "/bucket", map[string]any{"id": "photos", "name": "photos", "public": false,
			"file_size_limit": "1.5KB", "allowed_mime_types": []string{"image/*"}}, svc)
		wantOK(t, r)
		if diff := cmp.Diff(map[string]any{"name": "photos"}, r.json(t)); diff != "" {
			t.Errorf("create (-want +got):\n%s", diff)
		}
		get := func() map[string]any {
			g := b.call(http.MethodGet, "/bucket/photos", nil, svc)
			wantOK(t, g)
			m := g.json(t).(map[string]any)
			if m["created_at"] == nil || m["updated_at"] == nil {
				t.Errorf("times missing: %s", g.body)
			}
			delete(m, "created_at")
			delete(m, "updated_at")
			return m
		}
		want := map[string]any{"id": "photos", "name": "photos", "owner": nil, "public": false, "file_size_limit": float64(1500),
			"allowed_mime_types": []any{"image/*"}}
		if diff := cmp.Diff(want, get()); diff != "" {
			t.Errorf("get (-want +got):\n%s", diff)
		}
		wantError(t, b.callJSON(http.MethodPost, "/bucket", map[string]any{"id": "photos", "name": "photos"}, svc),
			400, "409", "BucketAlreadyExists", "Duplicate", "The resource already exists")
		r = b.callJSON(http.MethodPut, "/bucket/photos", map[string]any{"id": "photos", "public": true, "file_size_limit": nil}, svc)
		wantOK(t, r)
		if diff := cmp.Diff(map[string]any{"message": "Successfully updated"}, r.json(t)); diff != "" {
			t.Error(diff)
		}
		want["public"], want["file_size_limit"] = true, nil
		if diff := cmp.Diff(want, get()); diff != "" {
			t.Errorf("after update (-want +got):\n%s", diff)
		}
		l := b.call(http.MethodGet, "/bucket?search=phot&sortColumn=name&sortOrder=desc&limit=5", nil, svc)
		var list []map[string]any
		decode(t, l, &list)
		if len(list) != 1 || list[0]["id"] != "photos" {
			t.Errorf("list = %s", l.body)
		}
		wantOK(t, b.put(svc, "photos/a.png", "image/png", pngBytes))
		wantError(t, b.callJSON(http.MethodDelete, "/bucket/photos", map[string]any{}, svc), 400, "409", "ResourceNotEmpty", "ResourceNotEmpty", "The bucket you tried to delete is not empty")
		r = b.callJSON(http.MethodPost, "/bucket/photos/empty", map[string]any{}, svc)
		if diff := cmp.Diff(map[string]any{"message": "Empty bucket has been queued. Completion may take up to an hour."}, r.json(t)); diff != "" {
			t.Error(diff)
		}
		if keys := b.bucketKeys("photos"); len(keys) != 0 {
			t.Errorf("bytes left after empty: %v", keys)
		}
		r = b.callJSON(http.MethodDelete, "/bucket/photos", map[string]any{}, svc)
		if diff := cmp.Diff(map[string]any{"message": "Successfully deleted"}, r.json(t)); diff != "" {
			t.Error(diff)
		}
		wantError(t, b.call(http.MethodGet, "/bucket/photos", nil, svc), 400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		for _, bad := range []string{"..", ".", "public", "sign", "a/b", " lead", "", strings.Repeat("x", 101), "semi\x00"} {
			wantError(t, b.callJSON(http.MethodPost, "/bucket", map[string]any{"id": bad, "name": bad}, svc),
				400, "400", "InvalidBucketName", "Invalid Input", "Bucket name invalid")
		}
		wantError(t, b.callJSON(http.MethodPost, "/bucket", map[string]any{"id": "x", "file_size_limit": "ten"}, svc),
			400, "400", "InvalidRequest", "InvalidRequest", "Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
	}},

	{"a bucket's own limits apply to every upload", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("small", false, map[string]any{"file_size_limit": 20, "allowed_mime_types": []string{"image/png"}})
		wantError(t, b.put(svc, "small/a.txt", "text/plain", []byte("x")), 400, "415", "InvalidMimeType", "invalid_mime_type", "mime type text/plain is not supported")
		wantError(t, b.put(svc, "small/a.png", "image/png", pngBytes), 400, "413", "EntityTooLarge", "Payload too large", "The object exceeded the maximum allowed size")
		wantOK(t, b.put(svc, "small/b.png", "image/png", pngBytes[:16]))
		if keys := b.bucketKeys("small"); len(keys) != 1 {
			t.Errorf("stored %v, want one object", keys)
		}
	}},
}

func sortedStrings(s []string) []string {
	out := slices.Clone(s)
	slices.Sort(out)
	return out
}
