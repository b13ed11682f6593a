package storage

import (
	"mime"
	"net/http"
	"strings"

	"daybase/storage/validate"
)

// The objects' bytes are served from the app's own origin (unless
// Config.FilesURL moves them to another), where supabase-js keeps the
// session: a file a browser renders as a document there could read it.
// Three rules keep that from happening:
//
//  1. A declared type is parsed strictly and stored normalised
//     (mediaType): one type/subtype with well-formed parameters, no
//     comma. Browsers read a Content-Type such as
//     "text/plain;charset=utf-8,text/html" as a list and take the last
//     entry, so a type checked up to its ";" must never reach them as
//     sent.
//  2. Only the types in inlineTypes are served for display; everything
//     else is an attachment with a sandboxing CSP (objectHeaders), so
//     opening it downloads it, and a browser that renders it anyway runs
//     no script. <img>, <video> and fetch() ignore both headers.
//  3. Uploads carry the file's own bytes (no Content-Encoding): the
//     signature checks see what the downloader gets.

// inlineTypes are the types a browser shows without running anything of
// the file's: raster images, PDF (rendered by the browser's own viewer,
// outside the page's origin), plain text, audio and video. SVG is not
// here: it is a document that runs script.
var inlineTypes = map[string]bool{
	"image/png": true, "image/jpeg": true, "image/gif": true, "image/webp": true, "image/avif": true,
	"image/bmp": true, "image/x-icon": true, "image/vnd.microsoft.icon": true,
	"application/pdf": true,
	"text/plain":      true,
	"audio/mpeg":      true, "audio/wav": true, "audio/x-wav": true, "audio/wave": true, "audio/ogg": true,
	"audio/webm": true, "audio/mp4": true, "audio/aac": true, "audio/flac": true,
	"video/mp4": true, "video/webm": true, "video/ogg": true, "video/quicktime": true,
}

// sandboxCSP is sent with every attachment: should a browser render one
// after all, it runs no script, loads nothing and has no origin.
const sandboxCSP = "default-src 'none'; sandbox"

// mediaType parses a declared Content-Type strictly and returns it in the
// form it is stored and served in: lower-case type, parameters re-quoted
// by mime.FormatMediaType ("text/plain;charset=UTF-8" becomes
// "text/plain; charset=UTF-8"). A list of types (any comma), a type
// mime.ParseMediaType rejects (even one it half-parses) and anything but
// one type/subtype are refused.
func mediaType(declared string) (string, error) {
	if strings.Contains(declared, ",") {
		return "", errBadMimeType(declared)
	}
	t, params, err := mime.ParseMediaType(declared)
	if err != nil || strings.Count(t, "/") != 1 || strings.Contains(t, "*") {
		return "", errBadMimeType(declared)
	}
	normal := mime.FormatMediaType(t, params)
	if normal == "" {
		return "", errBadMimeType(declared)
	}
	return normal, nil
}

// servedType is the type an object is served with: its stored type
// normalised, or application/octet-stream when that was never valid (a
// row written before types were parsed strictly, or by SQL).
func servedType(stored string) string {
	if t, err := mediaType(stored); err == nil {
		return t
	}
	return "application/octet-stream"
}

// objectHeaders sets the headers that decide what a browser does with an
// object: its type, nosniff, and for everything outside inlineTypes (and
// for ?download) an attachment disposition with the sandbox. Inline
// objects may be framed by the app (a PDF preview), attachments by no one.
// ?download is the hosted API's option: ?download for the object's own
// name, ?download=name for another.
func (s *Server) objectHeaders(h http.Header, r *http.Request, name, contentType string) {
	h.Set("Content-Type", contentType)
	h.Set("X-Content-Type-Options", "nosniff")
	dl, asked := r.URL.Query()["download"]
	if inlineTypes[validate.BaseType(contentType)] && !asked {
		h.Del("X-Frame-Options")
		h.Set("Content-Security-Policy", s.inlineCSP)
		return
	}
	h.Set("X-Frame-Options", "DENY")
	h.Set("Content-Security-Policy", sandboxCSP+"; frame-ancestors 'none'")
	fn := filename(name)
	if asked && len(dl) > 0 && dl[0] != "" {
		fn = dl[0]
	}
	if v := mime.FormatMediaType("attachment", map[string]string{"filename": fn}); v != "" {
		h.Set("Content-Disposition", v)
	} else {
		h.Set("Content-Disposition", "attachment")
	}
}

// checkContentEncoding refuses an encoded upload: the file rules check the
// first bytes of what arrives, and a browser would decode a gzip body
// before anyone saw it.
func checkContentEncoding(coding string) error {
	if c := strings.TrimSpace(coding); c != "" && !strings.EqualFold(c, "identity") {
		return &Error{Status: 415, Code: "InvalidRequest", Name: "unsupported_content_encoding",
			Message: "Content-Encoding " + c + " is not accepted: upload the file's own bytes (a compressed file as application/gzip)"}
	}
	return nil
}
