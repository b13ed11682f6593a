// Package s3 stores object bytes in an S3-compatible bucket (AWS S3, MinIO,
// and the like) through minio-go.
//
// Uploads stream: a body of unknown length goes up as a multipart upload in
// parts of [Config.PartSize] bytes, so memory per upload is one part buffer
// whatever the object's size. A failed upload is aborted, leaving nothing
// under the key.
package s3

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"

	"daybase/storage/backend"
)

// Config says where the bucket is. cmd/daybase fills it from the
// DAYBASE_STORAGE_S3_* environment variables.
type Config struct {
	// Endpoint is host[:port] of the S3 API, without scheme, e.g.
	// "s3.eu-central-1.amazonaws.com" or "minio:9000".
	Endpoint string
	// Region is the bucket's region; empty lets the client discover it.
	Region string
	// Bucket holds every object daybase stores. It is created when missing.
	Bucket string
	// AccessKey and SecretKey are static credentials.
	AccessKey string
	SecretKey string
	// PathStyle addresses the bucket as endpoint/bucket rather than
	// bucket.endpoint; MinIO needs it. Default false.
	PathStyle bool
	// UseSSL talks HTTPS to the endpoint. Default false here; cmd/daybase
	// defaults it to true.
	UseSSL bool
	// PartSize is the multipart part size in bytes and so the memory one
	// streaming upload holds. Default 8 MiB (S3's minimum is 5 MiB).
	PartSize uint64
}

// Store is one S3 bucket.
type Store struct {
	client   *minio.Client
	bucket   string
	partSize uint64
}

// New connects and makes sure the bucket exists.
func New(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("s3 store: endpoint and bucket are required (DAYBASE_STORAGE_S3_ENDPOINT, DAYBASE_STORAGE_S3_BUCKET)")
	}
	lookup := minio.BucketLookupDNS
	if cfg.PathStyle {
		lookup = minio.BucketLookupPath
	}
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:        credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:       cfg.UseSSL,
		Region:       cfg.Region,
		BucketLookup: lookup,
		Transport:    http.DefaultTransport.(*http.Transport).Clone(),
	})
	if err != nil {
		return nil, fmt.Errorf("s3 store: client for %s: %w", cfg.Endpoint, err)
	}
	exists, err := client.BucketExists(ctx, cfg.Bucket)
	if err != nil {
		return nil, fmt.Errorf("s3 store: check bucket %q at %s: %w (check the endpoint, credentials and DAYBASE_STORAGE_S3_PATH_STYLE)", cfg.Bucket, cfg.Endpoint, err)
	}
	if !exists {
		if err := client.MakeBucket(ctx, cfg.Bucket, minio.MakeBucketOptions{Region: cfg.Region}); err != nil {
			return nil, fmt.Errorf("s3 store: create bucket %q: %w", cfg.Bucket, err)
		}
	}
	ps := cfg.PartSize
	if ps == 0 {
		ps = 8 << 20
	}
	return &Store{client: client, bucket: cfg.Bucket, partSize: ps}, nil
}

// Put uploads r under key; size is -1 when unknown.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error) {
	if err := backend.CheckKey(key); err != nil {
		return 0, err
	}
	if contentType == "" {
		contentType = "application/octet-stream"
	}
	info, err := s.client.PutObject(ctx, s.bucket, key, r, size, minio.PutObjectOptions{
		ContentType: contentType,
		PartSize:    s.partSize,
	})
	if err != nil {
		return 0, fmt.Errorf("s3 store: put %s: %w", key, err)
	}
	return info.Size, nil
}

// Open returns the object under key. The returned reader fetches lazily and
// serves Seek with ranged GETs, so a Range request reads only its bytes.
func (s *Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	if err := backend.CheckKey(key); err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, s.wrap("open", key, err)
	}
	if _, err := obj.Stat(); err != nil {
		obj.Close()
		return nil, s.wrap("open", key, err)
	}
	return obj, nil
}

// Copy makes dst a server-side copy of src.
func (s *Store) Copy(ctx context.Context, src, dst string) error {
	if err := backend.CheckKey(src); err != nil {
		return err
	}
	if err := backend.CheckKey(dst); err != nil {
		return err
	}
	_, err := s.client.CopyObject(ctx,
		minio.CopyDestOptions{Bucket: s.bucket, Object: dst},
		minio.CopySrcOptions{Bucket: s.bucket, Object: src})
	if err != nil {
		return s.wrap("copy", src, err)
	}
	return nil
}

// Delete removes the objects under keys; missing ones are not an error.
func (s *Store) Delete(ctx context.Context, keys ...string) error {
	for _, k := range keys {
		if err := backend.CheckKey(k); err != nil {
			return err
		}
	}
	ch := make(chan minio.ObjectInfo, len(keys))
	for _, k := range keys {
		ch <- minio.ObjectInfo{Key: k}
	}
	close(ch)
	var errs []error
	for e := range s.client.RemoveObjects(ctx, s.bucket, ch, minio.RemoveObjectsOptions{}) {
		if minio.ToErrorResponse(e.Err).Code == minio.NoSuchKey {
			continue
		}
		errs = append(errs, fmt.Errorf("s3 store: delete %s: %w", e.ObjectName, e.Err))
	}
	return errors.Join(errs...)
}

func (s *Store) wrap(op, key string, err error) error {
	if code := minio.ToErrorResponse(err).Code; code == minio.NoSuchKey || code == "NotFound" {
		return fmt.Errorf("%w: %s", backend.ErrNotFound, key)
	}
	return fmt.Errorf("s3 store: %s %s: %w", op, key, err)
}
