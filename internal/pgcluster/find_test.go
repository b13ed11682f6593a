package pgcluster

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDirVersion(t *testing.T) {
	for dir, want := range map[string]int{
		"/usr/lib/postgresql/16/bin": 16,
		"/usr/pgsql-15/bin":          15,
		"/usr/local/pgsql/bin":       0,
	} {
		if got := dirVersion(dir); got != want {
			t.Errorf("dirVersion(%q) = %d, want %d", dir, got, want)
		}
	}
}

func TestFindBinariesOnThisMachine(t *testing.T) {
	b, err := FindBinaries()
	if err != nil {
		t.Fatalf("the test suite needs PostgreSQL server binaries (go tool task deps:postgres installs them): %v", err)
	}
	if b.Version < 15 {
		t.Fatalf("found version %d at %s, want 15 or newer", b.Version, b.Postgres)
	}
}

func TestBinDirOverrideMustHoldBinaries(t *testing.T) {
	t.Setenv("PATH", "")
	t.Setenv("DAYBASE_PG_BINDIR", t.TempDir())
	// An empty override falls through to the versioned directories, so the
	// search still succeeds on a machine with PostgreSQL installed.
	if _, err := FindBinaries(); err != nil {
		t.Fatalf("fallback search failed: %v", err)
	}
}

// withoutSystemDirs hides this machine's PostgreSQL from the search.
func withoutSystemDirs(t *testing.T, dirs ...string) {
	saved := systemBinDirs
	systemBinDirs = dirs
	t.Cleanup(func() { systemBinDirs = saved })
	t.Setenv("PATH", t.TempDir())
	t.Setenv("DAYBASE_PG_BINDIR", "")
}

func TestNoBinariesSaysWhatToInstall(t *testing.T) {
	withoutSystemDirs(t)
	_, err := FindBinaries()
	if !errors.Is(err, ErrNoBinaries) || !strings.Contains(err.Error(), "apt-get install postgresql") {
		t.Fatalf("err = %v", err)
	}
}

func TestOldVersionsAreNamed(t *testing.T) {
	root := t.TempDir()
	bin := filepath.Join(root, "14", "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"initdb", "postgres"} {
		script := "#!/bin/sh\necho 'postgres (PostgreSQL) 14.11'\n"
		if err := os.WriteFile(filepath.Join(bin, name), []byte(script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	withoutSystemDirs(t, filepath.Join(root, "*", "bin"))
	_, err := FindBinaries()
	if !errors.Is(err, ErrNoBinaries) || !strings.Contains(err.Error(), "version 14") {
		t.Fatalf("err = %v", err)
	}
}
