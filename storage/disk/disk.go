// Package disk stores object bytes in a local directory, the default
// backend (DATA_DIR/storage).
//
// Layout under the root:
//
//	objects/{key}   the bytes of one object version (mode 0600)
//	tmp/            uploads in progress
//
// Every write goes to a file in tmp/ that is fsynced and then renamed into
// objects/, so a reader never sees a partial object and a crash leaves at
// most a stray file in tmp/ (removed when the store is opened again).
//
// All file access goes through an [os.Root], so even a key that slipped
// past [backend.CheckKey], or a symbolic link planted inside the directory,
// cannot reach a file outside the root.
package disk

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"sync"
	"time"

	"daybase/storage/backend"
)

const (
	objectsDir = "objects"
	tmpDir     = "tmp"
	// staleTmp is how old a file in tmp/ must be before Open removes it;
	// younger ones may belong to an upload still running in this process.
	staleTmp = time.Hour
)

// Store is a directory of objects.
type Store struct {
	root *os.Root
	dir  string
	// noSync skips the fsync before the rename (tests and benchmarks only).
	noSync bool
}

// bufPool holds copy buffers: 256 KiB turns a 50 MB upload into ~200 writes
// instead of the 1600 io.Copy's 32 KiB default would make.
var bufPool = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// Options adjust a Store.
type Options struct {
	// NoSync skips fsync before an object becomes visible. Faster, but a
	// power loss can then lose objects whose metadata was committed.
	// Default false.
	NoSync bool
}

// Open opens (creating if needed) the store rooted at dir.
func Open(dir string, opts Options) (*Store, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("disk store: create %s: %w", dir, err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("disk store: open %s: %w", dir, err)
	}
	for _, d := range []string{objectsDir, tmpDir} {
		if err := root.MkdirAll(d, 0o700); err != nil {
			root.Close()
			return nil, fmt.Errorf("disk store: create %s/%s: %w", dir, d, err)
		}
	}
	s := &Store{root: root, dir: dir, noSync: opts.NoSync}
	s.removeStaleTmp()
	return s, nil
}

// Close releases the directory handle.
func (s *Store) Close() error { return s.root.Close() }

// Dir is the directory the store was opened on.
func (s *Store) Dir() string { return s.dir }

func (s *Store) removeStaleTmp() {
	f, err := s.root.Open(tmpDir)
	if err != nil {
		return
	}
	defer f.Close()
	entries, _ := f.ReadDir(-1)
	for _, e := range entries {
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > staleTmp {
			s.root.Remove(tmpDir + "/" + e.Name())
		}
	}
}

func objectPath(key string) (string, error) {
	if err := backend.CheckKey(key); err != nil {
		return "", err
	}
	return objectsDir + "/" + key, nil
}

// writebackChunk is how many bytes Put writes before it asks the kernel to
// start writing them to disk.
const writebackChunk = 4 << 20

// writeback writes to f and starts the disk writes of every complete
// writebackChunk at once (sync_file_range(2) SYNC_FILE_RANGE_WRITE, which
// does not wait for them), so the disk works while the rest of the body
// arrives and the fsync at the end has only the last chunk and the
// metadata to wait for. Without it the kernel starts writeback only after
// dirty_expire_centisecs (30 s) or under memory pressure, and fsync writes
// the whole object. Durability still comes from that fsync alone.
type writeback struct {
	f       *os.File
	off     int64 // bytes written
	started int64 // bytes whose writeback has been started
}

func (w *writeback) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.off += int64(n)
	if w.off-w.started >= writebackChunk {
		startWriteback(w.f, w.started, w.off-w.started)
		w.started = w.off
	}
	return n, err
}

// writerOnly hides *os.File's ReadFrom so io.CopyBuffer uses our buffer.
type writerOnly struct{ io.Writer }

// Put stores the bytes of r under key. size is ignored (the disk needs no
// length up front). On any error nothing is left under key.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) (written int64, err error) {
	p, err := objectPath(key)
	if err != nil {
		return 0, err
	}
	tmp := tmpDir + "/" + randomName()
	f, err := s.root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return 0, fmt.Errorf("disk store: create temp file: %w", err)
	}
	defer func() {
		if err != nil {
			f.Close()
			s.root.Remove(tmp)
		}
	}()
	var dst io.Writer = writerOnly{f}
	if !s.noSync {
		dst = &writeback{f: f}
	}
	bp := bufPool.Get().(*[]byte)
	written, err = io.CopyBuffer(dst, r, *bp)
	bufPool.Put(bp)
	if err != nil {
		return written, err
	}
	if err := ctx.Err(); err != nil {
		return written, err
	}
	if !s.noSync {
		if err := f.Sync(); err != nil {
			return written, fmt.Errorf("disk store: fsync: %w", err)
		}
	}
	if err := f.Close(); err != nil {
		return written, fmt.Errorf("disk store: close: %w", err)
	}
	if err := s.root.MkdirAll(path.Dir(p), 0o700); err != nil {
		return written, fmt.Errorf("disk store: create directory for %s: %w", key, err)
	}
	if err := s.root.Rename(tmp, p); err != nil {
		return written, fmt.Errorf("disk store: rename into place: %w", err)
	}
	return written, nil
}

// Open returns the object under key, positioned at its start.
func (s *Store) Open(ctx context.Context, key string) (io.ReadSeekCloser, error) {
	p, err := objectPath(key)
	if err != nil {
		return nil, err
	}
	f, err := s.root.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: %s", backend.ErrNotFound, key)
	}
	if err != nil {
		return nil, fmt.Errorf("disk store: open %s: %w", key, err)
	}
	if st, err := f.Stat(); err != nil || !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%w: %s is not a regular file", backend.ErrNotFound, key)
	}
	return f, nil
}

// Copy makes dst a copy of src. Stored objects are never modified in place,
// so a hard link is a complete copy; a byte copy is the fallback for file
// systems without hard links.
func (s *Store) Copy(ctx context.Context, src, dst string) error {
	sp, err := objectPath(src)
	if err != nil {
		return err
	}
	dp, err := objectPath(dst)
	if err != nil {
		return err
	}
	if _, err := s.root.Lstat(sp); errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%w: %s", backend.ErrNotFound, src)
	}
	if err := s.root.MkdirAll(path.Dir(dp), 0o700); err != nil {
		return fmt.Errorf("disk store: create directory for %s: %w", dst, err)
	}
	if err := s.root.Link(sp, dp); err == nil {
		return nil
	}
	in, err := s.Open(ctx, src)
	if err != nil {
		return err
	}
	defer in.Close()
	_, err = s.Put(ctx, dst, in, -1, "")
	return err
}

// Delete removes the objects under keys; missing ones are not an error.
// Every key is checked before anything is removed.
func (s *Store) Delete(ctx context.Context, keys ...string) error {
	paths := make([]string, len(keys))
	for i, k := range keys {
		p, err := objectPath(k)
		if err != nil {
			return err
		}
		paths[i] = p
	}
	var errs []error
	for _, p := range paths {
		if err := s.root.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func randomName() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
