package storage

import (
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/url"

	"github.com/zeebo/xxh3"

	"daybase/storage/backend"
	"daybase/storage/transform"
)

// Image transformations, the hosted API's /render/image routes (storage-js
// download({transform}), getPublicUrl({transform}) and
// createSignedUrl({transform})). Access is decided exactly as for the
// object itself; storage/transform does the pixels, from the original's
// bytes, which it never changes.

// renderAuthenticated is download(path, {transform}):
// GET /render/image/authenticated/{bucket}/{path}?width=&height=&resize=&quality=&format=
func (s *Server) renderAuthenticated(w http.ResponseWriter, r *http.Request) error {
	opts, err := transform.ParseQuery(r.URL.Query())
	if err != nil {
		return err
	}
	o, err := s.readable(r, false)
	if err != nil {
		return err
	}
	return s.serveRendered(w, r, o, opts)
}

// renderPublic is getPublicUrl(path, {transform})'s URL:
// GET /render/image/public/{bucket}/{path}?width=...
func (s *Server) renderPublic(w http.ResponseWriter, r *http.Request) error {
	opts, err := transform.ParseQuery(r.URL.Query())
	if err != nil {
		return err
	}
	o, err := s.readable(r, true)
	if err != nil {
		return err
	}
	return s.serveRendered(w, r, o, opts)
}

// renderSigned serves createSignedUrl(path, ttl, {transform})'s URL:
// GET /render/image/sign/{bucket}/{path}?token=. The transformations are
// the ones signed into the token; the query cannot change them.
func (s *Server) renderSigned(w http.ResponseWriter, r *http.Request) error {
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	claims, err := s.verifyToken(r.URL.Query().Get("token"), bucketID+"/"+name, scopeDownload)
	if err != nil {
		return err
	}
	signed, _ := claims[transformationsClaim].(string)
	opts, err := transform.ParseSigned(signed)
	if err != nil {
		return errInvalidSignature("", err)
	}
	o, err := s.findObjectAsServer(r.Context(), bucketID, name)
	if err != nil {
		return err
	}
	return s.serveRendered(w, r, o, opts)
}

// transformationsClaim carries a signed URL's transformations in its token
// (transform.Options.String), as the hosted API's tokens do.
const transformationsClaim = "transformations"

// signTransform reads createSignedUrl's {"transform": {...}}: the same
// names and values as the render routes' query string, as JSON numbers or
// strings. Empty options mean the plain object URL, as storage-js builds it
// for getPublicUrl and download.
func signTransform(raw map[string]json.RawMessage) (transform.Options, error) {
	q := url.Values{}
	for k, v := range raw {
		var str string
		if json.Unmarshal(v, &str) == nil {
			q.Set(k, str)
			continue
		}
		var num json.Number
		if err := json.Unmarshal(v, &num); err != nil {
			return transform.Options{}, errInvalidRequest("transform.%s must be a number or a string", k)
		}
		q.Set(k, num.String())
	}
	return transform.ParseQuery(q)
}

// serveRendered answers with o rendered by opts. Headers are those of a
// download, with an ETag of its own (the original's, the options and the
// output type), X-Transformations as the hosted API sends it, and Vary:
// Accept when the format follows the client's Accept.
func (s *Server) serveRendered(w http.ResponseWriter, r *http.Request, o object, opts transform.Options) error {
	m := o.meta()
	key := objectKey(o.BucketID, o.version())
	size := m.Size
	if size <= 0 {
		size = -1
	}
	res, err := s.render.Render(r.Context(), transform.Source{
		Key: key, Size: size,
		Open: func(ctx context.Context) (io.ReadCloser, error) { return s.backend.Open(ctx, key) },
	}, opts, r.Header.Get("Accept"))
	if errors.Is(err, backend.ErrNotFound) {
		s.log.Error("storage: object row without bytes", "bucket", o.BucketID, "name", o.Name, "version", o.version())
		return errNoSuchKey()
	}
	if err != nil {
		return err
	}
	h := w.Header()
	s.objectHeaders(h, r, o.Name, res.ContentType)
	cc := m.CacheControl
	if cc == "" {
		cc = "no-cache"
	}
	h.Set("Cache-Control", cc)
	sum := xxh3.HashString128(m.ETag + "|" + opts.String() + "|" + res.ContentType).Bytes()
	h.Set("ETag", `"`+hex.EncodeToString(sum[:])+`"`)
	if opts.Format == transform.Auto {
		h.Add("Vary", "Accept")
	}
	if res.Transformations != "" {
		h.Set("X-Transformations", res.Transformations)
	}
	http.ServeContent(w, r, "", m.lastModified(), bytes.NewReader(res.Body))
	return nil
}
