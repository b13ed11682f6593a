package storage

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxNameLen bounds an object name in bytes (S3's key limit).
const maxNameLen = 1024

// checkObjectName refuses names that are not clean relative paths: empty,
// too long, invalid UTF-8, control characters (NUL included), backslashes,
// a leading or doubled slash, or "." and ".." segments. Names reach the
// server URL-decoded (%2e%2e%2f is "../" here) or straight from JSON
// bodies (move, copy, remove, signed URLs), so this is the one gate for
// every route. Names never become file paths — the bytes are stored under
// a server-chosen key — but a name a client cannot safely round-trip
// through a URL or a file system is refused all the same.
func checkObjectName(name string) error {
	if !cleanPath(name, false) {
		return errInvalidKey(printable(name))
	}
	return nil
}

// checkPrefix is checkObjectName for list prefixes, which may be empty
// and may end with '/'.
func checkPrefix(prefix string) error {
	if prefix == "" {
		return nil
	}
	if !cleanPath(strings.TrimSuffix(prefix, "/"), true) {
		return errInvalidKey(printable(prefix))
	}
	return nil
}

func cleanPath(name string, allowEmpty bool) bool {
	if name == "" {
		return allowEmpty
	}
	if len(name) > maxNameLen || !utf8.ValidString(name) || strings.ContainsRune(name, '\\') {
		return false
	}
	for _, r := range name {
		if r < 0x20 || r == 0x7f {
			return false
		}
	}
	for _, seg := range strings.Split(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}

// printable is name with control characters and invalid bytes escaped,
// for error messages.
func printable(name string) string {
	q := strconv.Quote(name)
	q = q[1 : len(q)-1]
	if len(q) > 200 {
		q = q[:200] + "…"
	}
	return q
}

// bucketNameRe is the hosted API's rule (storage-js isValidBucketName):
// letters, digits and a few punctuation characters; no slashes.
var bucketNameRe = regexp.MustCompile(`^[\w!.*'() &$@=;:+,?-]{1,100}$`)

// reservedBuckets would be shadowed by the fixed routes
// (/object/sign/..., /object/list/..., /object/public/...).
var reservedBuckets = map[string]bool{
	"public": true, "authenticated": true, "sign": true, "info": true, "list": true,
	"list-v2": true, "upload": true, "move": true, "copy": true,
}

func checkBucketName(id string) error {
	if !bucketNameRe.MatchString(id) || strings.TrimSpace(id) != id || id == "." || id == ".." || reservedBuckets[id] {
		return errInvalidBucketName()
	}
	return nil
}

// filename is the last segment of an object name.
func filename(name string) string {
	return name[strings.LastIndexByte(name, '/')+1:]
}

// objectKey is where the bytes of one version of an object live in the
// backend: "{bucket}/{first two hex digits of version}/{version}". The
// version is a random UUID the server made, so a key never depends on a
// name a client chose and is never reused.
func objectKey(bucket, version string) string {
	shard := "00"
	if len(version) >= 2 {
		shard = version[:2]
	}
	return bucket + "/" + shard + "/" + version
}
