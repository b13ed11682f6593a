// Package backendtest is the conformance table every object store passes:
// the disk and S3 stores run the same cases, so the storage service can
// rely on one behaviour whichever is configured.
//
//	func TestConformance(t *testing.T) {
//		backendtest.Run(t, func(t *testing.T) backendtest.Store { return openStore(t) })
//	}
package backendtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"io"
	"strings"
	"testing"

	"daybase/storage/backend"
)

// Store is the part of a store the table exercises (the storage service's
// Backend interface has the same methods).
type Store interface {
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (int64, error)
	Open(ctx context.Context, key string) (io.ReadSeekCloser, error)
	Copy(ctx context.Context, src, dst string) error
	Delete(ctx context.Context, keys ...string) error
}

// Escaping keys: each must be refused by every method, before any I/O.
var Escaping = []string{
	"../outside",
	"b/../../outside",
	"/etc/passwd",
	"b/aa/../../../etc/passwd",
	"b/aa/x\x00.png",
	"b\\..\\..\\outside",
	"b//x",
	"b/./x",
	"",
	"b/aa/",
}

// Run runs the table; open returns an empty store for one subtest.
func Run(t *testing.T, open func(t *testing.T) Store) {
	ctx := context.Background()
	put := func(t *testing.T, s Store, key string, data []byte) {
		t.Helper()
		n, err := s.Put(ctx, key, bytes.NewReader(data), int64(len(data)), "application/octet-stream")
		if err != nil || n != int64(len(data)) {
			t.Fatalf("Put(%q) = %d, %v; want %d, nil", key, n, err, len(data))
		}
	}
	read := func(t *testing.T, s Store, key string) []byte {
		t.Helper()
		r, err := s.Open(ctx, key)
		if err != nil {
			t.Fatalf("Open(%q): %v", key, err)
		}
		defer r.Close()
		b, err := io.ReadAll(r)
		if err != nil {
			t.Fatalf("read %q: %v", key, err)
		}
		return b
	}
	notFound := func(t *testing.T, s Store, key string) {
		t.Helper()
		r, err := s.Open(ctx, key)
		if err == nil {
			r.Close()
		}
		if !errors.Is(err, backend.ErrNotFound) {
			t.Fatalf("Open(%q) = %v, want ErrNotFound", key, err)
		}
	}

	t.Run("put then open returns the bytes", func(t *testing.T) {
		s := open(t)
		data := []byte("hello, daybase")
		put(t, s, "bucket/ab/abcdef", data)
		if got := read(t, s, "bucket/ab/abcdef"); !bytes.Equal(got, data) {
			t.Fatalf("got %q, want %q", got, data)
		}
	})

	t.Run("seek reads a range", func(t *testing.T) {
		s := open(t)
		put(t, s, "bucket/00/range", []byte("0123456789"))
		r, err := s.Open(ctx, "bucket/00/range")
		if err != nil {
			t.Fatal(err)
		}
		defer r.Close()
		size, err := r.Seek(0, io.SeekEnd)
		if err != nil || size != 10 {
			t.Fatalf("Seek(0, End) = %d, %v; want 10", size, err)
		}
		if _, err := r.Seek(3, io.SeekStart); err != nil {
			t.Fatal(err)
		}
		b := make([]byte, 4)
		if _, err := io.ReadFull(r, b); err != nil || string(b) != "3456" {
			t.Fatalf("range read = %q, %v; want 3456", b, err)
		}
	})

	t.Run("a large stream of unknown length round-trips", func(t *testing.T) {
		s := open(t)
		data := make([]byte, 11<<20+12345) // more than two S3 parts of 5 MiB
		rand.Read(data)
		n, err := s.Put(ctx, "bucket/ff/large", io.MultiReader(bytes.NewReader(data)), -1, "")
		if err != nil || n != int64(len(data)) {
			t.Fatalf("Put = %d, %v", n, err)
		}
		if got := read(t, s, "bucket/ff/large"); sha256.Sum256(got) != sha256.Sum256(data) {
			t.Fatalf("content differs (%d bytes read)", len(got))
		}
	})

	t.Run("a failed stream leaves nothing behind", func(t *testing.T) {
		s := open(t)
		boom := errors.New("client went away")
		r := io.MultiReader(bytes.NewReader(make([]byte, 6<<20)), errReader{boom})
		if _, err := s.Put(ctx, "bucket/ee/broken", r, -1, ""); !errors.Is(err, boom) {
			t.Fatalf("Put = %v, want the reader's error", err)
		}
		notFound(t, s, "bucket/ee/broken")
	})

	t.Run("open of a missing key is ErrNotFound", func(t *testing.T) {
		notFound(t, open(t), "bucket/00/missing")
	})

	t.Run("copy is independent of its source", func(t *testing.T) {
		s := open(t)
		put(t, s, "bucket/11/src", []byte("original"))
		if err := s.Copy(ctx, "bucket/11/src", "other/22/dst"); err != nil {
			t.Fatalf("Copy: %v", err)
		}
		if err := s.Delete(ctx, "bucket/11/src"); err != nil {
			t.Fatal(err)
		}
		if got := read(t, s, "other/22/dst"); string(got) != "original" {
			t.Fatalf("copy = %q", got)
		}
	})

	t.Run("copy of a missing key is ErrNotFound", func(t *testing.T) {
		if err := open(t).Copy(ctx, "bucket/00/missing", "bucket/00/x"); !errors.Is(err, backend.ErrNotFound) {
			t.Fatalf("Copy = %v, want ErrNotFound", err)
		}
	})

	t.Run("delete removes several keys and ignores missing ones", func(t *testing.T) {
		s := open(t)
		put(t, s, "bucket/aa/one", []byte("1"))
		put(t, s, "bucket/bb/two", []byte("2"))
		if err := s.Delete(ctx, "bucket/aa/one", "bucket/bb/two", "bucket/cc/never"); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		notFound(t, s, "bucket/aa/one")
		notFound(t, s, "bucket/bb/two")
	})

	t.Run("escaping keys are refused by every method", func(t *testing.T) {
		s := open(t)
		put(t, s, "bucket/aa/real", []byte("x"))
		for _, k := range Escaping {
			if _, err := s.Put(ctx, k, strings.NewReader("evil"), 4, ""); !errors.Is(err, backend.ErrInvalidKey) {
				t.Errorf("Put(%q) = %v, want ErrInvalidKey", k, err)
			}
			if r, err := s.Open(ctx, k); !errors.Is(err, backend.ErrInvalidKey) {
				if err == nil {
					r.Close()
				}
				t.Errorf("Open(%q) = %v, want ErrInvalidKey", k, err)
			}
			if err := s.Copy(ctx, "bucket/aa/real", k); !errors.Is(err, backend.ErrInvalidKey) {
				t.Errorf("Copy(to %q) = %v, want ErrInvalidKey", k, err)
			}
			if err := s.Copy(ctx, k, "bucket/aa/copy"); !errors.Is(err, backend.ErrInvalidKey) {
				t.Errorf("Copy(from %q) = %v, want ErrInvalidKey", k, err)
			}
			if err := s.Delete(ctx, "bucket/aa/real", k); !errors.Is(err, backend.ErrInvalidKey) {
				t.Errorf("Delete(%q) = %v, want ErrInvalidKey", k, err)
			}
		}
		// A refused batch deletes nothing.
		if got := read(t, s, "bucket/aa/real"); string(got) != "x" {
			t.Fatalf("valid key damaged: %q", got)
		}
	})
}

type errReader struct{ err error }

func (e errReader) Read([]byte) (int, error) { return 0, e.err }
