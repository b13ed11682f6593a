package backend

import (
	"errors"
	"testing"
)

func TestCheckKey(t *testing.T) {
	good := []string{"b/ab/abcdef", "bucket with space/00/x", "a", "ünï/çødé"}
	for _, k := range good {
		if err := CheckKey(k); err != nil {
			t.Errorf("CheckKey(%q) = %v, want nil", k, err)
		}
	}
	bad := []string{
		"", "/abs/path", "trailing/", "a//b", "../etc/passwd", "a/../../b", "a/./b", ".", "..",
		"a\x00b", "a\nb", "a\\..\\b", "\xff\xfe", string(make([]byte, MaxKeyLen+1)),
	}
	for _, k := range bad {
		if err := CheckKey(k); !errors.Is(err, ErrInvalidKey) {
			t.Errorf("CheckKey(%q) = %v, want ErrInvalidKey", k, err)
		}
	}
}

func FuzzCheckKey(f *testing.F) {
	for _, s := range []string{"a/b", "../x", "a/./b", "/x", "a\x00", "%2e%2e/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, k string) {
		if CheckKey(k) != nil {
			return
		}
		// An accepted key never names a parent or an absolute path.
		if k[0] == '/' || k == ".." || len(k) >= 3 && (k[:3] == "../" || k[len(k)-3:] == "/..") {
			t.Fatalf("accepted escaping key %q", k)
		}
	})
}
