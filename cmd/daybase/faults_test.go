package main

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// The start-up faults of the foundation issue that need no cluster: each
// gives one clear message on stderr and exit status 1.

func TestUnreachableDatabaseURLRetriesThenExplains(t *testing.T) {
	// A port that refuses connections: bound, then closed.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	t.Setenv("DAYBASE_DATA_DIR", t.TempDir())
	t.Setenv("DAYBASE_DATABASE_URL", fmt.Sprintf("postgres://nobody@127.0.0.1:%d/daybase?sslmode=disable", port))
	t.Setenv("DAYBASE_DATABASE_CONNECT_TIMEOUT", "1s")
	var out, errOut bytes.Buffer
	start := time.Now()
	code := run([]string{"migrate"}, nil, &out, &errOut)
	took := time.Since(start)
	if code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, errOut.String())
	}
	msg := errOut.String()
	for _, want := range []string{"database unreachable, retrying", "unreachable after", "DAYBASE_DATABASE_URL"} {
		if !strings.Contains(msg, want) {
			t.Errorf("stderr lacks %q:\n%s", want, msg)
		}
	}
	if took < 250*time.Millisecond {
		t.Errorf("gave up after %s without retrying", took)
	}
}

func TestDataDirNotWritableIsExplained(t *testing.T) {
	// A regular file where a directory should be: refused even as root.
	file := filepath.Join(t.TempDir(), "not-a-dir")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"keys", "migrate", "serve"} {
		t.Run(cmd, func(t *testing.T) {
			t.Setenv("DAYBASE_DATA_DIR", filepath.Join(file, "data"))
			t.Setenv("DAYBASE_PORT", "0")
			var out, errOut bytes.Buffer
			if code := run([]string{cmd}, nil, &out, &errOut); code != 1 {
				t.Fatalf("exit %d, want 1\n%s", code, errOut.String())
			}
			if !strings.Contains(errOut.String(), "writable") || !strings.Contains(errOut.String(), "DAYBASE_DATA_DIR") {
				t.Errorf("unclear message:\n%s", errOut.String())
			}
		})
	}
}
