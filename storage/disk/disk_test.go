package disk

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"daybase/storage/backend"
	"daybase/storage/backendtest"
)

func TestConformance(t *testing.T) {
	backendtest.Run(t, func(t *testing.T) backendtest.Store {
		s, err := Open(t.TempDir(), Options{})
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		return s
	})
}

// A symbolic link planted inside the store (by another process, or a
// restored backup) must not lead outside it: os.Root refuses to follow it.
func TestSymlinkOutOfRootIsRefused(t *testing.T) {
	ctx := context.Background()
	outside := filepath.Join(t.TempDir(), "secret")
	if err := os.WriteFile(outside, []byte("secret"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := os.MkdirAll(filepath.Join(dir, "objects", "b", "aa"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(dir, "objects", "b", "aa", "link")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Dir(outside), filepath.Join(dir, "objects", "dirlink")); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Open(ctx, "b/aa/link"); err == nil {
		b, _ := io.ReadAll(r)
		r.Close()
		t.Fatalf("Open followed a link out of the root and read %q", b)
	}
	if r, err := s.Open(ctx, "dirlink/secret"); err == nil {
		r.Close()
		t.Fatal("Open went through a directory link out of the root")
	}
	if _, err := s.Put(ctx, "dirlink/written", strings.NewReader("x"), 1, ""); err == nil {
		t.Fatal("Put wrote through a directory link out of the root")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(outside), "written")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a file appeared outside the root: %v", err)
	}
}

func TestStaleTempFilesAreRemovedOnOpen(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	stale := filepath.Join(dir, "tmp", "stale")
	os.WriteFile(stale, []byte("x"), 0o600)
	fresh := filepath.Join(dir, "tmp", "fresh")
	os.WriteFile(fresh, []byte("x"), 0o600)
	past := time.Now().Add(-2 * staleTmp)
	os.Chtimes(stale, past, past)
	s, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if _, err := os.Stat(stale); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("stale temp file kept: %v", err)
	}
	if _, err := os.Stat(fresh); err != nil {
		t.Errorf("fresh temp file removed: %v", err)
	}
}

func TestCopyIsAHardLink(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	s, _ := Open(dir, Options{})
	defer s.Close()
	if _, err := s.Put(ctx, "b/aa/src", strings.NewReader("bytes"), 5, ""); err != nil {
		t.Fatal(err)
	}
	if err := s.Copy(ctx, "b/aa/src", "b/bb/dst"); err != nil {
		t.Fatal(err)
	}
	a, _ := os.Stat(filepath.Join(dir, "objects", "b", "aa", "src"))
	b, _ := os.Stat(filepath.Join(dir, "objects", "b", "bb", "dst"))
	if !os.SameFile(a, b) {
		t.Fatal("copy is not a hard link of the source")
	}
	if err := s.Copy(ctx, "b/aa/src", "../../escape"); !errors.Is(err, backend.ErrInvalidKey) {
		t.Fatalf("Copy to an escaping key = %v", err)
	}
}

// An object larger than a few writeback chunks, fsync on, comes back whole.
func TestPutWithWriteback(t *testing.T) {
	ctx := context.Background()
	s, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	data := make([]byte, 2*writebackChunk+12345)
	for i := range data {
		data[i] = byte(i * 7)
	}
	n, err := s.Put(ctx, "b/aa/big", bytes.NewReader(data), -1, "")
	if err != nil || n != int64(len(data)) {
		t.Fatalf("Put = %d, %v", n, err)
	}
	r, err := s.Open(ctx, "b/aa/big")
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got, _ := io.ReadAll(r)
	if !bytes.Equal(got, data) {
		t.Fatalf("read back %d bytes, not the %d written", len(got), len(data))
	}
}
