package storage

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/jackc/pgx/v5"

	"daybase/storage/backend"
)

// findObject reads one row as the caller (RLS decides what exists).
func (s *Server) findObject(ctx context.Context, c caller, bucketID, name string) (object, error) {
	var o object
	err := s.asCaller(ctx, c, func(tx pgx.Tx) error {
		var err error
		o, err = scanObject(tx.QueryRow(ctx, stmt.ObjectGet, bucketID, name))
		return err
	})
	if errors.Is(err, errNoRows) {
		return o, errNoSuchKey()
	}
	return o, err
}

// findObjectAsServer reads one row whatever the caller may see: public
// buckets and signed URLs.
func (s *Server) findObjectAsServer(ctx context.Context, bucketID, name string) (object, error) {
	o, err := scanObject(s.admin.QueryRow(ctx, stmt.ObjectGet, bucketID, name))
	if errors.Is(err, errNoRows) {
		return o, errNoSuchKey()
	}
	if err != nil {
		return o, fmt.Errorf("find %s/%s: %w", bucketID, name, err)
	}
	return o, nil
}

// readable finds the object a GET names: in a public bucket anyone may read
// it; otherwise the caller needs credentials and a SELECT policy, and a
// caller without credentials learns nothing about the bucket.
func (s *Server) readable(r *http.Request, publicRoute bool) (object, error) {
	ctx := r.Context()
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return object{}, err
	}
	var c caller
	if !publicRoute {
		var err error
		if c, err = callerFrom(r); err != nil {
			return object{}, err
		}
	}
	b, err := s.lookupBucket(ctx, bucketID)
	if err != nil {
		return object{}, err
	}
	if b.Public {
		return s.findObjectAsServer(ctx, b.ID, name)
	}
	if publicRoute || !c.credentials {
		return object{}, errNoSuchBucket()
	}
	return s.findObject(ctx, c, b.ID, name)
}

// getAuthenticated is download(): GET /object/{bucket}/{path} and
// /object/authenticated/{bucket}/{path}.
func (s *Server) getAuthenticated(w http.ResponseWriter, r *http.Request) error {
	o, err := s.readable(r, false)
	if err != nil {
		return err
	}
	return s.serveObject(w, r, o)
}

// getPublic serves getPublicUrl()'s URL: GET /object/public/{bucket}/{path}.
func (s *Server) getPublic(w http.ResponseWriter, r *http.Request) error {
	if s.toFilesHost(w, r) {
		return nil
	}
	o, err := s.readable(r, true)
	if err != nil {
		return err
	}
	return s.serveObject(w, r, o)
}

// serveObject writes the object's bytes with its metadata as headers;
// http.ServeContent answers Range (206, 416), HEAD, and If-None-Match /
// If-Modified-Since (304) from the ETag and Last-Modified set here. A
// Content-Encoding recorded before encoded uploads were refused is not
// sent: the client gets the stored bytes as they are.
func (s *Server) serveObject(w http.ResponseWriter, r *http.Request, o object) error {
	m := o.meta()
	rc, err := s.backend.Open(r.Context(), objectKey(o.BucketID, o.version()))
	if errors.Is(err, backend.ErrNotFound) {
		s.log.Error("storage: object row without bytes", "bucket", o.BucketID, "name", o.Name, "version", o.version())
		return errNoSuchKey()
	}
	if err != nil {
		return err
	}
	defer rc.Close()
	h := w.Header()
	s.objectHeaders(h, r, o.Name, servedType(m.Mimetype))
	cc := m.CacheControl
	if cc == "" {
		cc = "no-cache"
	}
	h.Set("Cache-Control", cc)
	if m.ETag != "" {
		h.Set("ETag", m.ETag)
	}
	http.ServeContent(w, r, "", m.lastModified(), rc)
	return nil
}

// objectInfo is info()'s answer, storage-js 2.119's FileObjectV2, which the
// client camel-cases. metadata is the user metadata sent with the upload,
// {} when there was none (the client types it as an object).
type objectInfo struct {
	ID              string          `json:"id"`
	Name            string          `json:"name"`
	Version         *string         `json:"version"`
	BucketID        string          `json:"bucket_id"`
	Size            int64           `json:"size"`
	ContentType     string          `json:"content_type"`
	ContentEncoding *string         `json:"content_encoding"`
	CacheControl    string          `json:"cache_control"`
	ETag            string          `json:"etag"`
	Metadata        json.RawMessage `json:"metadata"`
	LastModified    jsTime          `json:"last_modified"`
	CreatedAt       jsTime          `json:"created_at"`
}

func (s *Server) infoAuthenticated(w http.ResponseWriter, r *http.Request) error {
	o, err := s.readable(r, false)
	if err != nil {
		return err
	}
	return s.writeInfo(w, o)
}

func (s *Server) infoPublic(w http.ResponseWriter, r *http.Request) error {
	o, err := s.readable(r, true)
	if err != nil {
		return err
	}
	return s.writeInfo(w, o)
}

func (s *Server) writeInfo(w http.ResponseWriter, o object) error {
	m := o.meta()
	if m.ETag != "" {
		w.Header().Set("ETag", m.ETag)
	}
	userMeta := o.UserMetadata
	if len(userMeta) == 0 || string(userMeta) == "null" {
		userMeta = json.RawMessage("{}")
	}
	var encoding *string
	if m.ContentEncoding != "" {
		encoding = &m.ContentEncoding
	}
	return writeJSON(w, http.StatusOK, objectInfo{
		ID: o.ID, Name: o.Name, Version: o.Version, BucketID: o.BucketID, Size: m.Size,
		ContentType: m.Mimetype, ContentEncoding: encoding, CacheControl: m.CacheControl, ETag: m.ETag,
		Metadata: userMeta, LastModified: o.UpdatedAt, CreatedAt: o.CreatedAt,
	})
}
