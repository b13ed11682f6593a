// Package backend is the contract between the storage service and the
// stores that hold object bytes: the errors a store returns and the one rule
// every key obeys.
//
// Keys are chosen by the storage service, never by a client: a key is
// "{bucket}/{shard}/{version}", where version is a fresh random UUID for
// every write. Keys are therefore never overwritten, which is what lets an
// upload replace an object atomically (new bytes under a new key, then one
// metadata commit) and lets a store implement copy as a hard link.
//
// A store still refuses any key that [CheckKey] rejects, so that a bug in
// the service can never turn into a path outside the store's root.
package backend

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrNotFound is returned when no object is stored under a key.
var ErrNotFound = errors.New("object not found in the store")

// ErrInvalidKey is returned for a key that could escape the store's root or
// that is otherwise malformed.
var ErrInvalidKey = errors.New("invalid storage key")

// MaxKeyLen bounds a key in bytes (S3's own limit).
const MaxKeyLen = 1024

// CheckKey reports whether key is a clean relative path: non-empty UTF-8,
// at most MaxKeyLen bytes, no control characters or backslashes, no leading
// or trailing slash, and no empty, "." or ".." segments.
func CheckKey(key string) error {
	bad := func(why string) error { return fmt.Errorf("%w %q: %s", ErrInvalidKey, key, why) }
	switch {
	case key == "":
		return bad("empty")
	case len(key) > MaxKeyLen:
		return bad("too long")
	case !utf8.ValidString(key):
		return bad("not UTF-8")
	case strings.ContainsRune(key, '\\'):
		return bad("backslash")
	}
	for _, r := range key {
		if r < 0x20 || r == 0x7f {
			return bad("control character")
		}
	}
	for _, seg := range strings.Split(key, "/") {
		switch seg {
		case "":
			return bad("empty segment or absolute path")
		case ".", "..":
			return bad("dot segment")
		}
	}
	return nil
}
