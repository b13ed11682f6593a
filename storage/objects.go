package storage

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"daybase/storage/validate"
)

// listEntry is one row of list(); folders have null id, times and metadata.
type listEntry struct {
	Name           string          `json:"name"`
	ID             *string         `json:"id"`
	UpdatedAt      *jsTime         `json:"updated_at"`
	CreatedAt      *jsTime         `json:"created_at"`
	LastAccessedAt *jsTime         `json:"last_accessed_at"`
	Metadata       json.RawMessage `json:"metadata"`
}

var listColumns = map[string]bool{"name": true, "updated_at": true, "created_at": true, "last_accessed_at": true}

// listObjects is list(): POST /object/list/{bucket}
// {"prefix","limit","offset","sortBy":{"column","order"},"search"}.
func (s *Server) listObjects(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	body := struct {
		Prefix string `json:"prefix"`
		Limit  *int   `json:"limit"`
		Offset *int   `json:"offset"`
		SortBy *struct {
			Column string `json:"column"`
			Order  string `json:"order"`
		} `json:"sortBy"`
		Search string `json:"search"`
	}{}
	if err := readJSON(w, r, &body); err != nil {
		return err
	}
	prefix := body.Prefix
	if prefix == "/" {
		prefix = ""
	}
	if err := checkPrefix(prefix); err != nil {
		return err
	}
	if prefix != "" && !strings.HasSuffix(prefix, "/") {
		prefix += "/"
	}
	limit, offset := 100, 0
	if body.Limit != nil {
		limit = *body.Limit
	}
	if body.Offset != nil {
		offset = *body.Offset
	}
	if limit < 1 || limit > 1000 || offset < 0 {
		return errInvalidRequest("limit must be 1 to 1000 and offset at least 0")
	}
	column, asc := "name", true
	if body.SortBy != nil {
		if body.SortBy.Column != "" {
			column = strings.ToLower(body.SortBy.Column)
		}
		switch strings.ToLower(body.SortBy.Order) {
		case "", "asc":
		case "desc":
			asc = false
		default:
			return errInvalidRequest("sortBy.order must be asc or desc")
		}
	}
	if !listColumns[column] {
		return errInvalidRequest("sortBy.column must be name, updated_at, created_at or last_accessed_at")
	}
	if strings.ContainsAny(body.Search, "\x00") {
		return errInvalidRequest("search must not contain NUL")
	}
	bucketID := r.PathValue("bucket")
	out := []listEntry{}
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		rows, _ := tx.Query(r.Context(), stmt.ObjectsList, bucketID, prefix, strings.ToLower(likePrefix(body.Search)),
			column, asc, limit, offset)
		defer rows.Close()
		for rows.Next() {
			var e listEntry
			var updated, created, accessed *time.Time
			var meta []byte
			if err := rows.Scan(&e.Name, &e.ID, &updated, &created, &accessed, &meta); err != nil {
				return err
			}
			e.UpdatedAt, e.CreatedAt, e.LastAccessedAt = jsTimePtr(updated), jsTimePtr(created), jsTimePtr(accessed)
			e.Metadata = rawOrNull(meta)
			out = append(out, e)
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

func jsTimePtr(t *time.Time) *jsTime {
	if t == nil {
		return nil
	}
	j := jsTime(*t)
	return &j
}

// transfer is the body of move() and copy().
type transfer struct {
	BucketID          string `json:"bucketId"`
	SourceKey         string `json:"sourceKey"`
	DestinationKey    string `json:"destinationKey"`
	DestinationBucket string `json:"destinationBucket"`
	CopyMetadata      *bool  `json:"copyMetadata"`
	Metadata          *struct {
		CacheControl *string `json:"cacheControl"`
		Mimetype     *string `json:"mimetype"`
		ContentType  *string `json:"contentType"`
	} `json:"metadata"`
}

func (s *Server) readTransfer(w http.ResponseWriter, r *http.Request) (transfer, bucket, error) {
	var t transfer
	if err := readJSON(w, r, &t); err != nil {
		return t, bucket{}, err
	}
	if t.BucketID == "" || t.SourceKey == "" || t.DestinationKey == "" {
		return t, bucket{}, errInvalidRequest("bucketId, sourceKey and destinationKey are required")
	}
	if err := checkObjectName(t.SourceKey); err != nil {
		return t, bucket{}, err
	}
	if err := checkObjectName(t.DestinationKey); err != nil {
		return t, bucket{}, err
	}
	if t.DestinationBucket == "" {
		t.DestinationBucket = t.BucketID
	}
	dst, err := s.lookupBucket(r.Context(), t.DestinationBucket)
	return t, dst, err
}

// checkArrival applies the destination's rules to bytes that arrive by a
// copy or a move, which would otherwise be a way around them: the bucket's
// types and size limit, and in the app's buckets the file-name rules, the
// uploader's plan and the content signature.
func (s *Server) checkArrival(ctx context.Context, c caller, dst bucket, dstName string, src object, m objectMeta) error {
	rules, ruled := s.rulesFor(dst.ID)
	fname := filename(dstName)
	if ruled && rules.CheckNames {
		if err := validate.Name(fname); err != nil {
			return err
		}
	}
	if err := checkType(dst, ruled, m.Mimetype); err != nil {
		return err
	}
	size, err := s.uploadCap(ctx, dst, rules, ruled, c.userID(), fname)
	if err != nil {
		return err
	}
	if m.Size > size.limit {
		return size.exceeded
	}
	if !ruled {
		return nil
	}
	if rules.RejectEmpty && m.Size == 0 {
		return validate.EmptyError(fname)
	}
	if !rules.CheckContent {
		return nil
	}
	rc, err := s.backend.Open(ctx, objectKey(src.BucketID, src.version()))
	if err != nil {
		return err
	}
	defer rc.Close()
	head := make([]byte, validate.HeadLen)
	n, err := io.ReadFull(rc, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return validate.UnreadableError()
	}
	return validate.Content(fname, m.Mimetype, head[:n])
}

// moveObject is move(): POST /object/move. Within a bucket it renames the
// row, and the bytes stay where they are; into another bucket the bytes
// are copied to the destination's key first and the old ones deleted once
// the rename is committed. The caller needs SELECT on the source and an
// UPDATE policy that accepts both the old and the new row.
func (s *Server) moveObject(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	t, dst, err := s.readTransfer(w, r)
	if err != nil {
		return err
	}
	var src object
	var newKey, id string
	err = s.asCaller(ctx, c, func(tx pgx.Tx) error {
		src, err = scanObject(tx.QueryRow(ctx, stmt.ObjectGet, t.BucketID, t.SourceKey))
		if errors.Is(err, errNoRows) {
			return errNoSuchKey()
		}
		if err != nil {
			return err
		}
		if err := s.checkArrival(ctx, c, dst, t.DestinationKey, src, src.meta()); err != nil {
			return err
		}
		var newVersion *string
		if dst.ID != src.BucketID {
			v := newUUID()
			newKey = objectKey(dst.ID, v)
			if err := s.backend.Copy(ctx, objectKey(src.BucketID, src.version()), newKey); err != nil {
				return err
			}
			newVersion = &v
		}
		var version *string
		err := tx.QueryRow(ctx, stmt.ObjectRename, t.BucketID, t.SourceKey, dst.ID, t.DestinationKey, newVersion).Scan(&id, &version)
		if errors.Is(err, errNoRows) {
			return errRLS("Access denied: no UPDATE policy allows moving this object", err)
		}
		return err
	})
	if err != nil {
		if newKey != "" {
			s.deleteBytes(ctx, newKey)
		}
		return err
	}
	if newKey != "" {
		s.deleteBytes(ctx, objectKey(src.BucketID, src.version()))
	}
	return writeJSON(w, http.StatusOK, map[string]string{"message": "Successfully moved", "Id": id, "Key": t.DestinationKey})
}

// copyObject is copy(): POST /object/copy (x-upsert: true to replace). The
// caller needs SELECT on the source and INSERT (UPDATE when replacing) on
// the destination; the copy belongs to the caller.
func (s *Server) copyObject(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	t, dst, err := s.readTransfer(w, r)
	if err != nil {
		return err
	}
	src, err := s.findObject(ctx, c, t.BucketID, t.SourceKey)
	if err != nil {
		return err
	}
	m := src.meta()
	userMeta := []byte(src.UserMetadata)
	if string(userMeta) == "null" {
		userMeta = nil
	}
	if t.CopyMetadata != nil && !*t.CopyMetadata {
		userMeta = nil
		if md := t.Metadata; md != nil {
			if md.CacheControl != nil {
				m.CacheControl = *md.CacheControl
			}
			if md.ContentType != nil {
				m.Mimetype = *md.ContentType
			}
			if md.Mimetype != nil {
				m.Mimetype = *md.Mimetype
			}
		}
		if err := checkHeaderValues(m.Mimetype, m.CacheControl); err != nil {
			return err
		}
		if m.Mimetype == "" {
			m.Mimetype = "application/octet-stream"
		}
		if m.Mimetype, err = mediaType(m.Mimetype); err != nil {
			return err
		}
	}
	if err := s.checkArrival(ctx, c, dst, t.DestinationKey, src, m); err != nil {
		return err
	}
	version := newUUID()
	key := objectKey(dst.ID, version)
	if err := s.backend.Copy(ctx, objectKey(src.BucketID, src.version()), key); err != nil {
		return err
	}
	m.LastModified = s.cfg.Now().UTC().Format(jsLayout)
	req := uploadRequest{bucketID: dst.ID, name: t.DestinationKey, upsert: r.Header.Get("x-upsert") == "true", caller: c}
	id, replaced, err := s.commitObject(ctx, req, m, userMeta, version)
	if err != nil {
		s.deleteBytes(ctx, key)
		return err
	}
	if replaced != "" {
		s.deleteBytes(ctx, objectKey(dst.ID, replaced))
	}
	return writeJSON(w, http.StatusOK, map[string]string{"Id": id, "Key": dst.ID + "/" + t.DestinationKey})
}

// maxRemove bounds one remove() call.
const maxRemove = 1000

// removeObjects is remove(): DELETE /object/{bucket} {"prefixes":[...]}.
// Entries are names or {"path","versionId"}; only current versions exist
// here, so versionId must be the current one or absent. It answers with
// the rows the caller's DELETE policies let go, [] when none.
func (s *Server) removeObjects(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	var body struct {
		Prefixes []json.RawMessage `json:"prefixes"`
	}
	if err := readJSON(w, r, &body); err != nil {
		return err
	}
	if len(body.Prefixes) == 0 || len(body.Prefixes) > maxRemove {
		return errInvalidRequest("prefixes must list 1 to %d object names", maxRemove)
	}
	names := make([]string, 0, len(body.Prefixes))
	for _, raw := range body.Prefixes {
		var name string
		if err := json.Unmarshal(raw, &name); err != nil {
			var entry struct {
				Path string `json:"path"`
			}
			if err := json.Unmarshal(raw, &entry); err != nil {
				return errInvalidRequest("prefixes entries must be names or {\"path\": name}")
			}
			name = entry.Path
		}
		if err := checkObjectName(name); err != nil {
			return err
		}
		names = append(names, name)
	}
	bucketID := r.PathValue("bucket")
	deleted := []object{}
	err = s.asCaller(ctx, c, func(tx pgx.Tx) error {
		rows, _ := tx.Query(ctx, stmt.ObjectsDelete, bucketID, names)
		defer rows.Close()
		for rows.Next() {
			o, err := scanObject(rows)
			if err != nil {
				return err
			}
			deleted = append(deleted, o)
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	keys := make([]string, 0, len(deleted))
	for _, o := range deleted {
		if v := o.version(); v != "" {
			keys = append(keys, objectKey(o.BucketID, v))
		}
	}
	s.deleteBytes(ctx, keys...)
	return writeJSON(w, http.StatusOK, deleted)
}

// deleteObject is DELETE /object/{bucket}/{path}: one object.
func (s *Server) deleteObject(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	bucketID, name := r.PathValue("bucket"), r.PathValue("path")
	if err := checkObjectName(name); err != nil {
		return err
	}
	var o object
	err = s.asCaller(ctx, c, func(tx pgx.Tx) error {
		o, err = scanObject(tx.QueryRow(ctx, stmt.ObjectsDelete, bucketID, []string{name}))
		return err
	})
	if errors.Is(err, errNoRows) {
		return errNoSuchKey()
	}
	if err != nil {
		return err
	}
	if v := o.version(); v != "" {
		s.deleteBytes(ctx, objectKey(o.BucketID, v))
	}
	return writeJSON(w, http.StatusOK, map[string]string{"message": "Successfully deleted"})
}
