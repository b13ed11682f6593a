package transform

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"net/url"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/disintegration/imaging"
	"github.com/gen2brain/webp"
	"github.com/google/go-cmp/cmp"
)

func TestParseQuery(t *testing.T) {
	for _, tc := range []struct {
		query string
		want  Options
		err   string
	}{
		{"", Options{}, ""},
		{"width=200&height=300&quality=70", Options{Width: 200, Height: 300, Quality: 70}, ""},
		{"width=200&resize=contain&format=webp", Options{Width: 200, Resize: Contain, Format: WebP}, ""},
		{"height=1&resize=fill&format=origin", Options{Height: 1, Resize: Fill, Format: Origin}, ""},
		{"width=0&height=0", Options{}, ""},
		{"width=99999", Options{Width: MaxSize}, ""},
		{"format=avif", Options{Format: AVIF}, ""},
		{"width=-1", Options{}, "width must be a whole number of pixels"},
		{"width=1.5", Options{}, "width must be a whole number of pixels"},
		{"height=abc", Options{}, "height must be a whole number of pixels"},
		{"quality=19", Options{}, "quality must be a whole number from 20 to 100"},
		{"quality=101", Options{}, "quality must be a whole number from 20 to 100"},
		{"resize=stretch", Options{}, "resize must be cover, contain or fill"},
		{"format=png", Options{}, "format must be origin, webp or avif"},
	} {
		q, _ := url.ParseQuery(tc.query)
		got, err := ParseQuery(q)
		if tc.err != "" {
			if !errors.Is(err, ErrInvalid) || err.Error() != "invalid transformation: "+tc.err {
				t.Errorf("%q: err %v, want %q", tc.query, err, tc.err)
			}
			continue
		}
		if err != nil || got != tc.want {
			t.Errorf("%q: %+v, %v; want %+v", tc.query, got, err, tc.want)
		}
		// What a signed URL carries reads back the same.
		back, err := ParseSigned(got.String())
		if err != nil || back != got {
			t.Errorf("%q: signed form %q read back as %+v, %v", tc.query, got.String(), back, err)
		}
	}
	if _, err := ParseSigned("width"); !errors.Is(err, ErrInvalid) {
		t.Errorf("ParseSigned(width): %v", err)
	}
}

// halves is a w×h image, red on the left half and blue on the right.
func halves(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			c := color.NRGBA{R: 255, A: 255}
			if x >= w/2 {
				c = color.NRGBA{B: 255, A: 255}
			}
			img.SetNRGBA(x, y, c)
		}
	}
	return img
}

func encoded(t testing.TB, img image.Image, format string) []byte {
	t.Helper()
	var buf bytes.Buffer
	var err error
	switch format {
	case "jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 95})
	case "png":
		err = png.Encode(&buf, img)
	case "gif":
		err = gif.Encode(&buf, img, nil)
	case "webp":
		err = webp.Encode(&buf, img, webp.Options{Lossless: true})
	case "bmp":
		err = imaging.Encode(&buf, img, imaging.BMP)
	case "tiff":
		err = imaging.Encode(&buf, img, imaging.TIFF)
	}
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// source serves data and counts how often it was opened.
func source(key string, data []byte, opens *atomic.Int64) Source {
	return Source{Key: key, Size: int64(len(data)), Open: func(context.Context) (io.ReadCloser, error) {
		if opens != nil {
			opens.Add(1)
		}
		return io.NopCloser(bytes.NewReader(data)), nil
	}}
}

func decodeResult(t *testing.T, res Result) (image.Image, string) {
	t.Helper()
	img, format, err := image.Decode(bytes.NewReader(res.Body))
	if err != nil {
		t.Fatalf("result does not decode: %v", err)
	}
	if want := "image/" + format; res.ContentType != want {
		t.Errorf("content type %q for %s bytes", res.ContentType, format)
	}
	return img, format
}

func TestRenderSizes(t *testing.T) {
	r := New(Config{})
	src := source("s", encoded(t, halves(400, 200), "png"), nil)
	for _, tc := range []struct {
		opts   Options
		w, h   int
		header string
	}{
		{Options{Width: 100, Height: 100}, 100, 100, "height:100,width:100,resizing_type:fill"},
		{Options{Width: 100, Height: 100, Resize: Cover}, 100, 100, "height:100,width:100,resizing_type:fill"},
		{Options{Width: 100, Height: 100, Resize: Contain}, 100, 50, "height:100,width:100,resizing_type:fit"},
		{Options{Width: 100, Height: 100, Resize: Fill}, 100, 100, "height:100,width:100,resizing_type:force"},
		{Options{Width: 200}, 200, 100, "width:200,resizing_type:fill"},
		{Options{Height: 50, Resize: Contain}, 100, 50, "height:50,resizing_type:fit"},
		// Never enlarged: a larger box keeps the source's size, a cover
		// crop is cut to what the source has.
		{Options{Width: 800, Height: 800}, 400, 200, "height:800,width:800,resizing_type:fill"},
		{Options{Width: 800, Height: 100}, 400, 100, "height:100,width:800,resizing_type:fill"},
		{Options{Width: 1000}, 400, 200, "width:1000,resizing_type:fill"},
		{Options{Width: 800, Height: 800, Resize: Fill}, 400, 200, "height:800,width:800,resizing_type:force"},
		{Options{Quality: 50}, 400, 200, "quality:50"},
	} {
		res, err := r.Render(context.Background(), src, tc.opts, "*/*")
		if err != nil {
			t.Fatalf("%+v: %v", tc.opts, err)
		}
		img, format := decodeResult(t, res)
		if b := img.Bounds(); b.Dx() != tc.w || b.Dy() != tc.h || format != "png" {
			t.Errorf("%+v: %dx%d %s, want %dx%d png", tc.opts, b.Dx(), b.Dy(), format, tc.w, tc.h)
		}
		if res.Transformations != tc.header {
			t.Errorf("%+v: X-Transformations %q, want %q", tc.opts, res.Transformations, tc.header)
		}
	}

	// Cover keeps the middle: a 2:1 red|blue image cut to a square is half
	// red, half blue. Fill squeezes the whole image in.
	check := func(opts Options, x int, want color.Color) {
		t.Helper()
		res, err := r.Render(context.Background(), src, opts, "")
		if err != nil {
			t.Fatal(err)
		}
		img, _ := decodeResult(t, res)
		gr, gg, gb, _ := img.At(x, 50).RGBA()
		wr, wg, wb, _ := want.RGBA()
		if absDiff(gr, wr) > 0x1000 || absDiff(gg, wg) > 0x1000 || absDiff(gb, wb) > 0x1000 {
			t.Errorf("%+v: pixel (%d,50) = %v, want %v", opts, x, img.At(x, 50), want)
		}
	}
	red, blue := color.NRGBA{R: 255, A: 255}, color.NRGBA{B: 255, A: 255}
	check(Options{Width: 100, Height: 100}, 10, red)
	check(Options{Width: 100, Height: 100}, 90, blue)
	check(Options{Width: 100, Height: 100, Resize: Fill}, 40, red)
	check(Options{Width: 100, Height: 100, Resize: Fill}, 60, blue)
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestRenderFormats(t *testing.T) {
	r := New(Config{})
	ctx := context.Background()
	img := halves(64, 32)
	for _, format := range []string{"jpeg", "png", "gif", "webp", "bmp", "tiff"} {
		src := source(format, encoded(t, img, format), nil)
		for _, tc := range []struct {
			opts   Options
			accept string
			want   string
		}{
			{Options{Width: 32}, "*/*", format},
			{Options{Width: 32}, "image/avif,image/webp,image/apng,image/*,*/*;q=0.8", "webp"},
			{Options{Width: 32, Format: Origin}, "image/webp,*/*", format},
			{Options{Width: 32, Format: WebP}, "", "webp"},
			{Options{Width: 32, Format: AVIF}, "image/avif", "webp"},
		} {
			res, err := r.Render(ctx, src, tc.opts, tc.accept)
			if err != nil {
				t.Fatalf("%s %+v: %v", format, tc.opts, err)
			}
			got, gotFormat := decodeResult(t, res)
			if gotFormat != tc.want || got.Bounds().Dx() != 32 || got.Bounds().Dy() != 16 {
				t.Errorf("%s %+v accept %q: %s %v, want %s 32x16", format, tc.opts, tc.accept, gotFormat, got.Bounds(), tc.want)
			}
		}
	}
}

// A smaller quality makes a smaller JPEG; the default is 80.
func TestRenderQuality(t *testing.T) {
	r := New(Config{CacheBytes: -1})
	photo := image.NewNRGBA(image.Rect(0, 0, 256, 256))
	for i := range photo.Pix {
		photo.Pix[i] = uint8(i*7 + i/97)
	}
	src := source("q", encoded(t, photo, "jpeg"), nil)
	size := func(q int) int {
		res, err := r.Render(context.Background(), src, Options{Width: 200, Quality: q}, "")
		if err != nil {
			t.Fatal(err)
		}
		return len(res.Body)
	}
	if lo, def, hi := size(20), size(0), size(95); !(lo < def && def < hi) {
		t.Errorf("sizes at quality 20, default, 95: %d, %d, %d", lo, def, hi)
	}
}

// Nothing to do (no resize, no quality, same format): the original bytes,
// not a re-encoding.
func TestRenderNothingToDo(t *testing.T) {
	data := encoded(t, halves(40, 20), "jpeg")
	res, err := New(Config{}).Render(context.Background(), source("n", data, nil), Options{}, "*/*")
	if err != nil || !res.Original || !bytes.Equal(res.Body, data) || res.ContentType != "image/jpeg" {
		t.Errorf("got original %v, %d bytes, %s, err %v", res.Original, len(res.Body), res.ContentType, err)
	}
}

// The header decides: an image that declares more pixels than allowed is
// refused before its bitmap exists, a source over the size limit before it
// is read, anything but a supported image as unsupported.
func TestRenderRefusals(t *testing.T) {
	r := New(Config{MaxSourceBytes: 1 << 20, MaxPixels: 1000 * 1000})
	ctx := context.Background()
	bomb := pngHeaderOnly(100_000, 100_000) // 40 GB as RGBA
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := r.Render(ctx, source("bomb", bomb, nil), Options{Width: 10}, "")
	runtime.ReadMemStats(&after)
	if !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("bomb: %v", err)
	}
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 8<<20 {
		t.Errorf("refusing the bomb allocated %d bytes", grew)
	}
	_, err = r.Render(ctx, source("wide", encoded(t, halves(2000, 600), "png"), nil), Options{Width: 10}, "")
	if !errors.Is(err, ErrTooManyPixels) {
		t.Errorf("1.2 MP over a 1 MP limit: %v", err)
	}

	var opens atomic.Int64
	big := Source{Key: "big", Size: 2 << 20, Open: func(context.Context) (io.ReadCloser, error) {
		opens.Add(1)
		return io.NopCloser(bytes.NewReader(nil)), nil
	}}
	if _, err := r.Render(ctx, big, Options{Width: 10}, ""); !errors.Is(err, ErrSourceTooLarge) || opens.Load() != 0 {
		t.Errorf("declared too large: %v, opened %d times", err, opens.Load())
	}
	unknown := source("unknown", make([]byte, 2<<20), nil)
	unknown.Size = -1
	if _, err := r.Render(ctx, unknown, Options{Width: 10}, ""); !errors.Is(err, ErrSourceTooLarge) {
		t.Errorf("read too large: %v", err)
	}
	for name, data := range map[string][]byte{
		"text":      []byte("hello, world"),
		"svg":       []byte(`<svg xmlns="http://www.w3.org/2000/svg"/>`),
		"truncated": encoded(t, halves(40, 20), "png")[:60],
	} {
		if _, err := r.Render(ctx, source(name, data, nil), Options{Width: 10}, ""); !errors.Is(err, ErrUnsupported) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// pngHeaderOnly is the start of a PNG that declares w×h pixels.
func pngHeaderOnly(w, h uint32) []byte {
	var b bytes.Buffer
	b.WriteString("\x89PNG\r\n\x1a\n")
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	binary.Write(&b, binary.BigEndian, uint32(len(ihdr)))
	chunk := append([]byte("IHDR"), ihdr...)
	b.Write(chunk)
	binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(chunk))
	b.WriteString("\x00\x00\x00\x00IDAT\x35\xaf\x06\x1e")
	return b.Bytes()
}

// A photo taken sideways (EXIF orientation 6) comes out upright.
func TestRenderFollowsEXIFOrientation(t *testing.T) {
	data := withOrientation(encoded(t, halves(40, 20), "jpeg"), 6)
	res, err := New(Config{}).Render(context.Background(), source("exif", data, nil), Options{Width: 40, Quality: 90}, "")
	if err != nil {
		t.Fatal(err)
	}
	img, _ := decodeResult(t, res)
	if b := img.Bounds(); b.Dx() != 20 || b.Dy() != 40 {
		t.Errorf("rotated size %v, want 20x40", b)
	}
}

// withOrientation inserts an EXIF APP1 segment with one Orientation tag
// after a JPEG's SOI marker.
func withOrientation(jpg []byte, o uint16) []byte {
	var tiff bytes.Buffer
	tiff.WriteString("MM\x00\x2a")
	binary.Write(&tiff, binary.BigEndian, uint32(8))           // IFD offset
	binary.Write(&tiff, binary.BigEndian, uint16(1))           // one entry
	binary.Write(&tiff, binary.BigEndian, []uint16{0x0112, 3}) // Orientation, SHORT
	binary.Write(&tiff, binary.BigEndian, uint32(1))           // count
	binary.Write(&tiff, binary.BigEndian, []uint16{o, 0})      // value, padded
	binary.Write(&tiff, binary.BigEndian, uint32(0))           // no next IFD
	payload := append([]byte("Exif\x00\x00"), tiff.Bytes()...)
	seg := []byte{0xff, 0xe1, byte((len(payload) + 2) >> 8), byte(len(payload) + 2)}
	out := append([]byte{}, jpg[:2]...)
	out = append(out, seg...)
	out = append(out, payload...)
	return append(out, jpg[2:]...)
}

// Results are cached by source key and options; concurrent requests for
// the same render read the source once; the source is never written.
func TestRenderCache(t *testing.T) {
	r := New(Config{})
	data := encoded(t, halves(400, 200), "png")
	orig := bytes.Clone(data)
	var opens atomic.Int64
	src := source("k", data, &opens)
	ctx := context.Background()
	var wg sync.WaitGroup
	results := make([]Result, 8)
	for i := range results {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := r.Render(ctx, src, Options{Width: 100}, "")
			if err != nil {
				t.Error(err)
			}
			results[i] = res
		}()
	}
	wg.Wait()
	if n := opens.Load(); n != 1 {
		t.Errorf("8 concurrent renders opened the source %d times", n)
	}
	for _, res := range results[1:] {
		if !bytes.Equal(res.Body, results[0].Body) {
			t.Error("renders differ")
		}
	}
	r.Render(ctx, src, Options{Width: 100}, "")
	if n := opens.Load(); n != 1 {
		t.Errorf("a cached render opened the source again (%d)", n)
	}
	r.Render(ctx, src, Options{Width: 50}, "")
	r.Render(ctx, src, Options{Width: 100}, "image/webp")
	if n := opens.Load(); n != 3 {
		t.Errorf("other options or another format must render anew: %d opens, want 3", n)
	}
	if diff := cmp.Diff(orig, data); diff != "" {
		t.Error("the source bytes changed")
	}
}

func TestCacheEvictsLeastRecentlyUsed(t *testing.T) {
	c := newCache(10)
	put := func(k string, n int) { c.put(k, Result{Body: make([]byte, n)}) }
	put("a", 4)
	put("b", 4)
	c.get("a") // a is now the most recent
	put("c", 4)
	var got []string
	for _, k := range []string{"a", "b", "c"} {
		if _, ok := c.get(k); ok {
			got = append(got, k)
		}
	}
	if diff := cmp.Diff([]string{"a", "c"}, got); diff != "" || c.size != 8 {
		t.Errorf("kept (-want +got):\n%s size %d", diff, c.size)
	}
	put("huge", 11)
	if _, ok := c.get("huge"); ok {
		t.Error("an entry larger than the budget was kept")
	}
}

// BenchmarkRender: a 12 MP photo to a 400 px thumbnail, as JPEG and as
// WebP (figures in docs/benchmarks.md, issue 25).
func BenchmarkRender(b *testing.B) {
	photo := image.NewNRGBA(image.Rect(0, 0, 4000, 3000))
	for y := 0; y < 3000; y++ {
		for x := 0; x < 4000; x++ {
			i := photo.PixOffset(x, y)
			photo.Pix[i], photo.Pix[i+1], photo.Pix[i+2], photo.Pix[i+3] = uint8(x/16), uint8(y/12), uint8((x+y)/28), 255
		}
	}
	data := encoded(b, photo, "jpeg")
	for _, accept := range []string{"*/*", "image/webp"} {
		b.Run(fmt.Sprintf("accept=%s", accept), func(b *testing.B) {
			r := New(Config{CacheBytes: -1})
			src := source("bench", data, nil)
			b.SetBytes(int64(len(data)))
			for b.Loop() {
				if _, err := r.Render(context.Background(), src, Options{Width: 400}, accept); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// A caller that gives up while the render waits for a slot must not take
// the render down for another caller of the same image.
func TestRenderOutlivesTheCallerWhoStartedIt(t *testing.T) {
	r := New(Config{Concurrency: 1})
	release := make(chan struct{})
	busy := Source{Key: "busy", Size: -1, Open: func(context.Context) (io.ReadCloser, error) {
		<-release
		return io.NopCloser(bytes.NewReader(encoded(t, halves(40, 20), "png"))), nil
	}}
	go r.Render(context.Background(), busy, Options{Width: 10}, "") // holds the only slot
	for len(r.slots) == 0 {
		time.Sleep(time.Millisecond)
	}
	src := source("shared", encoded(t, halves(400, 200), "png"), nil)
	first, leave := context.WithCancel(context.Background())
	firstErr := make(chan error, 1)
	go func() {
		_, err := r.Render(first, src, Options{Width: 100}, "")
		firstErr <- err
	}()
	time.Sleep(20 * time.Millisecond) // the first caller starts the render
	second := make(chan error, 1)
	var res Result
	go func() {
		var err error
		res, err = r.Render(context.Background(), src, Options{Width: 100}, "")
		second <- err
	}()
	time.Sleep(50 * time.Millisecond) // both wait on the one render
	leave()
	wait := func(ch chan error) error {
		select {
		case err := <-ch:
			return err
		case <-time.After(10 * time.Second):
			t.Fatal("a caller is still waiting after 10 s")
			return nil
		}
	}
	if err := wait(firstErr); !errors.Is(err, context.Canceled) {
		t.Errorf("the caller who left: %v, want context.Canceled", err)
	}
	close(release)
	if err := wait(second); err != nil {
		t.Fatalf("the caller who stayed: %v", err)
	}
	if img, _ := decodeResult(t, res); img.Bounds().Dx() != 100 {
		t.Errorf("width %d, want 100", img.Bounds().Dx())
	}
}
