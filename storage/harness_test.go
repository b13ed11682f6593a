package storage_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"mime/multipart"
	"net"
	"net/http"
	"net/http/httptest"
	"net/textproto"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"daybase/gateway"
	"daybase/internal/pgtest"
	"daybase/internal/token"
	"daybase/storage"
	"daybase/storage/disk"
	"daybase/storage/s3"
	"daybase/storage/s3/miniotest"
)

func TestMain(m *testing.M) { pgtest.Main(m) }

// The stores the service is tested on; both pass storage/backendtest.
var (
	_ storage.Backend = (*disk.Store)(nil)
	_ storage.Backend = (*s3.Store)(nil)
)

const jwtSecret = "storage-test-secret-with-at-least-32-characters"

// backendKind opens a fresh, empty store for one test and lists what it
// holds, so tests can check that refused uploads left no bytes behind.
type backendKind struct {
	name string
	open func(t *testing.T) (storage.Backend, func(t *testing.T) []string)
}

// backends returns the disk store and an S3 store on a MinIO server that
// lives as long as t.
func backends(t *testing.T) []backendKind {
	var (
		once sync.Once
		srv  *miniotest.Server
	)
	return []backendKind{
		{name: "disk", open: func(t *testing.T) (storage.Backend, func(*testing.T) []string) {
			dir := t.TempDir()
			st, err := disk.Open(dir, disk.Options{NoSync: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { st.Close() })
			return st, func(t *testing.T) []string { return diskKeys(t, filepath.Join(dir, "objects")) }
		}},
		{name: "s3", open: func(tt *testing.T) (storage.Backend, func(*testing.T) []string) {
			once.Do(func() { srv = miniotest.Start(t) })
			cfg := srv.Config(tt)
			st, err := s3.New(context.Background(), cfg)
			if err != nil {
				tt.Fatal(err)
			}
			return st, func(t *testing.T) []string { return s3Keys(t, cfg) }
		}},
	}
}

func diskKeys(t *testing.T, root string) []string {
	var keys []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			rel, _ := filepath.Rel(root, p)
			keys = append(keys, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(keys)
	return keys
}

func s3Keys(t *testing.T, cfg s3.Config) []string {
	c, err := minio.New(cfg.Endpoint, &minio.Options{Creds: credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""), BucketLookup: minio.BucketLookupPath})
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	for o := range c.ListObjects(context.Background(), cfg.Bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err != nil {
			t.Fatal(o.Err)
		}
		keys = append(keys, o.Key)
	}
	sort.Strings(keys)
	return keys
}

// bundle is what one test case gets: a migrated database, the service
// behind the real gateway, and keys to call it with.
type bundle struct {
	t          *testing.T
	db         *pgtest.DB
	url        string
	signer     *token.Signer
	anonKey    string
	serviceKey string
	backend    storage.Backend
	keys       func(t *testing.T) []string
	// clockShift moves the service's clock (signed URL expiry tests).
	clockShift atomic.Int64
	// logs collects the service's log lines.
	logs *syncBuffer
	// tap counts the bytes the service hands the store.
	tap *tap
	// appHost is the API's host:port; filesHost the files origin's with
	// withFilesHost, else "".
	appHost, filesHost string
}

// tap passes everything to the real store and counts the bytes uploads
// stream into it, so a test can see them arrive.
type tap struct {
	storage.Backend
	n      atomic.Int64
	mu     sync.Mutex // guards notify
	notify chan struct{}
}

func (tp *tap) Put(ctx context.Context, key string, r io.Reader, size int64, ct string) (int64, error) {
	return tp.Backend.Put(ctx, key, tapReader{r: r, tp: tp}, size, ct)
}

type tapReader struct {
	r  io.Reader
	tp *tap
}

func (t tapReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	t.tp.n.Add(int64(n))
	t.tp.mu.Lock()
	if t.tp.notify != nil {
		close(t.tp.notify)
	}
	t.tp.notify = make(chan struct{})
	t.tp.mu.Unlock()
	return n, err
}

// waitFor reports whether the store received at least n bytes within d.
func (tp *tap) waitFor(n int64, d time.Duration) bool {
	deadline := time.After(d)
	for {
		tp.mu.Lock()
		if tp.notify == nil {
			tp.notify = make(chan struct{})
		}
		ch := tp.notify
		tp.mu.Unlock()
		if tp.n.Load() >= n {
			return true
		}
		select {
		case <-ch:
		case <-deadline:
			return false
		}
	}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

type option func(*storage.Config)

func setup(t *testing.T, kind backendKind, opts ...option) *bundle {
	t.Helper()
	db := pgtest.New(t)
	api := db.AuthenticatorPool(t)
	be, keys := kind.open(t)
	b := &bundle{t: t, db: db, signer: token.NewSigner(jwtSecret), backend: be, keys: keys, logs: &syncBuffer{}, tap: &tap{Backend: be}}
	b.anonKey, _ = b.signer.APIKey("anon")
	b.serviceKey, _ = b.signer.APIKey("service_role")
	log := slog.New(slog.NewTextHandler(io.MultiWriter(b.logs, testWriter{t}), &slog.HandlerOptions{Level: slog.LevelDebug}))
	cfg := storage.Config{
		Backend: b.tap, Admin: db.Pool, API: api, Signer: b.signer, Log: log,
		Now: func() time.Time { return time.Now().Add(time.Duration(b.clockShift.Load())) },
	}
	for _, o := range opts {
		o(&cfg)
	}
	hs := httptest.NewUnstartedServer(nil)
	t.Cleanup(hs.Close)
	port := hs.Listener.Addr().(*net.TCPAddr).Port
	b.appHost = fmt.Sprintf("127.0.0.1:%d", port)
	if cfg.FilesURL != "" {
		// withFilesHost: the same server under another name is the files
		// origin, as a deployment points files.example.com at it.
		b.filesHost = fmt.Sprintf("localhost:%d", port)
		cfg.FilesURL, cfg.AppURL = "http://"+b.filesHost, "http://"+b.appHost
	}
	srv, err := storage.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The gateway's deadline for bodies is the setting storage's idle
	// deadline comes from (cmd/daybase wires both from one).
	gw := gateway.New(gateway.Config{Signer: b.signer, MaxBodyBytes: 1 << 20, BodyReadTimeout: cfg.UploadIdleTimeout, FilesURL: cfg.FilesURL}, db.Pool,
		[]gateway.Service{{Prefix: "/storage/v1", Handler: srv, APIKey: gateway.APIKeyOptional, UnlimitedIn: true, Files: true}},
		nil, slog.New(slog.DiscardHandler))
	hs.Config.Handler = gw
	hs.Start()
	b.url = hs.URL + "/storage/v1"
	return b
}

// withFilesHost serves files from a second origin (Config.FilesURL):
// localhost:PORT beside the API's 127.0.0.1:PORT.
func withFilesHost(cfg *storage.Config) { cfg.FilesURL = "set by setup" }

// withBodyTimeout sets the gateway's body deadline and storage's idle
// deadline for uploads.
func withBodyTimeout(d time.Duration) option {
	return func(cfg *storage.Config) { cfg.UploadIdleTimeout = d }
}

// testWriter sends log lines to t.Log.
type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Helper()
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

// user makes an account (the profiles migration adds its profile rows) and
// returns its id and an access token.
func (b *bundle) user() (string, string) {
	b.t.Helper()
	var id string
	email := fmt.Sprintf("u%d@example.test", time.Now().UnixNano())
	if err := b.db.Pool.QueryRow(context.Background(),
		"INSERT INTO auth.users (email, email_confirmed_at) VALUES ($1, now()) RETURNING id::text", email).Scan(&id); err != nil {
		b.t.Fatal(err)
	}
	return id, b.tokenFor(id)
}

func (b *bundle) tokenFor(id string) string {
	tok, err := b.signer.Sign(token.Claims{"sub": id, "role": "authenticated", "aud": "authenticated",
		"iat": time.Now().Unix(), "exp": time.Now().Add(time.Hour).Unix()})
	if err != nil {
		b.t.Fatal(err)
	}
	return tok
}

func (b *bundle) exec(sql string, args ...any) {
	b.t.Helper()
	if _, err := b.db.Pool.Exec(context.Background(), sql, args...); err != nil {
		b.t.Fatalf("%s: %v", sql, err)
	}
}

func (b *bundle) scalar(dst any, sql string, args ...any) {
	b.t.Helper()
	if err := b.db.Pool.QueryRow(context.Background(), sql, args...).Scan(dst); err != nil {
		b.t.Fatalf("%s: %v", sql, err)
	}
}

// journalFolder is a folder of journal-images that uid may upload to: a
// journal entry uid owns once public.journal_entries exists (migration
// 0203), the user's own id before (storage.owns_journal_folder).
func (b *bundle) journalFolder(uid string) string {
	b.t.Helper()
	var hasJournal bool
	b.scalar(&hasJournal, "SELECT to_regclass('public.journal_entries') IS NOT NULL")
	if !hasJournal {
		return uid
	}
	var entry string
	b.scalar(&entry, "INSERT INTO public.journal_entries (user_id) VALUES ($1) RETURNING id::text", uid)
	return entry
}

// resp is an answer with its body read.
type resp struct {
	status int
	header http.Header
	body   []byte
}

func (r resp) json(t *testing.T) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(r.body, &v); err != nil {
		t.Fatalf("body is not JSON: %v\n%s", err, r.body)
	}
	return v
}

// as says who calls: a bearer token (sent with the anon apikey, as
// supabase-js does), or nobody.
type as string

const nobody as = ""

// call sends one request. Pairs in hdr are header names and values.
func (b *bundle) call(method, path string, body io.Reader, who as, hdr ...string) resp {
	b.t.Helper()
	req, err := http.NewRequest(method, b.url+path, body)
	if err != nil {
		b.t.Fatal(err)
	}
	if who != nobody {
		req.Header.Set("apikey", b.anonKey)
		req.Header.Set("Authorization", "Bearer "+string(who))
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	if err != nil {
		b.t.Fatalf("%s %s: read body: %v", method, path, err)
	}
	return resp{status: res.StatusCode, header: res.Header, body: data}
}

// callHost sends a request to host (the API's or the files origin's, the
// same server) and does not follow redirects.
func (b *bundle) callHost(host, method, path string, who as) resp {
	b.t.Helper()
	req, err := http.NewRequest(method, b.url+path, nil)
	if err != nil {
		b.t.Fatal(err)
	}
	req.Host = host
	if who != nobody {
		req.Header.Set("apikey", b.anonKey)
		req.Header.Set("Authorization", "Bearer "+string(who))
	}
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	res, err := noRedirect.Do(req)
	if err != nil {
		b.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return resp{status: res.StatusCode, header: res.Header, body: data}
}

func (b *bundle) callJSON(method, path string, v any, who as, hdr ...string) resp {
	b.t.Helper()
	data, _ := json.Marshal(v)
	return b.call(method, path, bytes.NewReader(data), who, append([]string{"Content-Type", "application/json"}, hdr...)...)
}

// put uploads raw bytes as supabase-js does for strings and buffers.
func (b *bundle) put(who as, bucketAndPath, contentType string, data []byte, hdr ...string) resp {
	b.t.Helper()
	return b.call(http.MethodPost, "/object/"+bucketAndPath, bytes.NewReader(data), who,
		append([]string{"Content-Type", contentType, "Cache-Control", "max-age=3600", "x-upsert", "false"}, hdr...)...)
}

// multipartBody is what supabase-js sends for a Blob: a cacheControl
// field, then one file part with an empty field name.
func multipartBody(contentType string, data []byte, fields ...string) (io.Reader, string) {
	var buf bytes.Buffer
	w := multipart.NewWriter(&buf)
	w.WriteField("cacheControl", "3600")
	for i := 0; i+1 < len(fields); i += 2 {
		w.WriteField(fields[i], fields[i+1])
	}
	h := textproto.MIMEHeader{}
	h.Set("Content-Disposition", `form-data; name=""; filename="blob"`)
	h.Set("Content-Type", contentType)
	p, _ := w.CreatePart(h)
	p.Write(data)
	w.Close()
	return &buf, w.FormDataContentType()
}

// wantError compares a whole error answer: HTTP status and body.
func wantError(t *testing.T, r resp, httpStatus int, statusCode, code, name, message string) {
	t.Helper()
	want := map[string]any{"statusCode": statusCode, "code": code, "error": name, "message": message}
	var got map[string]any
	json.Unmarshal(r.body, &got)
	if r.status != httpStatus {
		t.Errorf("HTTP status = %d, want %d (body %s)", r.status, httpStatus, r.body)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("error body mismatch (-want +got):\n%s", diff)
	}
}

func wantOK(t *testing.T, r resp) {
	t.Helper()
	if r.status != http.StatusOK {
		t.Fatalf("status %d, want 200: %s", r.status, r.body)
	}
}

// objectRow reads an object's version and metadata as the superuser.
func (b *bundle) version(bucket, name string) string {
	b.t.Helper()
	var v string
	b.scalar(&v, "SELECT coalesce(version, '') FROM storage.objects WHERE bucket_id = $1 AND name = $2", bucket, name)
	return v
}

func (b *bundle) objectCount(bucket string) int {
	b.t.Helper()
	var n int
	b.scalar(&n, "SELECT count(*) FROM storage.objects WHERE bucket_id = $1", bucket)
	return n
}

// bucketKeys lists the stored keys of one bucket.
func (b *bundle) bucketKeys(bucket string) []string {
	b.t.Helper()
	var out []string
	for _, k := range b.keys(b.t) {
		if strings.HasPrefix(k, bucket+"/") {
			out = append(out, k)
		}
	}
	return out
}

func (b *bundle) stored(bucket, version string) bool {
	b.t.Helper()
	key := bucket + "/" + version[:2] + "/" + version
	rc, err := b.backend.Open(context.Background(), key)
	if err != nil {
		return false
	}
	rc.Close()
	return true
}

// createBucket makes a bucket as service_role.
func (b *bundle) createBucket(id string, public bool, extra map[string]any) {
	b.t.Helper()
	body := map[string]any{"id": id, "name": id, "public": public}
	for k, v := range extra {
		body[k] = v
	}
	r := b.callJSON(http.MethodPost, "/bucket", body, as(b.serviceKey))
	wantOK(b.t, r)
}
