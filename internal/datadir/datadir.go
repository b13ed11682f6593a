// Package datadir lays out a daybase data directory and guards it with an
// exclusive lock, so two serve processes never share one embedded cluster.
package datadir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// ErrLocked means another daybase process holds the data directory.
var ErrLocked = errors.New("data directory is in use by another daybase process")

// Dir is a data directory.
type Dir string

// Cluster is the embedded PostgreSQL cluster (PGDATA).
func (d Dir) Cluster() string { return filepath.Join(string(d), "pg") }

// Secrets is the file with the JWT secret and API keys (mode 0600).
func (d Dir) Secrets() string { return filepath.Join(string(d), "secrets.json") }

// Storage is the root of the local file storage backend.
func (d Dir) Storage() string { return filepath.Join(string(d), "storage") }

// Ensure creates the directory; 0711 lets an unprivileged PostgreSQL user
// traverse it without reading anything in it.
func (d Dir) Ensure() error {
	if err := os.MkdirAll(string(d), 0o711); err != nil {
		return fmt.Errorf("create data dir %s: %w (set DAYBASE_DATA_DIR to a writable directory)", d, err)
	}
	// A probe of its own: `serve` and `keys` may start together on one dir.
	probe, err := os.CreateTemp(string(d), ".write-test-*")
	if err != nil {
		return fmt.Errorf("data dir %s is not writable: %w (fix its permissions or set DAYBASE_DATA_DIR)", d, err)
	}
	probe.Close()
	return os.Remove(probe.Name())
}

// Lock is a held data directory lock.
type Lock struct{ f *os.File }

// TryLock takes the exclusive lock without waiting. The lock dies with the
// process, so a kill -9 never leaves it behind.
func (d Dir) TryLock() (*Lock, error) {
	path := filepath.Join(string(d), "daybase.lock")
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		b, _ := os.ReadFile(path)
		f.Close()
		holder := strings.TrimSpace(string(b))
		if holder == "" {
			holder = "unknown"
		}
		return nil, fmt.Errorf("%w: %s (pid %s); stop it first or use another DAYBASE_DATA_DIR", ErrLocked, d, holder)
	}
	_ = f.Truncate(0)
	_, _ = f.WriteAt([]byte(strconv.Itoa(os.Getpid())+"\n"), 0)
	return &Lock{f: f}, nil
}

// Release gives the lock up.
func (l *Lock) Release() error {
	if l == nil || l.f == nil {
		return nil
	}
	return l.f.Close()
}
