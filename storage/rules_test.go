package storage_test

import (
	"bytes"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"daybase/storage"
	"daybase/storage/validate"
)

// The file rules of spec 002 §5 on the app's buckets, enforced by the
// server whatever the client checked.
var ruleCases = []testCase{
	{"file rules refuse bad names, types and contents", []option{manyUploads}, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		dir := "task-attachments/" + uid + "/task/"
		journal := "journal-images/" + b.journalFolder(uid) + "/"
		attempts := []struct {
			name, path, ct string
			data           []byte
			code, status   string
			errName, msg   string
		}{
			{"blocked extension", dir + "setup.exe", "application/zip", []byte("PK\x03\x04"),
				"InvalidMimeType", "415", "invalid_mime_type", `File type "exe" is not allowed for security reasons`},
			{"blocked script extension", dir + "run.SH", "text/plain", []byte("echo"),
				"InvalidMimeType", "415", "invalid_mime_type", `File type "sh" is not allowed for security reasons`},
			{"type not on the allow-list", dir + "tool.bin", "application/x-msdownload", []byte("data"),
				"InvalidMimeType", "415", "invalid_mime_type", `File type "application/x-msdownload" is not supported`},
			{"spoofed image type", dir + "cat.png", "image/png", []byte("<html><script>alert(1)</script></html>"),
				"InvalidMimeType", "415", "invalid_mime_type", `File "cat.png" does not match its declared type "image/png"`},
			{"png declared as jpeg", dir + "cat.jpg", "image/jpeg", pngBytes,
				"InvalidMimeType", "415", "invalid_mime_type", `File "cat.jpg" does not match its declared type "image/jpeg"`},
			{"executable inside a pdf", dir + "doc.pdf", "application/pdf", []byte("MZ\x90\x00\x03"),
				"InvalidMimeType", "415", "invalid_mime_type", `File "doc.pdf" contains dangerous executable signature`},
			{"shebang in a text file", dir + "notes.txt", "text/plain", []byte("#!/bin/sh\nrm -rf ~"),
				"InvalidMimeType", "415", "invalid_mime_type", `File "notes.txt" contains dangerous executable signature`},
			{"empty file", dir + "empty.txt", "text/plain", nil,
				"InvalidRequest", "400", "InvalidRequest", `File "empty.txt" is empty`},
			{"reserved device name", dir + "CON.txt", "text/plain", []byte("x"),
				"InvalidKey", "400", "InvalidKey", `File name "CON.txt" is reserved by the system`},
			{"name too long", dir + strings.Repeat("n", 252) + ".txt", "text/plain", []byte("x"),
				"InvalidKey", "400", "InvalidKey", "File name is longer than 255 characters"},
			{"parent sequence inside a name", dir + "a..b.txt", "text/plain", []byte("x"),
				"InvalidKey", "400", "InvalidKey", `File name "a..b.txt" must not contain parent-path sequences`},
			{"journal images are images only", journal + "1.pdf", "application/pdf", pdfBytes,
				"InvalidMimeType", "415", "invalid_mime_type", `File type "application/pdf" is not supported`},
		}
		for _, a := range attempts {
			r := b.put(as(tok), a.path, a.ct, a.data)
			t.Run(a.name, func(t *testing.T) { wantError(t, r, 400, a.status, a.code, a.errName, a.msg) })
		}
		if keys := b.keys(t); len(keys) != 0 {
			t.Errorf("refused uploads left bytes: %v", keys)
		}
		for _, ok := range []struct {
			path, ct string
			data     []byte
		}{
			{dir + "photo.png", "image/png", pngBytes},
			{dir + "photo.jpeg", "image/jpeg", jpegBytes},
			{dir + "report.pdf", "application/pdf", pdfBytes},
			{dir + "notes.md", "text/markdown", []byte("# hi")},
			{dir + "raw.txt", "text/plain;charset=UTF-8", []byte("plain")},
			{journal + "1700000000000.svg", "image/svg+xml", svgBytes},
		} {
			if r := b.put(as(tok), ok.path, ok.ct, ok.data); r.status != 200 {
				t.Errorf("%s refused: %s", ok.path, r.body)
			}
		}
		// Empty files are fine outside the app's buckets.
		b.createBucket("plain", false, nil)
		wantOK(t, b.put(as(b.serviceKey), "plain/.emptyFolderPlaceholder", "text/plain", nil))
	}},

	{"copies and moves into the app's buckets are checked like uploads", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		svc := as(b.serviceKey)
		b.createBucket("loose", false, nil)
		wantOK(t, b.put(svc, "loose/evil.pdf", "application/pdf", []byte("MZ\x90\x00")))
		wantOK(t, b.put(svc, "loose/app.exe", "application/zip", []byte("PK\x03\x04")))
		wantError(t, b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "loose", "sourceKey": "evil.pdf",
			"destinationBucket": "task-attachments", "destinationKey": uid + "/t/evil.pdf"}, svc),
			400, "415", "InvalidMimeType", "invalid_mime_type", `File "evil.pdf" contains dangerous executable signature`)
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "loose", "sourceKey": "app.exe",
			"destinationBucket": "task-attachments", "destinationKey": uid + "/t/app.exe"}, svc),
			400, "415", "InvalidMimeType", "invalid_mime_type", `File type "exe" is not allowed for security reasons`)
		wantOK(t, b.put(as(tok), "task-attachments/"+uid+"/t/ok.txt", "text/plain", []byte("ok")))
		wantError(t, b.callJSON(http.MethodPost, "/object/move", map[string]any{"bucketId": "task-attachments",
			"sourceKey": uid + "/t/ok.txt", "destinationKey": uid + "/t/ok.php"}, as(tok)),
			400, "415", "InvalidMimeType", "invalid_mime_type", `File type "php" is not allowed for security reasons`)
		if keys := b.bucketKeys("task-attachments"); len(keys) != 1 {
			t.Errorf("task-attachments holds %v, want only ok.txt", keys)
		}
	}},

	{"the per-file size follows the uploader's plan", nil, func(t *testing.T, b *bundle) {
		free, freeTok := b.user()
		pro, proTok := b.user()
		b.exec(`INSERT INTO public.user_subscriptions (user_id, status, plan_id) VALUES ($1, 'active', 'pro_monthly')`, pro)
		over10 := append(append([]byte(nil), pdfBytes...), bytes.Repeat([]byte{0}, 10*validate.MB+1-len(pdfBytes))...)
		wantError(t, b.put(as(freeTok), "task-attachments/"+free+"/t/big.pdf", "application/pdf", over10),
			400, "413", "EntityTooLarge", "Payload too large", `File "big.pdf" exceeds maximum size of 10MB`)
		wantOK(t, b.put(as(proTok), "task-attachments/"+pro+"/t/big.pdf", "application/pdf", over10))
		// A declared length over the limit is refused before a byte is read.
		r := b.callSized(as(proTok), "task-attachments/"+pro+"/t/huge.pdf", "application/pdf", 100*validate.MB+1)
		wantError(t, r.resp, 400, "413", "EntityTooLarge", "Payload too large", `File "huge.pdf" exceeds maximum size of 100MB`)
		if n := b.tap.n.Load(); n != int64(len(over10)) {
			t.Errorf("the store was handed %d bytes; only the accepted upload's %d should reach it", n, len(over10))
		}
		if r.read > 32*validate.MB {
			t.Errorf("the client could send %d MB of a body refused by its length", r.read/validate.MB)
		}
	}},
}

// manyUploads lifts the rate limits for tests that upload a lot.
func manyUploads(c *storage.Config) {
	c.Limits = storage.Limits{PerMinute: 1000, PerHour: 1000, BytesPerDay: 1 << 40, Concurrent: 100}
}

// sized is an answer to a body streamed from a counting reader.
type sized struct {
	resp resp
	read int64
}

// callSized uploads size bytes (a PDF header, then zeros) with a declared
// Content-Length, counting how much the server read.
func (b *bundle) callSized(who as, bucketAndPath, ct string, size int64) sized {
	b.t.Helper()
	var n atomic.Int64
	body := &countReader{r: io.MultiReader(bytes.NewReader(pdfBytes), io.LimitReader(zeros{}, size-int64(len(pdfBytes)))), n: &n}
	req, _ := http.NewRequest(http.MethodPost, b.url+"/object/"+bucketAndPath, body)
	req.ContentLength = size
	req.Header.Set("Content-Type", ct)
	req.Header.Set("apikey", b.anonKey)
	req.Header.Set("Authorization", "Bearer "+string(who))
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatalf("upload: %v (after %d bytes)", err, n.Load())
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return sized{resp: resp{status: res.StatusCode, header: res.Header, body: data}, read: n.Load()}
}

type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

type countReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c *countReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n.Add(int64(n))
	return n, err
}
