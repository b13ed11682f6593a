package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"regexp"
	"strconv"
	"strings"
	"time"

	"daybase/gateway"
	"daybase/internal/datadir"
	"daybase/storage"
	"daybase/storage/disk"
	"daybase/storage/s3"
)

// storageEnv is the /storage/v1 part of the environment.
//
//	DAYBASE_STORAGE_S3_ENDPOINT    host[:port] or http(s)://host[:port] of an S3 API;
//	                               set, it moves file bytes from DATA_DIR/storage to S3
//	DAYBASE_STORAGE_S3_BUCKET      the bucket that holds every object (created when missing)
//	DAYBASE_STORAGE_S3_REGION      the bucket's region (default: discovered)
//	DAYBASE_STORAGE_S3_ACCESS_KEY  static credentials
//	DAYBASE_STORAGE_S3_SECRET_KEY
//	DAYBASE_STORAGE_S3_PATH_STYLE  true for endpoint/bucket addressing (MinIO); default false
//	DAYBASE_STORAGE_S3_USE_SSL     HTTPS to the endpoint; default from the endpoint's scheme,
//	                               else true unless it names a port other than 443
//	DAYBASE_STORAGE_FILE_SIZE_LIMIT  largest upload in any bucket, in bytes or as 50MB / 2GB
//	                               (decimal units, as bucket limits); default 1GB
//	DAYBASE_STORAGE_FSYNC          local disk: fsync each object before its metadata is
//	                               committed; default true (false trades crash safety
//	                               for upload speed, see docs/benchmarks.md)
//	DAYBASE_STORAGE_FILES_URL      a separate origin for user files; read with the shared
//	                               settings (internal/config), as the gateway needs it too
type storageEnv struct {
	useS3         bool
	s3            s3.Config
	fileSizeLimit int64
	noSync        bool
}

var sizeRe = regexp.MustCompile(`(?i)^([0-9]+(?:\.[0-9]+)?)\s*(gb|mb|kb|b)?$`)

func storageConfig(getenv func(string) string) (storageEnv, error) {
	var e storageEnv
	var errs []error
	get := func(name string) string { return strings.TrimSpace(getenv("DAYBASE_STORAGE_" + name)) }
	boolean := func(name string, dst *bool) {
		if v := get(name); v != "" {
			b, err := strconv.ParseBool(v)
			if err != nil {
				errs = append(errs, fmt.Errorf("DAYBASE_STORAGE_%s=%q: want true or false", name, v))
			}
			*dst = b
		}
	}
	if v := get("FILE_SIZE_LIMIT"); v != "" {
		m := sizeRe.FindStringSubmatch(v)
		if m == nil {
			errs = append(errs, fmt.Errorf("DAYBASE_STORAGE_FILE_SIZE_LIMIT=%q: want bytes or a size such as 50MB", v))
		} else {
			f, _ := strconv.ParseFloat(m[1], 64)
			mult := map[string]float64{"": 1, "b": 1, "kb": 1e3, "mb": 1e6, "gb": 1e9}[strings.ToLower(m[2])]
			e.fileSizeLimit = int64(f * mult)
		}
	}
	fsync := true
	boolean("FSYNC", &fsync)
	e.noSync = !fsync
	endpoint := get("S3_ENDPOINT")
	if endpoint == "" {
		return e, errors.Join(errs...)
	}
	e.useS3 = true
	c := &e.s3
	c.Region, c.Bucket = get("S3_REGION"), get("S3_BUCKET")
	c.AccessKey, c.SecretKey = get("S3_ACCESS_KEY"), get("S3_SECRET_KEY")
	switch {
	case strings.HasPrefix(endpoint, "https://"):
		c.Endpoint, c.UseSSL = strings.TrimPrefix(endpoint, "https://"), true
	case strings.HasPrefix(endpoint, "http://"):
		c.Endpoint = strings.TrimPrefix(endpoint, "http://")
	default:
		c.Endpoint = endpoint
		_, port, err := net.SplitHostPort(endpoint)
		c.UseSSL = err != nil || port == "443"
	}
	c.Endpoint = strings.TrimRight(c.Endpoint, "/")
	boolean("S3_PATH_STYLE", &c.PathStyle)
	boolean("S3_USE_SSL", &c.UseSSL)
	if c.Bucket == "" {
		errs = append(errs, errors.New("DAYBASE_STORAGE_S3_BUCKET is required with DAYBASE_STORAGE_S3_ENDPOINT"))
	}
	return e, errors.Join(errs...)
}

// storageService builds /storage/v1 on the local disk store or on S3.
func storageService(d deps) (gateway.Service, func(), error) {
	env := d.set.storage
	var backend storage.Backend
	closeBackend := func() {}
	if env.useS3 {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		st, err := s3.New(ctx, env.s3)
		if err != nil {
			return gateway.Service{}, nil, err
		}
		backend = st
	} else {
		st, err := disk.Open(datadir.Dir(d.cfg.DataDir).Storage(), disk.Options{NoSync: env.noSync})
		if err != nil {
			return gateway.Service{}, nil, err
		}
		backend, closeBackend = st, func() { st.Close() }
	}
	srv, err := storage.New(storage.Config{
		Backend: backend, Admin: d.adminPool, API: d.apiPool, Signer: d.signer,
		Log: d.log.With("service", "storage"), FileSizeLimit: env.fileSizeLimit,
		FilesURL: d.cfg.FilesURL, AppURL: d.cfg.PublicURL(), UploadIdleTimeout: d.cfg.BodyReadTimeout,
	})
	if err != nil {
		closeBackend()
		return gateway.Service{}, nil, err
	}
	return gateway.Service{Prefix: "/storage/v1", Handler: srv, APIKey: gateway.APIKeyOptional, UnlimitedIn: true, Files: true}, closeBackend, nil
}
