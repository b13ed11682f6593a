package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"daybase/storage/s3"
)

func TestStorageConfig(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		want    storageEnv
		wantErr bool
	}{
		{"defaults: local disk with fsync", nil, storageEnv{}, false},
		{"size limit and fsync off", map[string]string{"DAYBASE_STORAGE_FILE_SIZE_LIMIT": "50MB", "DAYBASE_STORAGE_FSYNC": "false"},
			storageEnv{fileSizeLimit: 50_000_000, noSync: true}, false},
		{"size limit in bytes", map[string]string{"DAYBASE_STORAGE_FILE_SIZE_LIMIT": "1048576"}, storageEnv{fileSizeLimit: 1 << 20}, false},
		{"minio of the compose file: a port means plain HTTP", map[string]string{
			"DAYBASE_STORAGE_S3_ENDPOINT": "minio:9000", "DAYBASE_STORAGE_S3_BUCKET": "daybase",
			"DAYBASE_STORAGE_S3_ACCESS_KEY": "k", "DAYBASE_STORAGE_S3_SECRET_KEY": "s", "DAYBASE_STORAGE_S3_PATH_STYLE": "true"},
			storageEnv{useS3: true, s3: s3.Config{Endpoint: "minio:9000", Bucket: "daybase", AccessKey: "k", SecretKey: "s", PathStyle: true}}, false},
		{"AWS host defaults to HTTPS", map[string]string{"DAYBASE_STORAGE_S3_ENDPOINT": "s3.eu-central-1.amazonaws.com",
			"DAYBASE_STORAGE_S3_BUCKET": "b", "DAYBASE_STORAGE_S3_REGION": "eu-central-1"},
			storageEnv{useS3: true, s3: s3.Config{Endpoint: "s3.eu-central-1.amazonaws.com", Bucket: "b", Region: "eu-central-1", UseSSL: true}}, false},
		{"scheme decides, USE_SSL overrides", map[string]string{"DAYBASE_STORAGE_S3_ENDPOINT": "https://files.example.com:9443/",
			"DAYBASE_STORAGE_S3_BUCKET": "b", "DAYBASE_STORAGE_S3_USE_SSL": "false"},
			storageEnv{useS3: true, s3: s3.Config{Endpoint: "files.example.com:9443", Bucket: "b"}}, false},
		{"bucket required", map[string]string{"DAYBASE_STORAGE_S3_ENDPOINT": "minio:9000"}, storageEnv{}, true},
		{"bad boolean", map[string]string{"DAYBASE_STORAGE_FSYNC": "sometimes"}, storageEnv{}, true},
		{"bad size", map[string]string{"DAYBASE_STORAGE_FILE_SIZE_LIMIT": "big"}, storageEnv{}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := storageConfig(func(k string) string { return tt.env[k] })
			if (err != nil) != tt.wantErr {
				t.Fatalf("err = %v, wantErr %v", err, tt.wantErr)
			}
			if tt.wantErr {
				return
			}
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(storageEnv{})); diff != "" {
				t.Errorf("mismatch (-want +got):\n%s", diff)
			}
		})
	}
}
