package storage_test

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"image"
	"image/color"
	"image/jpeg"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	_ "github.com/gen2brain/webp" // decode WebP answers
	"github.com/google/go-cmp/cmp"
)

// photo is a w×h JPEG, red on the left half and blue on the right.
func photo(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{R: 220, A: 255}
			if x >= w/2 {
				c = color.NRGBA{B: 220, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// imageOf decodes an answer's body and checks its type against the
// Content-Type it came with.
func imageOf(t *testing.T, r resp) (w, h int, format string) {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d: %s", r.status, r.body)
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(r.body))
	if err != nil {
		t.Fatalf("answer is not an image (%s): %v", r.header.Get("Content-Type"), err)
	}
	if ct := r.header.Get("Content-Type"); ct != "image/"+format {
		t.Errorf("Content-Type %q for %s bytes", ct, format)
	}
	return cfg.Width, cfg.Height, format
}

// Image transformations (/render/image) on both stores: the three routes
// of storage-js's transform option, access as for the object, the hosted
// API's X-Transformations, format negotiation, limits, and originals that
// stay as they were.
var renderCases = []testCase{
	{"render resizes with the object's access rules", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("pics", false, nil)
		b.createBucket("pub", true, nil)
		src := photo(t, 400, 200)
		wantOK(t, b.put(svc, "pics/cat.jpg", "image/jpeg", src))
		wantOK(t, b.put(svc, "pub/cat.jpg", "image/jpeg", src))
		before := b.bucketKeys("pics")

		for _, tc := range []struct {
			query, accept string
			w, h          int
			format        string
			header        string
		}{
			{"width=100&height=100", "", 100, 100, "jpeg", "height:100,width:100,resizing_type:fill"},
			{"width=100&height=100&resize=contain", "", 100, 50, "jpeg", "height:100,width:100,resizing_type:fit"},
			{"width=100&height=100&resize=fill", "", 100, 100, "jpeg", "height:100,width:100,resizing_type:force"},
			{"width=200&quality=60", "", 200, 100, "jpeg", "width:200,resizing_type:fill,quality:60"},
			{"width=200", "image/avif,image/webp,*/*", 200, 100, "webp", "width:200,resizing_type:fill"},
			{"width=200&format=origin", "image/webp", 200, 100, "jpeg", "width:200,resizing_type:fill"},
			{"width=200&format=webp", "", 200, 100, "webp", "width:200,resizing_type:fill,format:webp"},
			{"width=2000&height=2000", "", 400, 200, "jpeg", "height:2000,width:2000,resizing_type:fill"},
		} {
			r := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?"+tc.query, nil, svc, "Accept", tc.accept)
			w, h, format := imageOf(t, r)
			if w != tc.w || h != tc.h || format != tc.format {
				t.Errorf("%s (Accept %q): %dx%d %s, want %dx%d %s", tc.query, tc.accept, w, h, format, tc.w, tc.h, tc.format)
			}
			if got := r.header.Get("X-Transformations"); got != tc.header {
				t.Errorf("%s: X-Transformations %q, want %q", tc.query, got, tc.header)
			}
			if r.header.Get("ETag") == "" || r.header.Get("Last-Modified") == "" || r.header.Get("X-Content-Type-Options") != "nosniff" {
				t.Errorf("%s: headers %v", tc.query, r.header)
			}
		}
		// The format follows Accept unless one was asked for.
		r := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=50", nil, svc)
		if r.header.Get("Vary") != "Accept" {
			t.Errorf("Vary %q", r.header.Get("Vary"))
		}
		// Revalidation and ranges work as for downloads.
		etag := r.header.Get("ETag")
		if nm := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=50", nil, svc, "If-None-Match", etag); nm.status != http.StatusNotModified {
			t.Errorf("If-None-Match: %d", nm.status)
		}
		if other := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=60", nil, svc); other.header.Get("ETag") == etag {
			t.Error("another rendering has the same ETag")
		}
		if rg := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=50", nil, svc, "Range", "bytes=0-9"); rg.status != http.StatusPartialContent || len(rg.body) != 10 {
			t.Errorf("Range: %d, %d bytes", rg.status, len(rg.body))
		}
		if hd := b.call(http.MethodHead, "/render/image/authenticated/pics/cat.jpg?width=50", nil, svc); hd.status != http.StatusOK || len(hd.body) != 0 || hd.header.Get("Content-Type") != "image/jpeg" {
			t.Errorf("HEAD: %d %v", hd.status, hd.header)
		}
		if dl := b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=50&download=thumb.jpg", nil, svc); !strings.Contains(dl.header.Get("Content-Disposition"), "thumb.jpg") {
			t.Errorf("download: Content-Disposition %q", dl.header.Get("Content-Disposition"))
		}

		// Public buckets render for anyone; private ones only for who may
		// read the object.
		if w, h, _ := imageOf(t, b.call(http.MethodGet, "/render/image/public/pub/cat.jpg?width=40", nil, nobody)); w != 40 || h != 20 {
			t.Errorf("public: %dx%d", w, h)
		}
		wantError(t, b.call(http.MethodGet, "/render/image/public/pics/cat.jpg?width=40", nil, nobody),
			400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")
		_, tok := b.user()
		wantError(t, b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=40", nil, as(tok)),
			400, "404", "NoSuchKey", "not_found", "Object not found")
		wantError(t, b.call(http.MethodGet, "/render/image/authenticated/pics/cat.jpg?width=40", nil, nobody),
			400, "404", "NoSuchBucket", "Bucket not found", "Bucket not found")

		// Originals are never changed, and renders store nothing.
		orig := b.call(http.MethodGet, "/object/pics/cat.jpg", nil, svc)
		if !bytes.Equal(orig.body, src) || orig.header.Get("ETag") != etagOf(src) {
			t.Error("the original's bytes or ETag changed")
		}
		if diff := cmp.Diff(before, b.bucketKeys("pics")); diff != "" {
			t.Errorf("stored keys changed (-before +after):\n%s", diff)
		}
	}},

	{"signed render URLs carry their transformations", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("pics", false, nil)
		wantOK(t, b.put(svc, "pics/cat.jpg", "image/jpeg", photo(t, 400, 200)))
		sign := func(body map[string]any) string {
			t.Helper()
			r := b.callJSON(http.MethodPost, "/object/sign/pics/cat.jpg", body, svc)
			wantOK(t, r)
			var got struct{ SignedURL string }
			json.Unmarshal(r.body, &got)
			return got.SignedURL
		}
		signed := sign(map[string]any{"expiresIn": 60, "transform": map[string]any{"width": 200, "height": 200, "quality": 60}})
		if !strings.HasPrefix(signed, "/render/image/sign/pics/cat.jpg?token=") {
			t.Fatalf("signedURL %q", signed)
		}
		// No credentials needed; the query cannot change what was signed.
		r := b.call(http.MethodGet, signed+"&width=10", nil, nobody)
		if w, h, _ := imageOf(t, r); w != 200 || h != 200 {
			t.Errorf("signed render %dx%d, want 200x200", w, h)
		}
		if got, want := r.header.Get("X-Transformations"), "height:200,width:200,resizing_type:fill,quality:60"; got != want {
			t.Errorf("X-Transformations %q, want %q (storage-js's test)", got, want)
		}
		// An empty transform is a plain signed URL.
		if plain := sign(map[string]any{"expiresIn": 60, "transform": map[string]any{}}); !strings.HasPrefix(plain, "/object/sign/") {
			t.Errorf("empty transform signed %q", plain)
		}
		// The token is bound to its path; it expires.
		u, _ := url.Parse(signed)
		wantError(t, b.call(http.MethodGet, "/render/image/sign/pics/dog.jpg?"+u.RawQuery, nil, nobody),
			400, "400", "InvalidSignature", "InvalidSignature", "Invalid signature")
		b.clockShift.Store(int64(-2 * time.Hour))
		old := sign(map[string]any{"expiresIn": 60, "transform": map[string]any{"width": 20}})
		b.clockShift.Store(0)
		wantError(t, b.call(http.MethodGet, old, nil, nobody), 400, "400", "ExpiredToken", "ExpiredToken", "The provided token has expired.")
		wantError(t, b.callJSON(http.MethodPost, "/object/sign/pics/cat.jpg", map[string]any{"expiresIn": 60, "transform": map[string]any{"width": "wide"}}, svc),
			400, "400", "InvalidRequest", "InvalidRequest", "width must be a whole number of pixels")
	}},

	{"render refuses what it cannot or must not decode", nil, func(t *testing.T, b *bundle) {
		svc := as(b.serviceKey)
		b.createBucket("pics", false, nil)
		wantOK(t, b.put(svc, "pics/notes.txt", "text/plain", []byte("hello")))
		wantOK(t, b.put(svc, "pics/bomb.png", "image/png", pngDeclaring(60_000, 60_000)))
		wantOK(t, b.put(svc, "pics/cat.jpg", "image/jpeg", photo(t, 40, 20)))
		for _, tc := range []struct{ path, status, code, message string }{
			{"notes.txt?width=10", "400", "InvalidRequest", "The source image is invalid or unsupported for rendering"},
			{"bomb.png?width=10", "400", "InvalidRequest", "The source image resolution is too large to process"},
			{"cat.jpg?width=abc", "400", "InvalidRequest", "width must be a whole number of pixels"},
			{"cat.jpg?quality=5", "400", "InvalidRequest", "quality must be a whole number from 20 to 100"},
			{"cat.jpg?resize=stretch", "400", "InvalidRequest", "resize must be cover, contain or fill"},
			{"missing.jpg?width=10", "404", "NoSuchKey", "Object not found"},
		} {
			r := b.call(http.MethodGet, "/render/image/authenticated/pics/"+tc.path, nil, svc)
			name := tc.code
			if tc.code == "NoSuchKey" {
				name = "not_found"
			}
			wantError(t, r, 400, tc.status, tc.code, name, tc.message)
		}
	}},
}

// pngDeclaring is a PNG header that declares w×h RGBA pixels and has no
// image data: an image bomb's first bytes.
func pngDeclaring(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	return b.Bytes()
}
