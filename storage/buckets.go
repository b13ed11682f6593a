package storage

import (
	"encoding/json"
	"errors"
	"math"
	"net/http"
	"regexp"
	"strconv"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Bucket routes run as the caller like everything else. storage.buckets has
// row-level security and no policy for anon or authenticated, so in
// practice only service_role lists, creates, changes and deletes buckets;
// an operator may add policies to open that up.

var bucketSortColumns = map[string]bool{"id": true, "name": true, "created_at": true, "updated_at": true}

// listBuckets is listBuckets(): GET /bucket?limit&offset&search&sortColumn&sortOrder.
func (s *Server) listBuckets(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var limit *int
	if v := q.Get("limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errInvalidRequest("limit must be a number of at least 0")
		}
		limit = &n
	}
	offset := 0
	if v := q.Get("offset"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return errInvalidRequest("offset must be a number of at least 0")
		}
		offset = n
	}
	column := "name"
	if v := q.Get("sortColumn"); v != "" {
		column = v
	}
	if !bucketSortColumns[column] {
		return errInvalidRequest("sortColumn must be id, name, created_at or updated_at")
	}
	asc := true
	switch strings.ToLower(q.Get("sortOrder")) {
	case "", "asc":
	case "desc":
		asc = false
	default:
		return errInvalidRequest("sortOrder must be asc or desc")
	}
	out := []bucket{}
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		rows, _ := tx.Query(r.Context(), stmt.BucketList, q.Get("search"), column, asc, limit, offset)
		defer rows.Close()
		for rows.Next() {
			b, err := scanBucket(rows)
			if err != nil {
				return err
			}
			out = append(out, b)
		}
		return rows.Err()
	})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, out)
}

// getBucket is getBucket(): GET /bucket/{id}.
func (s *Server) getBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	var b bucket
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		b, err = scanBucket(tx.QueryRow(r.Context(), stmt.BucketGet, r.PathValue("id")))
		return err
	})
	if errors.Is(err, errNoRows) {
		return errNoSuchBucket()
	}
	if err != nil {
		return err
	}
	// getBucket answers without type, as the hosted API selects it
	// (routes/bucket/getBucket.ts); listBuckets has it.
	b.Type = ""
	return writeJSON(w, http.StatusOK, b)
}

// emptiedMessage is emptyBucket()'s answer on the hosted API.
const emptiedMessage = "Empty bucket has been queued. Completion may take up to an hour."

// bucketOptions are the settable fields of createBucket and updateBucket;
// each is nil when the body left it out.
type bucketOptions struct {
	public           *bool
	setSizeLimit     bool
	fileSizeLimit    *int64
	setMimeTypes     bool
	allowedMimeTypes []string
}

var mimePatternRe = regexp.MustCompile(`^[a-zA-Z0-9!#$&^_.+-]+/([a-zA-Z0-9!#$&^_.+-]+|\*)$`)

// parseBucketOptions reads public, file_size_limit (bytes, or a string
// such as "50MB" in decimal units as the hosted API parses it; null removes
// the limit) and allowed_mime_types (null allows every type).
func parseBucketOptions(raw map[string]json.RawMessage) (bucketOptions, error) {
	var o bucketOptions
	if v, ok := raw["public"]; ok && string(v) != "null" {
		var p bool
		if err := json.Unmarshal(v, &p); err != nil {
			return o, errInvalidRequest("public must be true or false")
		}
		o.public = &p
	}
	if v, ok := raw["file_size_limit"]; ok {
		o.setSizeLimit = true
		n, err := parseSizeLimit(v)
		if err != nil {
			return o, err
		}
		o.fileSizeLimit = n
	}
	if v, ok := raw["allowed_mime_types"]; ok {
		o.setMimeTypes = true
		if string(v) != "null" {
			if err := json.Unmarshal(v, &o.allowedMimeTypes); err != nil {
				return o, errInvalidRequest("allowed_mime_types must be a list of MIME types")
			}
			for _, m := range o.allowedMimeTypes {
				if !mimePatternRe.MatchString(m) {
					return o, errInvalidRequest("Invalid MIME type %q in allowed_mime_types", m)
				}
			}
		}
	}
	return o, nil
}

var sizeWithUnitRe = regexp.MustCompile(`(?i)^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$`)

func parseSizeLimit(v json.RawMessage) (*int64, error) {
	bad := errInvalidRequest("Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B")
	if string(v) == "null" {
		return nil, nil
	}
	var n float64
	if err := json.Unmarshal(v, &n); err == nil {
		if n < 0 || n > math.MaxInt64/2 {
			return nil, bad
		}
		if n == 0 {
			return nil, nil
		}
		b := int64(n)
		return &b, nil
	}
	var s string
	if err := json.Unmarshal(v, &s); err != nil {
		return nil, bad
	}
	m := sizeWithUnitRe.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return nil, bad
	}
	f, _ := strconv.ParseFloat(m[1], 64)
	mult := map[string]float64{"gb": 1e9, "mb": 1e6, "kb": 1e3, "b": 1}[strings.ToLower(m[2])]
	b := int64(f * mult)
	if b <= 0 {
		return nil, nil
	}
	return &b, nil
}

// createBucket is createBucket(): POST /bucket {"id","name","public",
// "file_size_limit","allowed_mime_types"} -> {"name": id}.
func (s *Server) createBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	raw := map[string]json.RawMessage{}
	if err := readJSON(w, r, &raw); err != nil {
		return err
	}
	var id, name string
	json.Unmarshal(raw["id"], &id)
	json.Unmarshal(raw["name"], &name)
	if id == "" {
		id = name
	}
	if name == "" {
		name = id
	}
	if err := checkBucketName(id); err != nil {
		return err
	}
	if err := checkBucketName(name); err != nil {
		return err
	}
	if t, ok := raw["type"]; ok && string(t) != "null" && string(t) != `"STANDARD"` {
		return errInvalidRequest("Only STANDARD buckets are supported")
	}
	o, err := parseBucketOptions(raw)
	if err != nil {
		return err
	}
	public := o.public != nil && *o.public
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		_, err := tx.Exec(r.Context(), stmt.BucketInsert, id, name, c.owner(), c.ownerID(), public, o.fileSizeLimit, o.allowedMimeTypes)
		return err
	})
	var pe *pgconn.PgError
	if errors.As(err, &pe) && pe.Code == "23505" {
		return errBucketExists(err)
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"name": id})
}

// updateBucket is updateBucket(): PUT /bucket/{id}; fields left out of the
// body keep their values.
func (s *Server) updateBucket(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	raw := map[string]json.RawMessage{}
	if err := readJSON(w, r, &raw); err != nil {
		return err
	}
	o, err := parseBucketOptions(raw)
	if err != nil {
		return err
	}
	err = s.asCaller(r.Context(), c, func(tx pgx.Tx) error {
		var id string
		return tx.QueryRow(r.Context(), stmt.BucketUpdate, r.PathValue("id"), o.public,
			o.setSizeLimit, o.fileSizeLimit, o.setMimeTypes, o.allowedMimeTypes).Scan(&id)
	})
	if errors.Is(err, errNoRows) {
		return errNoSuchBucket()
	}
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"message": "Successfully updated"})
}

// emptyBatch is how many objects emptyBucket deletes per transaction.
const emptyBatch = 1000

// emptyBucket is emptyBucket(): POST /bucket/{id}/empty. It deletes, in
// batches, every object the caller's DELETE policies allow, and their bytes.
func (s *Server) emptyBucket(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	err = s.asCaller(ctx, c, func(tx pgx.Tx) error {
		_, err := scanBucket(tx.QueryRow(ctx, stmt.BucketGet, id))
		return err
	})
	if errors.Is(err, errNoRows) {
		return errNoSuchBucket()
	}
	if err != nil {
		return err
	}
	for {
		var versions []string
		err := s.asCaller(ctx, c, func(tx pgx.Tx) error {
			rows, _ := tx.Query(ctx, stmt.ObjectsDeleteBatch, id, emptyBatch)
			var v *string
			_, err := pgx.ForEachRow(rows, []any{&v}, func() error {
				if v != nil {
					versions = append(versions, *v)
				}
				return nil
			})
			return err
		})
		if err != nil {
			return err
		}
		keys := make([]string, len(versions))
		for i, v := range versions {
			keys[i] = objectKey(id, v)
		}
		s.deleteBytes(ctx, keys...)
		if len(versions) < emptyBatch {
			break
		}
	}
	// The hosted API queues the work and says so; here it is done by now,
	// but the answer is the contract clients and their tests read.
	return writeJSON(w, http.StatusOK, map[string]string{"message": emptiedMessage})
}

// deleteBucket is deleteBucket(): DELETE /bucket/{id}; a bucket that still
// holds objects is refused (409).
func (s *Server) deleteBucket(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	id := r.PathValue("id")
	err = s.asCaller(ctx, c, func(tx pgx.Tx) error {
		if _, err := scanBucket(tx.QueryRow(ctx, stmt.BucketGet, id)); err != nil {
			return err
		}
		var nonEmpty bool
		if err := s.admin.QueryRow(ctx, stmt.BucketHasObjects, id).Scan(&nonEmpty); err != nil {
			return err
		}
		if nonEmpty {
			return errBucketNotEmpty()
		}
		var deleted string
		return tx.QueryRow(ctx, stmt.BucketDelete, id).Scan(&deleted)
	})
	var pe *pgconn.PgError
	switch {
	case errors.Is(err, errNoRows):
		return errNoSuchBucket()
	case errors.As(err, &pe) && pe.Code == "23503":
		return errBucketNotEmpty()
	case err != nil:
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"message": "Successfully deleted"})
}
