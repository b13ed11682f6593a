package s3_test

import (
	"context"
	"testing"

	"daybase/storage/backendtest"
	"daybase/storage/s3"
	"daybase/storage/s3/miniotest"
)

// The conformance table against a real MinIO server.
func TestConformance(t *testing.T) {
	srv := miniotest.Start(t)
	backendtest.Run(t, func(t *testing.T) backendtest.Store {
		s, err := s3.New(context.Background(), srv.Config(t))
		if err != nil {
			t.Fatal(err)
		}
		return s
	})
}

func TestNewReportsAnUnreachableEndpoint(t *testing.T) {
	_, err := s3.New(context.Background(), s3.Config{Endpoint: "127.0.0.1:1", Bucket: "x", PathStyle: true})
	if err == nil {
		t.Fatal("New succeeded against a closed port")
	}
}
