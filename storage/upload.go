package storage

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/zeebo/xxh3"

	"daybase/storage/validate"
)

// uploadRequest is one upload: where to, and as whom.
type uploadRequest struct {
	bucketID string
	name     string
	upsert   bool
	caller   caller
}

// uploadPost is upload(): POST /object/{bucket}/{path}, x-upsert: true|false.
func (s *Server) uploadPost(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	id, err := s.upload(w, r, uploadRequest{bucketID: r.PathValue("bucket"), name: r.PathValue("path"),
		upsert: r.Header.Get("x-upsert") == "true", caller: c})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"Id": id, "Key": r.PathValue("bucket") + "/" + r.PathValue("path")})
}

// uploadPut is update(): PUT /object/{bucket}/{path} creates or replaces.
func (s *Server) uploadPut(w http.ResponseWriter, r *http.Request) error {
	c, err := authenticatedCaller(r)
	if err != nil {
		return err
	}
	id, err := s.upload(w, r, uploadRequest{bucketID: r.PathValue("bucket"), name: r.PathValue("path"), upsert: true, caller: c})
	if err != nil {
		return err
	}
	return writeJSON(w, http.StatusOK, map[string]string{"Id": id, "Key": r.PathValue("bucket") + "/" + r.PathValue("path")})
}

// upload stores one object. In order, and each step refusing before any
// later one runs:
//
//  1. the name, the bucket and, in buckets with the app's rules, the file
//     name and extension;
//  2. the body's declared type against the bucket's allow-list and its
//     declared length against the size limit;
//  3. the policies: the row is inserted (or upserted) as the caller in a
//     transaction that is rolled back, so a refused upload reads no bytes;
//  4. the uploader's rate limits;
//  5. the bytes stream to the backend under a fresh key, cut off at the
//     size limit, their first bytes checked against the declared type;
//  6. the row is written as the caller and committed. When the database
//     refuses now, the new bytes are deleted; when it replaced an object,
//     the old bytes are.
//
// Nothing holds the body in memory: it flows from the socket through a
// hash (the ETag) into the backend.
func (s *Server) upload(w http.ResponseWriter, r *http.Request, req uploadRequest) (id string, err error) {
	ctx := r.Context()
	client := s.clientBody(w, r)
	defer func() {
		// A failed read is the client's doing, whatever the backend or
		// the multipart reader made of it.
		if err != nil && client.err != nil {
			err = errBodyRead(client.err)
		}
	}()
	var stored int64 // bytes committed, charged to the daily budget
	if err := checkObjectName(req.name); err != nil {
		return "", err
	}
	b, err := s.lookupBucket(ctx, req.bucketID)
	if err != nil {
		return "", err
	}
	rules, ruled := s.rulesFor(b.ID)
	fname := filename(req.name)
	if ruled && rules.CheckNames {
		if err := validate.Name(fname); err != nil {
			return "", err
		}
	}
	body, err := readUploadBody(r)
	if err != nil {
		return "", err
	}
	if err := checkType(b, ruled, body.contentType); err != nil {
		return "", err
	}
	size, err := s.uploadCap(ctx, b, rules, ruled, req.caller.userID(), fname)
	if err != nil {
		return "", err
	}
	if body.size > size.limit {
		return "", size.exceeded
	}
	meta := objectMeta{Mimetype: body.contentType, CacheControl: body.cacheControl,
		Size: max(body.size, 0), ContentLength: max(body.size, 0), HTTPStatusCode: 200}
	if err := s.probe(ctx, req.caller, func(tx pgx.Tx) error {
		_, _, err := s.writeObject(ctx, tx, req, meta, body.userMetadata, newUUID(), true)
		return err
	}); err != nil {
		return "", err
	}

	if ruled && rules.RateLimited && req.caller.userID() != "" {
		adm, err := s.limiter.admit(ctx, req.caller.userID())
		if err != nil {
			return "", err
		}
		if adm.remaining < size.limit {
			size = sizeCapOf(adm.remaining, errDailyLimit(adm.remaining, 0))
		}
		if body.size > size.limit {
			adm.done(ctx, 0)
			return "", size.exceeded
		}
		// Only stored bytes count against the daily budget: a refused
		// upload costs one of the user's uploads per minute and hour, not
		// bytes.
		defer func() {
			if err := adm.done(ctx, stored); err != nil {
				s.log.Error("storage: record upload bytes", "err", err)
			}
		}()
	}

	version := newUUID()
	key := objectKey(b.ID, version)
	var check *contentCheck
	if ruled {
		check = &contentCheck{name: fname, rules: rules}
	}
	n, etag, err := s.storeBytes(ctx, key, body, size, check)
	if err != nil {
		return "", err
	}
	meta.ETag = `"` + etag + `"`
	meta.Size, meta.ContentLength = n, n
	meta.LastModified = s.cfg.Now().UTC().Format(jsLayout)

	id, replaced, err := s.commitObject(ctx, req, meta, body.userMetadata, version)
	if err != nil {
		s.deleteBytes(ctx, key)
		return "", err
	}
	if replaced != "" {
		s.deleteBytes(ctx, objectKey(b.ID, replaced))
	}
	stored = n
	return id, nil
}

// checkType applies a bucket's MIME allow-list; with the app's rules the
// refusal carries the spec's text.
func checkType(b bucket, ruled bool, contentType string) error {
	if ruled {
		return validate.Type(contentType, b.AllowedMimeTypes)
	}
	if !validate.TypeAllowed(contentType, b.AllowedMimeTypes) {
		return errMimeType(fmt.Sprintf("mime type %s is not supported", validate.BaseType(contentType)))
	}
	return nil
}

// sizeCap is the largest upload allowed and the error for passing it.
type sizeCap struct {
	limit    int64
	exceeded error
}

func sizeCapOf(limit int64, exceeded error) sizeCap { return sizeCap{limit: limit, exceeded: exceeded} }

// uploadCap is the server's cap, lowered to the bucket's file_size_limit
// and, with the app's rules, to the uploader's plan (002 §5, 000 §9).
func (s *Server) uploadCap(ctx context.Context, b bucket, rules Rules, ruled bool, userID, fname string) (sizeCap, error) {
	limit := s.cfg.FileSizeLimit
	if b.FileSizeLimit != nil && *b.FileSizeLimit < limit {
		limit = *b.FileSizeLimit
	}
	if !ruled {
		return sizeCapOf(limit, errTooLarge("")), nil
	}
	if rules.PlanSizeLimit && userID != "" {
		plan, err := s.plan(ctx, userID)
		if err != nil {
			return sizeCap{}, err
		}
		limit = min(limit, validate.MaxFileSize(plan))
	}
	return sizeCapOf(limit, validate.TooLargeError(fname, limit)), nil
}

// writeObject inserts (or upserts) the row as the caller in tx and returns
// its id and, for an upsert, the version it replaced. probe marks the
// dry run of step 3, where a concurrent change is not an error.
func (s *Server) writeObject(ctx context.Context, tx pgx.Tx, req uploadRequest, meta objectMeta, userMeta []byte, version string, probe bool) (id, replaced string, err error) {
	metaJSON, _ := json.Marshal(meta)
	id = newUUID()
	if !req.upsert {
		_, err := tx.Exec(ctx, stmt.ObjectInsert, id, req.bucketID, req.name, req.caller.owner(), req.caller.ownerID(),
			metaJSON, nullJSON(userMeta), version)
		return id, "", err
	}
	var oldID, old *string
	if err := s.admin.QueryRow(ctx, stmt.ObjectVersion, req.bucketID, req.name).Scan(&oldID, &old); err != nil && !errors.Is(err, errNoRows) {
		return "", "", fmt.Errorf("current version of %s/%s: %w", req.bucketID, req.name, err)
	}
	tag, err := tx.Exec(ctx, stmt.ObjectUpsert, id, req.bucketID, req.name, req.caller.owner(), req.caller.ownerID(),
		metaJSON, nullJSON(userMeta), version, old)
	if err != nil {
		return "", "", err
	}
	if tag.RowsAffected() == 0 {
		if probe {
			return id, "", nil
		}
		return "", "", errReplacedMeanwhile
	}
	if oldID != nil {
		id = *oldID
	}
	if old != nil {
		replaced = *old
	}
	return id, replaced, nil
}

// errReplacedMeanwhile: another upload replaced the object between the
// server's look at it and the upsert; commitObject tries again.
var errReplacedMeanwhile = errors.New("object replaced by a concurrent upload")

// commitObject writes the row for good (step 6).
func (s *Server) commitObject(ctx context.Context, req uploadRequest, meta objectMeta, userMeta []byte, version string) (id, replaced string, err error) {
	for attempt := 0; attempt < 5; attempt++ {
		err = s.asCaller(ctx, req.caller, func(tx pgx.Tx) error {
			id, replaced, err = s.writeObject(ctx, tx, req, meta, userMeta, version, false)
			return err
		})
		if !errors.Is(err, errReplacedMeanwhile) {
			return id, replaced, err
		}
	}
	return "", "", &Error{Status: 409, Code: "InvalidRequest", Message: "The object was replaced by another upload at the same time; try again", Err: err}
}

func nullJSON(b []byte) any {
	if len(b) == 0 {
		return nil
	}
	return b
}

// deleteBytes removes bytes that no row points at (any more); a failure
// leaves an orphan behind, which is logged rather than failing the request.
func (s *Server) deleteBytes(ctx context.Context, keys ...string) {
	if len(keys) == 0 {
		return
	}
	if err := s.backend.Delete(context.WithoutCancel(ctx), keys...); err != nil {
		s.log.Error("storage: delete bytes", "keys", keys, "err", err)
	}
}

// contentCheck is what storeBytes checks in a bucket with the app's rules.
type contentCheck struct {
	name  string
	rules Rules
}

// storeBytes streams body to the backend under key and returns the bytes
// stored and their ETag: the XXH3-128 of the content in hex, the shape of
// an MD5 at twenty times the speed (docs/decisions.md). It stops reading after size.limit bytes,
// and with check it refuses empty files and bytes that do not match the
// declared type before anything is written.
func (s *Server) storeBytes(ctx context.Context, key string, body uploadBody, size sizeCap, check *contentCheck) (int64, string, error) {
	capped := &cappedReader{r: body.r, left: size.limit}
	br := bufio.NewReaderSize(capped, validate.HeadLen)
	head, err := br.Peek(validate.HeadLen)
	switch {
	case errors.Is(err, errOverLimit):
		return 0, "", size.exceeded
	case err != nil && !errors.Is(err, io.EOF) && check != nil && check.rules.CheckContent:
		return 0, "", fmt.Errorf("%w (%v)", validate.UnreadableError(), err)
	case err != nil && !errors.Is(err, io.EOF):
		return 0, "", fmt.Errorf("read upload: %w", err)
	}
	if check != nil {
		if len(head) == 0 && check.rules.RejectEmpty {
			return 0, "", validate.EmptyError(check.name)
		}
		if check.rules.CheckContent {
			if err := validate.Content(check.name, body.contentType, head); err != nil {
				return 0, "", err
			}
		}
	}
	h := xxh3.New()
	n, err := s.backend.Put(ctx, key, io.TeeReader(br, h), body.size, body.contentType)
	if errors.Is(err, errOverLimit) {
		return n, "", size.exceeded
	}
	if err != nil {
		return n, "", fmt.Errorf("store %s: %w", key, err)
	}
	sum := h.Sum128().Bytes()
	return n, hex.EncodeToString(sum[:]), nil
}

// errOverLimit is cappedReader's signal that the body is too large.
var errOverLimit = errors.New("upload exceeds the size limit")

// cappedReader passes through at most left bytes and fails with
// errOverLimit as soon as one more is available, so an oversize body is
// cut off at the limit instead of being read to its end.
type cappedReader struct {
	r    io.Reader
	left int64
}

func (c *cappedReader) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		for {
			n, err := c.r.Read(one[:])
			if n > 0 {
				return 0, errOverLimit
			}
			if err != nil {
				return 0, err
			}
		}
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// uploadBody is the file of an upload request, its bytes not yet read.
type uploadBody struct {
	r            io.Reader
	size         int64 // -1 when unknown
	contentType  string
	cacheControl string
	userMetadata []byte
}

// maxField bounds a text field of a multipart upload.
const maxField = 64 << 10

// readUploadBody reads what precedes the file: for multipart/form-data the
// text fields (cacheControl, contentType, metadata, contentEncoding) up to
// the first file part, whose Content-Type is the object's; for any other
// body the headers (content-type, cache-control, x-metadata). See
// storage-js StorageFileApi.uploadOrUpdate. The type is stored normalised
// and an encoded body is refused (storage/mediatype.go).
func readUploadBody(r *http.Request) (uploadBody, error) {
	if err := checkContentEncoding(r.Header.Get("Content-Encoding")); err != nil {
		return uploadBody{}, err
	}
	ct := r.Header.Get("Content-Type")
	media, _, _ := mime.ParseMediaType(ct)
	if media == "multipart/form-data" {
		return readMultipart(r)
	}
	b := uploadBody{r: r.Body, size: r.ContentLength, contentType: ct, cacheControl: r.Header.Get("Cache-Control")}
	if b.cacheControl == "" {
		b.cacheControl = "no-cache"
	}
	if md := r.Header.Get("X-Metadata"); md != "" {
		raw, err := base64.StdEncoding.DecodeString(md)
		if err != nil || !json.Valid(raw) {
			return b, errInvalidRequest("x-metadata must be base64-encoded JSON")
		}
		b.userMetadata = raw
	}
	return b.finish()
}

// finish checks the values that will be replayed as response headers and
// normalises the type; no type is application/octet-stream.
func (b uploadBody) finish() (uploadBody, error) {
	if err := checkHeaderValues(b.contentType, b.cacheControl); err != nil {
		return b, err
	}
	if b.contentType == "" {
		b.contentType = "application/octet-stream"
	}
	t, err := mediaType(b.contentType)
	b.contentType = t
	return b, err
}

func readMultipart(r *http.Request) (uploadBody, error) {
	b := uploadBody{size: -1, cacheControl: "no-cache"}
	_, params, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	boundary := params["boundary"]
	if boundary == "" {
		return b, errInvalidRequest("Invalid multipart body: %v", http.ErrMissingBoundary)
	}
	// mime/multipart reads its input 4 KiB at a time; a larger buffer under
	// it turns those into few socket reads, and filledPart hands the file
	// on in blocks as large as the copy buffer instead of 4 KiB writes.
	body := bufio.NewReaderSize(r.Body, multipartBuffer)
	mr := multipart.NewReader(body, boundary)
	var contentTypeField string
	for {
		p, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			return b, errInvalidRequest("No file part in the multipart body")
		}
		if err != nil {
			return b, errInvalidRequest("Invalid multipart body: %v", err)
		}
		if p.FileName() != "" || p.FormName() == "" {
			b.r = filledPart{p: p, body: body}
			b.contentType = p.Header.Get("Content-Type")
			if contentTypeField != "" {
				b.contentType = contentTypeField
			}
			return b.finish()
		}
		v, err := io.ReadAll(io.LimitReader(p, maxField+1))
		if err != nil {
			return b, errInvalidRequest("Invalid multipart body: %v", err)
		}
		if len(v) > maxField {
			return b, errInvalidRequest("Multipart field %q is longer than %d bytes", p.FormName(), maxField)
		}
		switch val := strings.TrimSpace(string(v)); p.FormName() {
		case "cacheControl":
			if val != "" {
				b.cacheControl = "max-age=" + val
			}
		case "contentType":
			contentTypeField = val
		case "contentEncoding":
			if err := checkContentEncoding(val); err != nil {
				return b, err
			}
		case "metadata":
			if val != "" {
				if !json.Valid([]byte(val)) {
					return b, errInvalidRequest("metadata must be JSON")
				}
				b.userMetadata = []byte(val)
			}
		}
	}
}

// multipartBuffer is the read buffer under a multipart body.
const multipartBuffer = 256 << 10

// filledPart reads a multipart file part in blocks up to len(p): a
// multipart.Part returns at most 4 KiB per Read, so it keeps reading while
// the body's buffer still holds bytes. It never waits on the network with
// bytes in hand, so the upload still streams.
type filledPart struct {
	p    *multipart.Part
	body *bufio.Reader
}

func (f filledPart) Read(p []byte) (int, error) {
	n, err := f.p.Read(p)
	for err == nil && n < len(p) && f.body.Buffered() > 0 {
		var m int
		m, err = f.p.Read(p[n:])
		n += m
	}
	return n, err
}

// checkHeaderValues refuses a content type or cache control that would be
// replayed into response headers with control characters or an absurd
// length.
func checkHeaderValues(contentType, cacheControl string) error {
	for name, v := range map[string]string{"content type": contentType, "cache control": cacheControl} {
		if len(v) > 256 || strings.ContainsFunc(v, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
			return errInvalidRequest("Invalid %s", name)
		}
	}
	return nil
}

// clientBody reads an upload's bytes from the client. Before each read it
// moves the connection's read deadline UploadIdleTimeout ahead, so an
// upload may take as long as it keeps moving (the gateway's deadline for
// whole bodies would cut a large one off) but not stall; once the body
// has ended it leaves the deadline to net/http. It keeps the first read
// error: a body cut short or stalled is the client's failure.
type clientBody struct {
	io.ReadCloser
	rc   *http.ResponseController
	idle time.Duration
	done bool
	err  error
}

func (s *Server) clientBody(w http.ResponseWriter, r *http.Request) *clientBody {
	b := &clientBody{ReadCloser: r.Body, rc: http.NewResponseController(w), idle: s.cfg.UploadIdleTimeout}
	r.Body = b
	return b
}

func (b *clientBody) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF
	}
	b.rc.SetReadDeadline(time.Now().Add(b.idle))
	n, err := b.ReadCloser.Read(p)
	switch {
	case errors.Is(err, io.EOF):
		b.done = true
	case err != nil && b.err == nil:
		b.err = err
	}
	return n, err
}

// newUUID is a random (version 4) UUID.
func newUUID() string {
	var b [16]byte
	rand.Read(b[:])
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	h := hex.EncodeToString(b[:])
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}
