package storage

import (
	"strings"
	"testing"
)

func TestCheckObjectName(t *testing.T) {
	good := []string{"a.txt", "dir/sub/file.png", "with space/ünïcode.md", "a..b", ".hidden", "x/.emptyFolderPlaceholder",
		"a?b", strings.Repeat("a", maxNameLen)}
	for _, n := range good {
		if err := checkObjectName(n); err != nil {
			t.Errorf("checkObjectName(%q) = %v", n, err)
		}
	}
	bad := []string{"", "/abs", "../x", "a/../../b", "a/./b", "a//b", "a/", ".", "..", "a\x00b", "a\nb", "a\x7fb",
		`a\b`, "\xff", strings.Repeat("a", maxNameLen+1)}
	for _, n := range bad {
		if err := checkObjectName(n); err == nil {
			t.Errorf("checkObjectName(%q) accepted", n)
		}
	}
}

func TestCheckPrefix(t *testing.T) {
	for _, p := range []string{"", "/", "a", "a/", "a/b/"} {
		if err := checkPrefix(p); err != nil {
			t.Errorf("checkPrefix(%q) = %v", p, err)
		}
	}
	for _, p := range []string{"//", "../", "a/../", "a//", "/etc", "a\x00"} {
		if err := checkPrefix(p); err == nil {
			t.Errorf("checkPrefix(%q) accepted", p)
		}
	}
}

func TestCheckBucketName(t *testing.T) {
	for _, n := range []string{"avatars", "task-attachments", "My Bucket (1)", "a.b"} {
		if err := checkBucketName(n); err != nil {
			t.Errorf("checkBucketName(%q) = %v", n, err)
		}
	}
	for _, n := range []string{"", ".", "..", "a/b", `a\b`, " a", "a ", "public", "sign", "a\x00", "ü", strings.Repeat("b", 101)} {
		if err := checkBucketName(n); err == nil {
			t.Errorf("checkBucketName(%q) accepted", n)
		}
	}
}

func TestObjectKey(t *testing.T) {
	if got := objectKey("b", "3f2a-uuid"); got != "b/3f/3f2a-uuid" {
		t.Errorf("objectKey = %q", got)
	}
}

// FuzzCheckObjectName: an accepted name never has a segment that walks up,
// an absolute start, a NUL or a backslash, whatever bytes arrive.
func FuzzCheckObjectName(f *testing.F) {
	for _, s := range []string{"a/b.txt", "../x", "%2e%2e/x", "a/..", "/x", "a\x00", `..\x`, "a//b", ".../x", "…/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if checkObjectName(name) != nil {
			return
		}
		if strings.HasPrefix(name, "/") || strings.ContainsAny(name, "\x00\\") {
			t.Fatalf("accepted %q", name)
		}
		for _, seg := range strings.Split(name, "/") {
			if seg == ".." || seg == "." || seg == "" {
				t.Fatalf("accepted %q with segment %q", name, seg)
			}
		}
		if k := objectKey("bucket", newUUID()); checkObjectName(k) != nil {
			t.Fatalf("objectKey made an invalid key %q", k)
		}
	})
}
