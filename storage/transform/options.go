// Package transform renders the image transformations of the hosted
// storage API (/storage/v1/render/image/...): resize to a width and/or a
// height in one of three modes, re-encode at a quality, in the source's
// format or as WebP. The hosted API hands this to imgproxy; here it is
// github.com/disintegration/imaging for the pixels, the standard library
// for JPEG, PNG and GIF and github.com/gen2brain/webp (libwebp compiled to
// WebAssembly, so no cgo) for WebP.
//
// A [Renderer] checks a source's size and its dimensions from the image
// header before decoding anything, so a small file that would decode to a
// huge bitmap (an image bomb) is refused cheaply; it renders a bounded
// number of images at a time, and keeps recent results in memory. It
// never writes: originals are only ever read.
//
//	opts, err := transform.ParseQuery(r.URL.Query())
//	res, err := renderer.Render(ctx, transform.Source{Key: key, Size: size, Open: open}, opts, r.Header.Get("Accept"))
package transform

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
	"strings"
)

// Resize is how an image is fitted to a width and a height.
type Resize string

const (
	// Cover keeps the aspect ratio, fills the box and crops what
	// projects beyond it (imgproxy's fill). The default.
	Cover Resize = "cover"
	// Contain keeps the aspect ratio and fits inside the box (fit).
	Contain Resize = "contain"
	// Fill stretches to the box, ignoring the aspect ratio (force).
	Fill Resize = "fill"
)

// resizingType is imgproxy's name for a mode, which the hosted API reports
// in X-Transformations.
var resizingType = map[Resize]string{Cover: "fill", Contain: "fit", Fill: "force"}

// Format is the requested output format.
type Format string

const (
	// Auto (no format asked): WebP when the client's Accept lists it,
	// else the source's format — the hosted API's automatic optimisation.
	Auto Format = ""
	// Origin keeps the source's format whatever the client accepts.
	Origin Format = "origin"
	WebP   Format = "webp"
	// AVIF is accepted from clients, but no AVIF encoder installs here:
	// the answer is WebP, which every browser that shows AVIF shows too
	// (docs/decisions.md, "Image transformations").
	AVIF Format = "avif"
)

// Limits of the hosted service (docs/guides/storage/serving/image-
// transformations): width and height 1 to 2500, quality 20 to 100.
const (
	MinSize        = 1
	MaxSize        = 2500
	MinQuality     = 20
	MaxQuality     = 100
	DefaultQuality = 80
)

// Options are the transformations of one request. The zero value asks for
// nothing but the automatic format.
type Options struct {
	Width, Height int    // 0: not set; otherwise clamped to MinSize..MaxSize
	Resize        Resize // Cover when empty
	Quality       int    // 0: DefaultQuality
	Format        Format
}

// ErrInvalid wraps every refusal of ParseQuery and ParseSigned; the
// message names the parameter, for the client.
var ErrInvalid = errors.New("invalid transformation")

// ParseQuery reads width, height, resize, quality and format from a query
// string, as getPublicUrl, createSignedUrl and download send them.
func ParseQuery(q url.Values) (Options, error) {
	get := func(k string) string { return q.Get(k) }
	return parse(get)
}

// ParseSigned reads the transformations a signed URL's token carries, in
// the form [Options.String] writes.
func ParseSigned(s string) (Options, error) {
	vals := map[string]string{}
	for part := range strings.SplitSeq(s, ",") {
		k, v, ok := strings.Cut(part, ":")
		if part == "" {
			continue
		}
		if !ok {
			return Options{}, fmt.Errorf("%w: %q", ErrInvalid, part)
		}
		vals[k] = v
	}
	return parse(func(k string) string { return vals[k] })
}

func parse(get func(string) string) (Options, error) {
	var o Options
	var err error
	if o.Width, err = dimension(get("width"), "width"); err != nil {
		return o, err
	}
	if o.Height, err = dimension(get("height"), "height"); err != nil {
		return o, err
	}
	switch r := Resize(get("resize")); r {
	case "", Cover, Contain, Fill:
		o.Resize = r
	default:
		return o, fmt.Errorf("%w: resize must be cover, contain or fill", ErrInvalid)
	}
	if v := get("quality"); v != "" {
		q, err := strconv.Atoi(v)
		if err != nil || q < MinQuality || q > MaxQuality {
			return o, fmt.Errorf("%w: quality must be a whole number from %d to %d", ErrInvalid, MinQuality, MaxQuality)
		}
		o.Quality = q
	}
	switch f := Format(get("format")); f {
	case Auto, Origin, WebP, AVIF:
		o.Format = f
	default:
		return o, fmt.Errorf("%w: format must be origin, webp or avif", ErrInvalid)
	}
	return o, nil
}

// dimension reads a width or height: a whole number, 0 for none, clamped
// to MinSize..MaxSize as the hosted API clamps it.
func dimension(v, name string) (int, error) {
	if v == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%w: %s must be a whole number of pixels", ErrInvalid, name)
	}
	if n == 0 {
		return 0, nil
	}
	return min(max(n, MinSize), MaxSize), nil
}

// IsZero reports whether o asks for nothing at all; storage-js then uses
// the plain object URL, and so should the server.
func (o Options) IsZero() bool { return o == Options{} }

// resizes reports whether o changes the dimensions.
func (o Options) resizes() bool { return o.Width > 0 || o.Height > 0 }

// mode is the resize mode with its default.
func (o Options) mode() Resize {
	if o.Resize == "" {
		return Cover
	}
	return o.Resize
}

// String is the form a signed URL's token carries (ParseSigned reads it).
func (o Options) String() string {
	var parts []string
	if o.Height > 0 {
		parts = append(parts, "height:"+strconv.Itoa(o.Height))
	}
	if o.Width > 0 {
		parts = append(parts, "width:"+strconv.Itoa(o.Width))
	}
	if o.Resize != "" {
		parts = append(parts, "resize:"+string(o.Resize))
	}
	if o.Quality > 0 {
		parts = append(parts, "quality:"+strconv.Itoa(o.Quality))
	}
	if o.Format != Auto {
		parts = append(parts, "format:"+string(o.Format))
	}
	return strings.Join(parts, ",")
}

// header is the X-Transformations value the hosted API sends: the
// operations in imgproxy's words, and the format when one was asked for
// (out is what was written: webp for avif).
func (o Options) header(out string) string {
	var parts []string
	if o.Height > 0 {
		parts = append(parts, "height:"+strconv.Itoa(o.Height))
	}
	if o.Width > 0 {
		parts = append(parts, "width:"+strconv.Itoa(o.Width))
	}
	if o.resizes() {
		parts = append(parts, "resizing_type:"+resizingType[o.mode()])
	}
	if o.Quality > 0 {
		parts = append(parts, "quality:"+strconv.Itoa(o.Quality))
	}
	if o.Format == WebP || o.Format == AVIF {
		parts = append(parts, "format:"+out)
	}
	return strings.Join(parts, ",")
}
