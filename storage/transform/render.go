package transform

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/disintegration/imaging"
	"github.com/gen2brain/webp"
	_ "golang.org/x/image/bmp"  // decode BMP sources
	_ "golang.org/x/image/tiff" // decode TIFF sources
	"golang.org/x/sync/singleflight"
)

// The refusals a source can cause; the storage service answers them with
// the hosted API's texts.
var (
	ErrUnsupported    = errors.New("transform: source is not an image of a supported format")
	ErrSourceTooLarge = errors.New("transform: source file too large")
	ErrTooManyPixels  = errors.New("transform: source resolution too large")
)

// Config bounds the renderer. Zero fields take the defaults.
type Config struct {
	// MaxSourceBytes is the largest original that is rendered. Default
	// 25 MB, the hosted limit.
	MaxSourceBytes int64
	// MaxPixels bounds width × height as the image header declares them,
	// checked before decoding. Default 50 million (the hosted 50 MP): a
	// decoded bitmap then needs at most about 200 MB.
	MaxPixels int64
	// Concurrency is how many images are decoded and resized at once;
	// more wait. Default GOMAXPROCS.
	Concurrency int
	// CacheBytes is the memory kept for recent results (least recently
	// used dropped first). Default 64 MiB; negative turns the cache off.
	CacheBytes int64
}

// Renderer renders transformations. It is safe for concurrent use.
type Renderer struct {
	cfg   Config
	slots chan struct{}
	cache *cache
	group singleflight.Group
}

// New returns a renderer with cfg's limits.
func New(cfg Config) *Renderer {
	if cfg.MaxSourceBytes <= 0 {
		cfg.MaxSourceBytes = 25_000_000
	}
	if cfg.MaxPixels <= 0 {
		cfg.MaxPixels = 50_000_000
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = runtime.GOMAXPROCS(0)
	}
	if cfg.CacheBytes == 0 {
		cfg.CacheBytes = 64 << 20
	}
	return &Renderer{cfg: cfg, slots: make(chan struct{}, cfg.Concurrency), cache: newCache(max(cfg.CacheBytes, 0))}
}

// Source is an original image.
type Source struct {
	// Key identifies the original's bytes for the cache: it must change
	// whenever they do (the storage service uses bucket and version).
	Key string
	// Size is the stored size in bytes, -1 when unknown; a size over the
	// limit is refused before anything is read.
	Size int64
	// Open reads the original. The renderer only ever reads it.
	Open func(ctx context.Context) (io.ReadCloser, error)
}

// Result is a rendered image.
type Result struct {
	Body        []byte
	ContentType string
	// Transformations is the X-Transformations header value.
	Transformations string
	// Original reports that Body is the source itself (nothing to do).
	Original bool
}

// Render applies o to src for a client whose Accept header is accept.
func (r *Renderer) Render(ctx context.Context, src Source, o Options, accept string) (Result, error) {
	if src.Size > r.cfg.MaxSourceBytes {
		return Result{}, ErrSourceTooLarge
	}
	webpOK := acceptsWebP(accept)
	key := fmt.Sprintf("%s|%s|%t", src.Key, o, webpOK)
	if res, ok := r.cache.get(key); ok {
		return res, nil
	}
	// The render is shared by every caller asking for key at once, so it
	// runs on none of their contexts: one that leaves, even while waiting
	// for a slot, neither cancels it for the others nor keeps its result
	// from the cache. renderTimeout bounds it instead.
	ch := r.group.DoChan(key, func() (any, error) {
		work, cancel := context.WithTimeout(context.WithoutCancel(ctx), renderTimeout)
		defer cancel()
		select {
		case r.slots <- struct{}{}:
		case <-work.Done():
			return nil, fmt.Errorf("transform: waiting for a render slot: %w", work.Err())
		}
		defer func() { <-r.slots }()
		res, err := r.render(work, src, o, webpOK)
		if err == nil && !res.Original {
			r.cache.put(key, res)
		}
		return res, err
	})
	select {
	case done := <-ch:
		if done.Err != nil {
			return Result{}, done.Err
		}
		return done.Val.(Result), nil
	case <-ctx.Done():
		return Result{}, fmt.Errorf("transform: %w", ctx.Err())
	}
}

// renderTimeout bounds one shared render, its wait for a slot included.
const renderTimeout = 30 * time.Second

// acceptsWebP reports whether an Accept header lists image/webp (browsers
// send it for <img>); wildcards do not count, as with imgproxy.
func acceptsWebP(accept string) bool {
	for part := range strings.SplitSeq(accept, ",") {
		mt, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(mt), "image/webp") && !strings.Contains(strings.ReplaceAll(params, " ", ""), "q=0") {
			return true
		}
	}
	return false
}

// formats are the sources rendered and their content types.
var formats = map[string]string{
	"jpeg": "image/jpeg", "png": "image/png", "gif": "image/gif", "webp": "image/webp",
	"bmp": "image/bmp", "tiff": "image/tiff",
}

func (r *Renderer) render(ctx context.Context, src Source, o Options, webpOK bool) (Result, error) {
	rc, err := src.Open(ctx)
	if err != nil {
		return Result{}, fmt.Errorf("open source: %w", err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, r.cfg.MaxSourceBytes+1))
	if err != nil {
		return Result{}, fmt.Errorf("read source: %w", err)
	}
	if int64(len(data)) > r.cfg.MaxSourceBytes {
		return Result{}, ErrSourceTooLarge
	}
	// The header says how large the bitmap would be; refuse before
	// allocating it.
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil || formats[format] == "" {
		return Result{}, ErrUnsupported
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > r.cfg.MaxPixels {
		return Result{}, ErrTooManyPixels
	}

	out := format
	switch {
	case o.Format == WebP || o.Format == AVIF:
		out = "webp"
	case o.Format == Auto && webpOK:
		out = "webp"
	}
	header := o.header(out)
	if !o.resizes() && o.Quality == 0 && out == format {
		return Result{Body: data, ContentType: formats[format], Transformations: header, Original: true}, nil
	}

	img, err := imaging.Decode(bytes.NewReader(data), imaging.AutoOrientation(true))
	if err != nil {
		return Result{}, ErrUnsupported
	}
	img = resize(img, o)

	q := o.Quality
	if q == 0 {
		q = DefaultQuality
	}
	var buf bytes.Buffer
	switch out {
	case "jpeg":
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: q})
	case "png":
		err = png.Encode(&buf, img)
	case "gif":
		// The first frame: animations are not re-encoded.
		err = gif.Encode(&buf, img, &gif.Options{NumColors: 256})
	case "webp":
		err = webp.Encode(&buf, img, webp.Options{Quality: q})
	case "bmp":
		err = imaging.Encode(&buf, img, imaging.BMP)
	case "tiff":
		err = imaging.Encode(&buf, img, imaging.TIFF)
	}
	if err != nil {
		return Result{}, fmt.Errorf("encode %s: %w", out, err)
	}
	return Result{Body: buf.Bytes(), ContentType: formats[out], Transformations: header}, nil
}

// resize fits img to o's box. Images are never enlarged (imgproxy's
// default): a box larger than the source leaves the source's size, and a
// cover crop of a small source is cut to what the source has.
func resize(img image.Image, o Options) image.Image {
	b := img.Bounds()
	sw, sh := float64(b.Dx()), float64(b.Dy())
	w, h := float64(o.Width), float64(o.Height)
	scaled := func(scale float64) image.Image {
		if scale >= 1 {
			return img
		}
		return shrink(img, max(1, int(math.Round(sw*scale))), max(1, int(math.Round(sh*scale))))
	}
	switch {
	case w == 0 && h == 0:
		return img
	case h == 0:
		return scaled(w / sw)
	case w == 0:
		return scaled(h / sh)
	}
	switch o.mode() {
	case Fill:
		tw, th := min(int(w), b.Dx()), min(int(h), b.Dy())
		if tw == b.Dx() && th == b.Dy() {
			return img
		}
		return shrink(img, tw, th)
	case Contain:
		return scaled(min(w/sw, h/sh))
	default: // Cover
		r := scaled(max(w/sw, h/sh))
		rb := r.Bounds()
		cw, ch := min(int(w), rb.Dx()), min(int(h), rb.Dy())
		if cw == rb.Dx() && ch == rb.Dy() {
			return r
		}
		return imaging.CropCenter(r, cw, ch)
	}
}

// shrink resizes img to w×h with Lanczos. A large reduction first averages
// boxes down to twice the target, which costs a fraction of a Lanczos
// kernel stretched over the whole ratio and looks the same: a 12 MP photo
// becomes a 400 px thumbnail several times faster.
func shrink(img image.Image, w, h int) image.Image {
	b := img.Bounds()
	if b.Dx() > 4*w && b.Dy() > 4*h {
		img = imaging.Resize(img, 2*w, 2*h, imaging.Box)
	}
	return imaging.Resize(img, w, h, imaging.Lanczos)
}
