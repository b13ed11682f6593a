package storage_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// Issue 17: the attacks on storage that worked, each now refused.
var securityCases = []testCase{
	{"a declared type is one media type, stored and served normalised", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		b.createBucket("open", true, nil)
		svc := as(b.serviceKey)
		// Browsers read a comma-separated Content-Type as a list and take
		// the last entry: each of these would be served as HTML.
		for _, ct := range []string{
			"text/plain;charset=utf-8,text/html",
			"image/png;x,text/html",
			"image/png, text/html",
			`text/plain; charset="utf-8,text/html"`,
			"image/png;x",
			"text/html;charset",
			"html",
			"*/*",
		} {
			want := fmt.Sprintf("mime type %q is not valid: send one media type, such as text/plain; charset=utf-8", ct)
			wantError(t, b.put(svc, "open/x.txt", ct, []byte("<script>alert(document.domain)</script>")),
				400, "415", "InvalidMimeType", "invalid_mime_type", want)
			body, mct := multipartBody(ct, []byte("<script>alert(1)</script>"))
			wantError(t, b.call(http.MethodPost, "/object/open/x.txt", body, svc, "Content-Type", mct),
				400, "415", "InvalidMimeType", "invalid_mime_type", want)
			body, mct = multipartBody("text/plain", []byte("<script>alert(1)</script>"), "contentType", ct)
			wantError(t, b.call(http.MethodPost, "/object/open/x.txt", body, svc, "Content-Type", mct),
				400, "415", "InvalidMimeType", "invalid_mime_type", want)
			// The app's bucket checked its MIME list up to the ";" and let
			// text/plain through.
			wantError(t, b.put(as(tok), "task-attachments/"+uid+"/t/x.txt", ct, []byte("<script>alert(1)</script>")),
				400, "415", "InvalidMimeType", "invalid_mime_type", want)
		}
		if n := b.objectCount("open") + b.objectCount("task-attachments"); n != 0 {
			t.Errorf("refused uploads left %d rows", n)
		}
		if keys := append(b.bucketKeys("open"), b.bucketKeys("task-attachments")...); len(keys) != 0 {
			t.Errorf("refused uploads left bytes: %v", keys)
		}
		// A copy cannot set such a type either.
		wantOK(t, b.put(svc, "open/a.txt", "text/plain", []byte("a")))
		wantError(t, b.callJSON(http.MethodPost, "/object/copy", map[string]any{"bucketId": "open", "sourceKey": "a.txt",
			"destinationKey": "b.txt", "copyMetadata": false, "metadata": map[string]any{"mimetype": "text/plain,text/html"}}, svc),
			400, "415", "InvalidMimeType", "invalid_mime_type", `mime type "text/plain,text/html" is not valid: send one media type, such as text/plain; charset=utf-8`)

		// Good types are stored as mime.FormatMediaType writes them, and
		// served and described so.
		for ct, want := range map[string]string{
			"text/plain;charset=UTF-8": "text/plain; charset=UTF-8",
			"IMAGE/PNG":                "image/png",
			`Text/Markdown; Charset="utf-8"; variant=GFM`: "text/markdown; charset=utf-8; variant=GFM",
		} {
			wantOK(t, b.put(svc, "open/good", ct, []byte("x"), "x-upsert", "true"))
			g := b.call(http.MethodGet, "/object/public/open/good", nil, nobody)
			var info map[string]any
			decode(t, b.call(http.MethodGet, "/object/info/open/good", nil, svc), &info)
			if got := [2]any{g.header.Get("Content-Type"), info["content_type"]}; got != [2]any{want, want} {
				t.Errorf("%q: served and described as %q, want %q", ct, got, want)
			}
		}
		// A row written before (or by SQL) with a bad type is served as
		// bytes to download, never with that type.
		wantOK(t, b.put(svc, "open/legacy.html", "text/plain", []byte("<script>alert(1)</script>")))
		b.exec(`UPDATE storage.objects SET metadata = jsonb_set(metadata, '{mimetype}', '"text/plain;charset=utf-8,text/html"')
		        WHERE bucket_id = 'open' AND name = 'legacy.html'`)
		g := b.call(http.MethodGet, "/object/public/open/legacy.html", nil, nobody)
		got := [3]string{g.header.Get("Content-Type"), g.header.Get("Content-Disposition"), g.header.Get("Content-Security-Policy")}
		if want := [3]string{"application/octet-stream", "attachment; filename=legacy.html", "default-src 'none'; sandbox; frame-ancestors 'none'"}; got != want {
			t.Errorf("legacy row served with %q, want %q", got, want)
		}
	}},

	{"only safe types are shown; everything else downloads in a sandbox", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("open", true, nil)
		uid, tok := b.user()
		entry := b.journalFolder(uid)
		wantOK(t, b.put(as(tok), "journal-images/"+entry+"/1.svg", "image/svg+xml", svgBytes))
		inline := []string{"image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf", "text/plain; charset=utf-8",
			"audio/mpeg", "audio/ogg", "video/mp4", "video/webm"}
		attachment := []string{"image/svg+xml", "text/html", "application/xhtml+xml", "text/xml", "application/xml",
			"text/javascript", "application/javascript", "application/json", "text/markdown", "text/css", "text/csv",
			"application/octet-stream", "application/x-msdownload", "multipart/x-mixed-replace; boundary=x", "image/x-unknown"}
		type served struct{ Type, Disposition, CSP, Frame, Sniff string }
		get := func(path string) served {
			t.Helper()
			g := b.call(http.MethodGet, path, nil, nobody)
			if g.status != 200 {
				t.Fatalf("GET %s = %d %s", path, g.status, g.body)
			}
			return served{g.header.Get("Content-Type"), g.header.Get("Content-Disposition"), g.header.Get("Content-Security-Policy"),
				g.header.Get("X-Frame-Options"), g.header.Get("X-Content-Type-Options")}
		}
		for i, ct := range append(inline, attachment...) {
			name := fmt.Sprintf("f%d", i)
			wantOK(t, b.put(svc, "open/"+name, ct, []byte("<html><script>alert(document.domain)</script></html>")))
			want := served{ct, "", "frame-ancestors 'self'", "", "nosniff"}
			if i >= len(inline) {
				want = served{ct, "attachment; filename=" + name, "default-src 'none'; sandbox; frame-ancestors 'none'", "DENY", "nosniff"}
			}
			if diff := cmp.Diff(want, get("/object/public/open/"+name)); diff != "" {
				t.Errorf("%s served wrong (-want +got):\n%s", ct, diff)
			}
		}
		// The app's SVGs, and anything asked for with ?download, download.
		want := served{"image/svg+xml", "attachment; filename=1.svg", "default-src 'none'; sandbox; frame-ancestors 'none'", "DENY", "nosniff"}
		if diff := cmp.Diff(want, get("/object/public/journal-images/"+entry+"/1.svg")); diff != "" {
			t.Errorf("svg (-want +got):\n%s", diff)
		}
		want = served{"image/png", "attachment; filename=photo.png", "default-src 'none'; sandbox; frame-ancestors 'none'", "DENY", "nosniff"}
		if diff := cmp.Diff(want, get("/object/public/open/f0?download=photo.png")); diff != "" {
			t.Errorf("?download (-want +got):\n%s", diff)
		}
	}},

	{"encoded uploads are refused and a recorded encoding is not sent", nil, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		// A Windows executable, gzipped: the signature check saw 1f 8b, and
		// a browser would have decoded it back to MZ... on download.
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(append([]byte("MZ\x90\x00\x03"), bytes.Repeat([]byte{0}, 200)...))
		zw.Close()
		path := "task-attachments/" + uid + "/t/report.pdf"
		msg := "Content-Encoding gzip is not accepted: upload the file's own bytes (a compressed file as application/gzip)"
		wantError(t, b.put(as(tok), path, "application/pdf", gz.Bytes(), "Content-Encoding", "gzip"),
			400, "415", "InvalidRequest", "unsupported_content_encoding", msg)
		body, ct := multipartBody("application/pdf", gz.Bytes(), "contentEncoding", "gzip")
		wantError(t, b.call(http.MethodPost, "/object/"+path, body, as(tok), "Content-Type", ct),
			400, "415", "InvalidRequest", "unsupported_content_encoding", msg)
		if keys := b.bucketKeys("task-attachments"); len(keys) != 0 {
			t.Errorf("refused uploads left bytes: %v", keys)
		}
		// identity is no encoding.
		wantOK(t, b.put(as(tok), path, "application/pdf", pdfBytes, "Content-Encoding", "identity"))
		// A row that recorded an encoding is served as stored bytes.
		b.exec(`UPDATE storage.objects SET metadata = metadata || '{"contentEncoding": "gzip"}' WHERE name = $1`, uid+"/t/report.pdf")
		g := b.call(http.MethodGet, "/object/"+path, nil, as(tok))
		wantOK(t, g)
		if ce := g.header.Get("Content-Encoding"); ce != "" || !bytes.Equal(g.body, pdfBytes) {
			t.Errorf("served with Content-Encoding %q, body %q", ce, g.body)
		}
	}},

	{"with a files origin, downloads move there and nothing else is served there", []option{withFilesHost}, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("open", true, nil)
		b.createBucket("closed", false, nil)
		wantOK(t, b.put(svc, "open/page.html", "text/html", []byte("<script>alert(document.domain)</script>")))
		wantOK(t, b.put(svc, "open/doc.pdf", "application/pdf", pdfBytes))
		wantOK(t, b.put(svc, "closed/doc.pdf", "application/pdf", pdfBytes))
		var signed map[string]string
		decode(t, b.callJSON(http.MethodPost, "/object/sign/closed/doc.pdf", map[string]any{"expiresIn": 60}, svc), &signed)

		// On the app's origin, public and signed URLs redirect.
		for _, path := range []string{"/object/public/open/page.html", "/object/public/open/doc.pdf?download", signed["signedURL"]} {
			r := b.callHost(b.appHost, http.MethodGet, path, nobody)
			if want := "http://" + b.filesHost + "/storage/v1" + path; r.status != http.StatusTemporaryRedirect || r.header.Get("Location") != want {
				t.Errorf("GET %s on the app's origin = %d to %q, want 307 to %q", path, r.status, r.header.Get("Location"), want)
			}
		}
		// On the files origin they are served; the inline PDF may be
		// framed by the app, the HTML downloads in a sandbox.
		pdf := b.callHost(b.filesHost, http.MethodGet, "/object/public/open/doc.pdf", nobody)
		if pdf.status != 200 || !bytes.Equal(pdf.body, pdfBytes) || pdf.header.Get("Content-Security-Policy") != "frame-ancestors 'self' http://"+b.appHost {
			t.Errorf("PDF on the files origin: %d %v", pdf.status, pdf.header)
		}
		page := b.callHost(b.filesHost, http.MethodGet, "/object/public/open/page.html", nobody)
		if page.status != 200 || page.header.Get("Content-Disposition") != "attachment; filename=page.html" {
			t.Errorf("HTML on the files origin: %d %v", page.status, page.header)
		}
		if r := b.callHost(b.filesHost, http.MethodGet, signed["signedURL"], nobody); r.status != 200 || !bytes.Equal(r.body, pdfBytes) {
			t.Errorf("signed URL on the files origin: %d %s", r.status, r.body)
		}
		// Authenticated downloads (with a bearer token, never a browser
		// navigation) and everything else stay on the API's origin; the
		// files origin has nothing else.
		if r := b.callHost(b.appHost, http.MethodGet, "/object/closed/doc.pdf", svc); r.status != 200 {
			t.Errorf("authenticated download on the app's origin = %d", r.status)
		}
		for _, tt := range []struct{ method, path string }{
			{http.MethodGet, "/object/closed/doc.pdf"},
			{http.MethodGet, "/object/authenticated/closed/doc.pdf"},
			{http.MethodGet, "/object/info/public/open/doc.pdf"},
			{http.MethodGet, "/bucket"},
			{http.MethodPost, "/object/open/new.txt"},
			{http.MethodDelete, "/object/open/doc.pdf"},
		} {
			r := b.callHost(b.filesHost, tt.method, tt.path, svc)
			wantError(t, r, 400, "404", "NotFound", "Not Found", "This host serves files only")
		}
		if b.objectCount("open") != 2 {
			t.Error("a request to the files origin changed the bucket")
		}
	}},

	{"an upload may take long while it moves; a stalled or cut-short one is the client's error", []option{withBodyTimeout(300 * time.Millisecond)}, func(t *testing.T, b *bundle) {
		uid, tok := b.user()
		path := "/storage/v1/object/task-attachments/" + uid + "/t/"
		chunk := bytes.Repeat([]byte("0123456789abcdef"), 4096) // 64 KiB
		// Eight pieces 100 ms apart: over twice the deadline in all, never
		// 300 ms without a byte.
		status, body := b.rawUpload(tok, path+"steady.txt", 8*len(chunk), func(c *net.TCPConn) {
			for range 8 {
				c.Write(chunk)
				time.Sleep(100 * time.Millisecond)
			}
		})
		if status != 200 {
			t.Fatalf("steady upload: %d %s", status, body)
		}
		if got := b.version("task-attachments", uid+"/t/steady.txt"); got == "" {
			t.Fatal("steady upload not recorded")
		}
		// One piece, then nothing: answered at the idle deadline.
		start := time.Now()
		status, body = b.rawUpload(tok, path+"stalled.txt", 2*len(chunk), func(c *net.TCPConn) { c.Write(chunk) })
		if status != 400 || !strings.Contains(body, `"statusCode":"408"`) || !strings.Contains(body, "The upload stopped sending bytes; try again") {
			t.Errorf("stalled upload: %d %s", status, body)
		}
		if took := time.Since(start); took > 10*time.Second {
			t.Errorf("stalled upload answered after %v", took)
		}
		// Half the bytes, then the client closes its side.
		status, body = b.rawUpload(tok, path+"cut.txt", 2*len(chunk), func(c *net.TCPConn) { c.Write(chunk); c.CloseWrite() })
		if status != 400 || !strings.Contains(body, `"statusCode":"400"`) || !strings.Contains(body, "The upload was cut short; try again") {
			t.Errorf("cut-short upload: %d %s", status, body)
		}
		if keys := b.bucketKeys("task-attachments"); len(keys) != 1 {
			t.Errorf("failed uploads left bytes: %v", keys)
		}
		if strings.Contains(b.logs.String(), "level=ERROR") {
			t.Errorf("a client's failure was logged as the server's:\n%s", b.logs)
		}
	}},
}

// rawUpload sends a raw-body upload whose Content-Length is length over
// its own connection, lets send write the body (or not), and returns the
// answer.
func (b *bundle) rawUpload(tok, path string, length int, send func(*net.TCPConn)) (int, string) {
	b.t.Helper()
	conn, err := net.Dial("tcp", b.appHost)
	if err != nil {
		b.t.Fatal(err)
	}
	defer conn.Close()
	conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "POST %s HTTP/1.1\r\nHost: %s\r\napikey: %s\r\nAuthorization: Bearer %s\r\nContent-Type: text/plain\r\nContent-Length: %d\r\n\r\n",
		path, b.appHost, b.anonKey, tok, length)
	send(conn.(*net.TCPConn))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		b.t.Fatalf("read response: %v", err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, string(data)
}
